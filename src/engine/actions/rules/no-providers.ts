// Rules whose analysis produces no files: platform, constraint_setting, constraint_value and the build settings
// (string_flag, bool_flag, …), and Bazel's language rules (cc_*, java_*, py_*, proto_library…), which rulepen
// analyses (select(), visibility, testonly) but does not compile. What the first kind means is read by the
// configuration layer (platforms, flag values), not through providers; analysing them still checks their
// prerequisites' edges. A language test rule (cc_test, py_test, java_test) carries its test attributes, so that
// `test` can filter it and report it as not built. A py_library compiles nothing: its files to build are its own
// srcs (checked with 4.2.3: `target.files` of a py_library lists its srcs, not its deps'; building it is
// "up-to-date (nothing to build)").

import { attrValue, labelToString, type Label } from '../../loading/index.ts';
import { defaultTimeout } from '../artifacts.ts';
import type { RuleImplementation } from '../rule-context.ts';

export const noProviders: RuleImplementation = {
  ruleClasses: [],
  analyze(ctx) {
    if (ctx.rule.ruleClass === 'platform') {
      // A platform sets each constraint_setting once (ConstraintCollection; checked with 4.2.3).
      const bySetting = new Map<string, string[]>();
      for (const v of ctx.prerequisites('constraint_values')) {
        const t = v.actual?.target ?? v.target;
        const setting = t.kind === 'rule' ? attrValue(t, 'constraint_setting') : undefined;
        if (!setting || typeof setting !== 'object' || Array.isArray(setting)) continue;
        const key = labelToString(setting as Label);
        bySetting.set(key, [...(bySetting.get(key) ?? []), labelToString(t.label)]);
      }
      const duplicates = [...bySetting].filter(([, vs]) => vs.length > 1);
      if (duplicates.length > 0) {
        ctx.attributeError('constraint_values', `Duplicate constraint values detected: ${duplicates.map(([s, vs]) => `constraint_setting ${s} has [${vs.join(', ')}]`).join(', ')}`);
        return { failed: true };
      }
      return {};
    }
    if (ctx.rule.ruleClass === 'py_library') {
      const files = [...new Set(ctx.prerequisites('srcs').flatMap((d) => d.files))];
      return { files, runfiles: files };
    }
    if (!ctx.rule.schema.test) return {};
    const size = ctx.string('size') || 'medium';
    return {
      test: {
        size,
        timeout: ctx.string('timeout') || defaultTimeout(size),
        tags: ctx.strings('tags'),
        args: ctx.strings('args'),
        env: ctx.dict('env'),
        flaky: ctx.bool('flaky'),
      },
    };
  },
};
