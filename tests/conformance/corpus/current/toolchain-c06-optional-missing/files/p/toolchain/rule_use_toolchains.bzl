def _impl(ctx):
  toolchain_1 = ctx.toolchains['//p/toolchain:test_toolchain_1']
  toolchain_2 = ctx.toolchains['//p/toolchain:test_toolchain_2']
  message = ctx.attr.message
  print(
      'Using toolchain: rule message: "%s", toolchain 1 extra_str: "%s", toolchain 2 is none: %s' %
         (message, toolchain_1.extra_str, toolchain_2 == None))
  return []

use_toolchains = rule(
    implementation = _impl,
    attrs = {
        'message': attr.string(),
    },
    toolchains = [
        '//p/toolchain:test_toolchain_1',
        config_common.toolchain_type('//p/toolchain:test_toolchain_2', mandatory = False),
    ],
)
