example_package = "test_rule_transition_failure_doesnot_crash_bazel_with_nokeep_going"

def _transition_impl(settings, attr):
    my_map = {'x': 1, 'y': 2}
    # since my_map does not have a key for the input flag, the transition
    # will fail.
    res = my_map[settings["//%s:transition_input_flag" % example_package]]
    return {
      "//%s:transition_output_flag" % example_package: False,
    }

example_transition = transition(
    implementation = _transition_impl,
    inputs = ["//%s:transition_input_flag" % example_package],
    outputs = [
      "//%s:transition_output_flag" % example_package,
    ],
)

def _rule_impl(ctx):
    pass

transition_attached = rule(
    implementation = _rule_impl,
    cfg = example_transition,
)

no_transition_rule = rule(
    implementation = _rule_impl,
    attrs = {
        "deps": attr.label_list(),
    },
)

