def _impl(name, visibility):
    pass
my_macro = macro(
    implementation = _impl,
    attrs = {
        "xzz": attr.string(doc="This attr is public"),
    },
)
