def _impl(ctx):
    return []

simple_rule = rule(
    implementation = _impl,
    attrs = {'deps': attr.label_list(allow_files = True)},
)
