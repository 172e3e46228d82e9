MyInfo1 = provider()
MyInfo2 = provider()
MyInfo3 = provider()

def _my_impl(ctx):
    pass

my_lib = rule(
    implementation = _my_impl,
    attrs = {
        "a": attr.string(doc = "My doc", default = "foo"),
        "b": attr.string(mandatory = True),
        "c": attr.label(providers = [MyInfo1, MyInfo2]),
        "d": attr.label(providers = [[MyInfo1, MyInfo2], [MyInfo3]]),
        "_e": attr.string(doc = "Hidden attribute"),
        "deprecated_license": attr.license(),
    },
)
