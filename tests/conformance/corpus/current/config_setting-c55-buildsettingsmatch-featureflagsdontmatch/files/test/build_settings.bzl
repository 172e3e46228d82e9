def _impl(ctx):
  return []
string_flag = rule(implementation = _impl, build_setting = config.string(flag = True))
