// label_flag and label_setting: build settings whose value is a label (LabelBuildSettings). The target forwards
// the providers of the target its value names, as an alias does; a config_setting's flag_values may compare it
// with a label. Nothing on rulepen's command line sets one yet, so its value is its build_setting_default.
// Current Bazel only: the 4.2.3 profile's rule tables, recorded from Bazel, do not carry them.
import { COMMON_SHARED, type RuleSchema } from './schema.ts';

const labelSetting = (name: string, doc: string): RuleSchema => ({
  name,
  doc,
  attrs: [{ name: 'build_setting_default', type: 'label', mandatory: true, configurable: false, doc: 'The target the setting names unless the command line sets it.' }],
  shared: COMMON_SHARED,
});

export const labelFlag = labelSetting('label_flag', 'A build setting whose value is a label, settable on the command line; it stands for the target its value names.');
export const labelSettingRule = labelSetting('label_setting', 'A build setting whose value is a label, not settable on the command line; it stands for the target its value names.');
