// alias: a second name for its `actual`. It forwards every provider of the target it stands for (chains of aliases
// followed); its own label and visibility are its own, and so is the edge check to its actual (analysis checks
// the alias's visibility on edges into it, and testonly against what it finally stands for).

import type { RuleImplementation } from '../rule-context.ts';

// label_flag and label_setting forward the target their value names in the same way (their value is their
// build_setting_default, or for a label_flag the label `--//pkg:flag=//x:y` gives: analysis reads that attribute
// so).
export const alias: RuleImplementation = {
  ruleClasses: ['alias', 'label_flag', 'label_setting'],
  analyze(ctx) {
    const actual = ctx.prerequisites(ctx.rule.ruleClass === 'alias' ? 'actual' : 'build_setting_default')[0];
    if (!actual) return { failed: true };
    return { forwardsTo: actual };
  },
};
