def _impl(name, visibility, xyz, _xyz):
    print("xyz is %s" % xyz)
    print("_xyz is %s" % _xyz)
my_macro = macro(
    implementation = _impl,
    attrs = {
      "xyz": attr.label(configurable = False),
      "_xyz": attr.label(default=":BUILD", configurable=False)
    },
)
