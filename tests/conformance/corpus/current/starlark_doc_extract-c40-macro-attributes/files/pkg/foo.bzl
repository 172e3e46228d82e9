def _my_impl(name):
    pass

my_macro = macro(
    attrs = {
        "some_attr": attr.label(mandatory = True),
        "another_attr": attr.int(doc = "An integer", default = 42),
        "_implicit_attr": attr.string(default = "IMPLICIT"),
    },
    implementation = _my_impl,
)
