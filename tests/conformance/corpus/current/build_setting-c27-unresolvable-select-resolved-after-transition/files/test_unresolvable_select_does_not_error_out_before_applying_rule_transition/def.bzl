load("//settings:flag.bzl", "BuildSettingInfo")

example_package = "test_unresolvable_select_does_not_error_out_before_applying_rule_transition"

# transition that sets cpu so that unresolvable selects before rule transition
# becomes resolvable after rule transition
def _transition_impl(settings, attr):
    return {"//command_line_option:cpu": "ios_x86_64"}

example_transition = transition(
    implementation = _transition_impl,
    inputs = [],
    outputs = ["//command_line_option:cpu"],
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
