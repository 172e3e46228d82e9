def _impl(ctx):
  return [DefaultInfo()]
custom_rule = rule(
    implementation = _impl,
    attrs = {
        'srcs': attr.label_list(allow_files=True),
        '_implicit_dep': attr.label(default='//x:implicit'),
        '_exec_dep': attr.label(default='//x:exec_tool', cfg='exec'),
    },
)
