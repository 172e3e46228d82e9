def _impl(name, visibility,
          configurable_xyz, nonconfigurable_xyz, configurable_default_xyz):
    print("configurable_xyz is '%s' (type %s)" %
        (str(configurable_xyz), type(configurable_xyz)))
    print("nonconfigurable_xyz is '%s' (type %s)" %
            (str(nonconfigurable_xyz), type(nonconfigurable_xyz)))
    print("configurable_default_xyz is '%s' (type %s)" %
        (str(configurable_default_xyz), type(configurable_default_xyz)))

my_macro = macro(
    implementation = _impl,
    attrs = {
      "configurable_xyz": attr.string(),
      "nonconfigurable_xyz": attr.string(configurable=False),
      "configurable_default_xyz": attr.string(default = "xyz"),
    },
)
