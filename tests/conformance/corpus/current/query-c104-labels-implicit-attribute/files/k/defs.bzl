def impl(ctx):
  return [DefaultInfo()]
has_implicit_attr = rule(
    implementation=impl,
    attrs = {
        'srcs': attr.label_list(),
        '_implicit': attr.label(default='//k:implicit')
    },
)
