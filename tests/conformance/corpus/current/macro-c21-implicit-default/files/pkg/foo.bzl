def _impl(name, visibility, _xyz):
    print("xyz is %s" % _xyz)
my_macro = macro(
    implementation = _impl,
    attrs = {
      "_xyz": attr.string(default="IMPLICIT", configurable=False)
    },
)
