def _impl(ctx):
  pass
simple_rule = rule(
  implementation = _impl,
  attrs = {'srcs': attr.label_list(allow_files = True)}
)
