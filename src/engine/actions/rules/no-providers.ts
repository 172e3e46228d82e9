// Rules whose analysis produces no files: platform, constraint_setting, constraint_value and the build settings
// (string_flag, bool_flag, …). What they mean is read by the configuration layer (platforms, flag values), not
// through providers; analysing them still checks their prerequisites' edges.

import type { RuleImplementation } from '../rule-context.ts';

export const noProviders: RuleImplementation = {
  ruleClasses: [],
  analyze() {
    return {};
  },
};
