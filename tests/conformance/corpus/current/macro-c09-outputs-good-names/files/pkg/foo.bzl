def _my_rule_impl(ctx):
    ctx.actions.write(ctx.outputs.out1, "")
    ctx.actions.write(ctx.outputs.out2, "")
    ctx.actions.write(ctx.outputs.out3, "")
    ctx.actions.write(ctx.outputs.out4, "")
    return []
my_rule = rule(
    implementation = _my_rule_impl,
    outputs = {
      # valid names
      "out1": "%{name}_out1",
      "out2": "%{name}-out2",
      "out3": "%{name}.out3",
      # allowed during package loading, but cannot be configured
      "out4": "lib%{name}.so",
    },
)
def _my_macro_impl(name, visibility):
    my_rule(name=name)
my_macro = macro(implementation=_my_macro_impl)
