def _impl(ctx):
    return []

def _out_impl(ctx):
    ctx.actions.write(ctx.outputs.out, "")
    return []

rule_with_output_attr = rule(
    implementation = _out_impl,
    attrs = {"out": attr.output()},
)

rule_with_boolean_attr = rule(
    implementation = _impl,
    attrs = {"boolean_attr": attr.bool()},
)

rule_with_allowed_values = rule(
    implementation = _impl,
    attrs = {"one_two": attr.string(values = ["one", "two"])},
)

rule_with_label_default = rule(
    implementation = _impl,
    attrs = {"dep": attr.label(default = "//foo:default", allow_files = True)},
)
