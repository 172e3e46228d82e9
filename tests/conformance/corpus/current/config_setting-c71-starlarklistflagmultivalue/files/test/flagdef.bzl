def _impl(ctx):
    return []
my_flag = rule(
    implementation = _impl,
    build_setting = config.string_list(flag = True))
