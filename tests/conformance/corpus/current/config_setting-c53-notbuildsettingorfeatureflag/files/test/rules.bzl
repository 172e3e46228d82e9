def _impl(ctx):
  return DefaultInfo()
default_info_rule = rule(implementation = _impl)
