def _impl(ctx):
    if ctx.attr.v == "bad":
        fail("invalid value '%s'" % ctx.attr.v)
    return []

r = rule(implementation = _impl, attrs = {"v": attr.string()})
