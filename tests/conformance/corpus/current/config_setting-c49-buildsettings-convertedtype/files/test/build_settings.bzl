def _impl(ctx):
  return []
bool_flag = rule(implementation = _impl, build_setting = config.bool(flag = True))
