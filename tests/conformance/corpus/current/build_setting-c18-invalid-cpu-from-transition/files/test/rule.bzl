def _trans_impl(settings, attr):
  return {'//command_line_option:cpu': '//bad:cpu'}

my_transition = transition(implementation = _trans_impl, inputs = [],
  outputs = ['//command_line_option:cpu'])

def _impl(ctx):
  return []

my_rule = rule(
  implementation = _impl,
  cfg = my_transition,
  attrs = {
    '_allowlist_function_transition': attr.label(
        default = '//tools/allowlists/function_transition_allowlist',
    ),
  }
)
