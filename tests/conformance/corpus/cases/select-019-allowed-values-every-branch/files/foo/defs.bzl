def _impl(ctx):
    return []

rule_with_allowed_values = rule(implementation = _impl, attrs = {"one_two": attr.string(values = ["one", "two"])})
