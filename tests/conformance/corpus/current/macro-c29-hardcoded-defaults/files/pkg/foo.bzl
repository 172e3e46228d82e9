def _impl(name, visibility, dep_nonconfigurable, dep_configurable, xyz_configurable):
    print("dep_nonconfigurable is %s" % dep_nonconfigurable)
    print("dep_configurable is %s" % dep_configurable)
    print("xyz_configurable is %s" % xyz_configurable)
my_macro = macro(
    implementation = _impl,
    attrs = {
      # Test label type, since LabelType#getDefaultValue returns null.
      "dep_nonconfigurable": attr.label(configurable=False),
      # Try it again, this time configurable. Select()-promotion doesn't apply to None.
      "dep_configurable": attr.label(),
      # Now do it for a value besides None. Select()-promotion applies.
      "xyz_configurable": attr.string(),
    },
)
