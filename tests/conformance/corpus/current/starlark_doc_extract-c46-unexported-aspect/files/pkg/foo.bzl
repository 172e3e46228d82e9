def _my_impl(target, ctx):
    pass

s = struct(
    my_aspect = aspect(
        doc = "Unexported aspect",
        implementation = _my_impl,
    )
)
