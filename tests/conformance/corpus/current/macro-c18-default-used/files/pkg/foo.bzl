def _impl(name, visibility, xyz):
    print("xyz is %s" % xyz)
my_macro = macro(
    implementation = _impl,
    attrs = {
      "xyz": attr.string(default="DEFAULT", configurable=False)
    },
)
