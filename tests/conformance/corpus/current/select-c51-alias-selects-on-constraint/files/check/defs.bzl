def _impl(ctx):
  pass
simple_rule = rule(
  implementation = _impl,
  attrs = {}
)
