def _impl(ctx):
    return []

r = rule(implementation = _impl, attrs = {"deps": attr.label_list(), "one": attr.label()})
