def _impl(ctx):
    return []

my_rule = rule(
    implementation = _impl,
    attrs = {
        'target': attr.label(allow_files = True),
        'exec': attr.label(allow_files = True, cfg = 'exec'),
        'deps': attr.label_list(allow_files = True),
    },
)

simple_rule = rule(
    implementation = _impl,
    attrs = {'dep': attr.label(allow_files = True)},
)
