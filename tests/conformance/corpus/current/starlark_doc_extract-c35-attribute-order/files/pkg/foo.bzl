def _my_impl(ctx):
    pass

my_lib = rule(
    implementation = _my_impl,
    attrs = {
        "foo": attr.int(),
        "bar": attr.int(),
        "baz": attr.int(),
    },
)
