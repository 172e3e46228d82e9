def _impl(ctx):
  ctx.actions.write(
      output=ctx.outputs.out_file,
      content=ctx.attr.string_value,
  )
  return []

def _derived_value(string_value):
  return Label("//test:%s" % string_value)

selector_rule = rule(
  attrs = {
      "string_value": attr.string(default = ""),
      "out_file": attr.output(),
      "_derived": attr.label(default = _derived_value),
  },
implementation = _impl,
)
