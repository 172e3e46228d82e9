def _impl(name, visibility, xyz):
    xyz.append(4)
my_macro = macro(
    implementation = _impl,
    attrs = {
      "xyz": attr.int_list(configurable=False),
    },
)
