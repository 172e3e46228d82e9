def _rule_impl(ctx):
    return []
myrule = rule(
    implementation = _rule_impl,
    attrs = {
        'deps': attr.label_keyed_string_dict()
    },
)
