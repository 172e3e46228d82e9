// cc_toolchain_suite: the C++ toolchain Bazel 4.2.3 picks by --cpu and --compiler (its rules reach it through the
// late-bound `:cc_toolchain` attribute, --crosstool_top's default being @bazel_tools//tools/cpp:toolchain). A
// cpu (and compiler) the suite has no entry for fails its analysis, and with it every C++-using rule (checked
// with 4.2.3: `--cpu=arm` fails a cc_library, a py_binary and a java_test; `--cpu=armeabi-v7a` analyses).
// rulepen compiles nothing, so the suite provides nothing else.

import type { RuleImplementation, RuleResult } from '../rule-context.ts';

export const ccToolchainSuite: RuleImplementation = {
  ruleClasses: ['cc_toolchain_suite'],
  analyze(ctx): RuleResult {
    // Current Bazel resolves the C++ toolchain by platform; the suite selects nothing there.
    if (!ctx.profile.toolchains.ccToolchainSuite) return {};
    const keys = new Set(ctx.dict('toolchains').map(([k]) => k));
    const cpu = ctx.config.cpu;
    const compilers = ctx.config.values('compiler');
    const last = compilers.length > 0 ? String(compilers[compilers.length - 1]!.value) : '';
    const compiler = last === '' ? undefined : last;
    const found = compiler === undefined ? keys.has(cpu) : keys.has(`${cpu}|${compiler}`);
    if (found) return {};
    const label = ctx.label;
    ctx.ruleError(
      compiler === undefined
        ? `cc_toolchain_suite '${label}' does not contain a toolchain for cpu '${cpu}'`
        : `cc_toolchain_suite '${label}' does not contain a toolchain for cpu '${cpu}' and compiler '${compiler}'.`,
    );
    return { failed: true };
  },
};
