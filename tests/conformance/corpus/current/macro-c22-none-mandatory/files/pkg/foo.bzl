def _impl(name, visibility):
    pass
my_macro = macro(
    implementation = _impl,
    attrs = {
        "xyz": attr.string(mandatory=True),
    },
)
