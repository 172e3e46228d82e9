def _impl(ctx):
  if '//p/toolchain:test_toolchain' not in ctx.toolchains:
    fail('Toolchain type //p/toolchain:test_toolchain not found')
  toolchain = ctx.toolchains['//p/toolchain:test_toolchain']
  message = ctx.attr.message
  print(
      'Using toolchain: rule message: "%s", toolchain extra_str: "%s"' %
         (message, toolchain.extra_str))
  return []

use_toolchain = rule(
    implementation = _impl,
    attrs = {
        'message': attr.string(),
    },
    toolchains = ['//p/toolchain:test_toolchain'],
)
