def _impl(ctx):
    return []

r = rule(implementation = _impl, toolchains = ["//t:type"])

r2 = rule(implementation = _impl, toolchains = ["//t:type", "//t:type2"])
