def _impl(ctx):
    return []

rule_with_dep = rule(
    implementation = _impl,
    attrs = {'dep': attr.label(allow_files = True)},
)
