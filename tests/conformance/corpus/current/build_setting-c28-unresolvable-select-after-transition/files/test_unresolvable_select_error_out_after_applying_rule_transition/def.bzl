load("//settings:flag.bzl", "BuildSettingInfo")

example_package = "test_unresolvable_select_error_out_after_applying_rule_transition"

# dummy transition that does not set anything and we expect to see BUILD ERROR
# for unresolvable select after applying rule transition
def _transition_impl(settings, attr):
    return {}

example_transition = transition(
    implementation = _transition_impl,
    inputs = [],
    outputs = [],
)

def _rule_impl(ctx):
    print("Hello")

transition_attached = rule(
    implementation = _rule_impl,
    cfg = example_transition,
    attrs = {
        "cpu_name": attr.string(),
    },
)
