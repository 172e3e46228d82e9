def _impl(ctx):
    print("n = %d" % ctx.attr.n)
    return []

int_rule = rule(implementation = _impl, attrs = {"n": attr.int(), "flag": attr.bool()})
