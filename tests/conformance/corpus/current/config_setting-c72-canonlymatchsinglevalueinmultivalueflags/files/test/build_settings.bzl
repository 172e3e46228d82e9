def _impl(ctx):
  return []
string_list_flag = rule(
  implementation = _impl,
  build_setting = config.string_list(flag = True))
