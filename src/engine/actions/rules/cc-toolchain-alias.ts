// cc_toolchain_alias (@bazel_tools//tools/cpp:current_cc_toolchain, which C++ rules and Starlark rules that call
// find_cpp_toolchain name in `_cc_toolchain`): the C++ toolchain of the rule's configuration. Under 4.2.3 it reaches
// the toolchain through its late-bound `:alias`, the cc_toolchain_suite --cpu picks (whose own analysis fails for a
// cpu it has no toolchain for). Current Bazel's is a rule of Bazel's Starlark builtins that resolves the C++
// toolchain type, optionally, and fails when it is `mandatory` and none matched the target platform
// (cc_toolchain_alias.bzl calling cc_helper.find_cpp_toolchain; the traceback as Bazel prints it).
// rulepen compiles nothing, so the alias provides nothing else.

import { hostPlatformOf } from '../../config/index.ts';
import { canonicalLabelString, labelToString, parseCanonicalLabel } from '../../loading/index.ts';
import type { RuleImplementation, RuleResult } from '../rule-context.ts';

const CPP_TOOLCHAIN_TYPE = '@bazel_tools//tools/cpp:toolchain_type';

export const ccToolchainAlias: RuleImplementation = {
  ruleClasses: ['cc_toolchain_alias'],
  analyze(ctx): RuleResult {
    if (ctx.profile.toolchains.ccToolchainSuite || !ctx.bool('mandatory')) return {};
    if (ctx.toolchains().some((t) => labelToString(t.type) === CPP_TOOLCHAIN_TYPE && t.target)) return {};
    const platform = (s: string) => canonicalLabelString(parseCanonicalLabel(s));
    ctx.ruleError(
      [
        '',
        'Traceback (most recent call last):',
        '\tFile "/virtual_builtins_bzl/common/cc/cc_toolchain_alias.bzl", line 26, column 48, in _impl',
        '\tFile "/virtual_builtins_bzl/common/cc/cc_helper.bzl", line 219, column 17, in _find_cpp_toolchain',
        `Error in fail: Unable to find a CC toolchain using toolchain resolution. Target: ${canonicalLabelString(ctx.rule.label)}, Platform: ${platform(ctx.config.platform)}, Exec platform: ${platform(hostPlatformOf(ctx.configContext.commandLine, ctx.profile))}`,
      ].join('\n'),
    );
    return { failed: true };
  },
};
