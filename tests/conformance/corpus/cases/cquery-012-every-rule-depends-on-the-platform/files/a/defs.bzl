def _impl(ctx):
    return []

my_rule = rule(implementation = _impl, attrs = {"deps": attr.label_list()})
