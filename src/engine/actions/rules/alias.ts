// alias: a second name for its `actual`. It forwards every provider of the target it stands for (chains of aliases
// followed); its own label and visibility are its own, and so is the edge check to its actual (analysis checks
// the alias's visibility on edges into it, and testonly against what it finally stands for).

import type { RuleImplementation } from '../rule-context.ts';

export const alias: RuleImplementation = {
  ruleClasses: ['alias'],
  analyze(ctx) {
    const actual = ctx.prerequisites('actual')[0];
    if (!actual) return { failed: true };
    return { forwardsTo: actual };
  },
};
