def _impl(name, visibility, xyz):
    # Allowed for now when xyz is a select().
    # In the future, we'll ban implicit conversion and only allow
    # if there's an explicit bool(xyz).
    if xyz:
      print("xyz evaluates to True")
    else:
      print("xyz evaluates to False")

my_macro = macro(
    implementation = _impl,
    attrs = {
      "xyz": attr.string(),
    },
)
