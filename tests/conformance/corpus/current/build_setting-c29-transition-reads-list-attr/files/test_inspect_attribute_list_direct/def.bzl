load("//settings:flag.bzl", "BuildSettingInfo")

example_package = "test_inspect_attribute_list_direct"

# Transition that checks a list-typed attribute.
def _transition_impl(settings, attr):
    values = getattr(attr, "values")
    sorted_values = sorted(values)
    print("From transition: values = %s" % str(values))
    print("From transition: sorted values = %s" % str(sorted_values))
    return {"//%s:transition_output_flag" % example_package: sorted_values}

example_transition = transition(
    implementation = _transition_impl,
    inputs = [],
    outputs = ["//%s:transition_output_flag" % example_package],
)

def _rule_impl(ctx):
    attr_values = ctx.attr.values
    print("From rule attributes: values = %s" % str(attr_values))
    flag_values = ctx.attr._transition_output_flag[BuildSettingInfo].value
    print("From rule flag: values = %s" % str(flag_values))

    log = ctx.outputs.log
    content = "attr: %s\nflag: %s" % (str(attr_values), str(flag_values))
    ctx.actions.write(
        output = log,
        content = content,
    )

transition_attached = rule(
    implementation = _rule_impl,
    cfg = example_transition,
    attrs = {
        "values": attr.string_list(),
        "_transition_output_flag": attr.label(default = "//%s:transition_output_flag" % example_package),
        "log": attr.output(),
    },
)
