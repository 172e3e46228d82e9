// config_setting: its own analysis decides whether it matches the configuration it is analysed in (the
// configuration layer's matchConfigSetting) and fails — at its own declaration — when it is malformed: no
// conditions, an unknown option, a value the option cannot take, a flag_values key that is no build setting, a
// constraint_values entry that is no constraint_value. A select() naming a failed config_setting then reports
// "While resolving configuration keys for …". The match, entry by entry, is kept for the Why panel.

import { matchConfigSetting, settingErrorText } from '../../config/index.ts';
import type { RuleImplementation, RuleResult } from '../rule-context.ts';


export const configSetting: RuleImplementation = {
  ruleClasses: ['config_setting'],
  analyze(ctx): RuleResult {
    const m = matchConfigSetting(ctx.rule, ctx.config, ctx.configContext);
    ctx.explain({ kind: 'setting', key: ctx.key, explanation: m });
    if (!m.error) return {};
    // Marked on the first entry at fault (`"cpuu"` in values), else on the attribute, else on the rule.
    const p = m.problems?.[0];
    ctx.error(settingErrorText(ctx.rule, m.error), p?.attribute ? { attr: p.attribute, ...(p.key ? { value: p.key } : {}) } : undefined);
    return { failed: true };
  },
};
