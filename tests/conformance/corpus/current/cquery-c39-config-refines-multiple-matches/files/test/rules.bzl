def _rule_impl(ctx):
    return []
string_flag = rule(
    implementation = _rule_impl,
    build_setting = config.string()
)
def _transition_impl(settings, attr):
    return {'//test:my_flag': 'custom string'}
my_transition = transition(
    implementation = _transition_impl,
    inputs = [],
    outputs = ['//test:my_flag'],
)
rule_with_deps_transition = rule(
    implementation = _rule_impl,
    attrs = {
        'deps': attr.label_list(cfg = my_transition),
    }
)
simple_rule = rule(
    implementation = _rule_impl,
    attrs = {}
)
