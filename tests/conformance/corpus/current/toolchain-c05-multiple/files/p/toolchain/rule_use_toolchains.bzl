def _impl(ctx):
  toolchain_1 = ctx.toolchains['//p/toolchain:test_toolchain_1']
  toolchain_2 = ctx.toolchains['//p/toolchain:test_toolchain_2']
  message = ctx.attr.message
  print(
      'Using toolchain: rule message: "%s", toolchain 1 extra_str: "%s", toolchain 2 extra_str: "%s"' %
         (message, toolchain_1.extra_str, toolchain_2.extra_str))
  return []

use_toolchains = rule(
    implementation = _impl,
    attrs = {
        'message': attr.string(),
    },
    toolchains = [
        '//p/toolchain:test_toolchain_1',
        '//p/toolchain:test_toolchain_2',
    ],
)
