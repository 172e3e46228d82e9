def _my_impl(target, ctx):
    pass

my_aspect = aspect(
    implementation = _my_impl,
    attr_aspects = ["deps", "srcs", "_private"],
    attrs = {
        "a": attr.string(doc = "My doc", default = "foo"),
        "b": attr.string(mandatory = True),
        "_c": attr.string(doc = "Hidden attribute"),
    },
)
