def _my_impl(ctx):
    pass

s = struct(
    my_rule = rule(
        doc = "Unexported rule",
        implementation = _my_impl,
    )
)
