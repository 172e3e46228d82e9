def _impl(ctx):
  return []
int_flag = rule(implementation = _impl, build_setting = config.int(flag = True))
