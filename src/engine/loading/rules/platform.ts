// The schemas of constraint_setting, constraint_value and platform.
import { COMMON_SHARED, MANUAL_BY_DEFAULT_TAGS, type RuleSchema } from './schema.ts';

export const constraintSetting: RuleSchema = {
  name: 'constraint_setting',
  doc: 'A dimension along which platforms differ (cpu, os, …).',
  attrs: [{ name: 'default_constraint_value', type: 'nodep_label', default: null, configurable: false, doc: 'The value platforms that set none have.' }, MANUAL_BY_DEFAULT_TAGS],
  shared: COMMON_SHARED,
};

export const constraintValue: RuleSchema = {
  name: 'constraint_value',
  doc: 'One value of a constraint_setting.',
  attrs: [
    {
      name: 'constraint_setting',
      type: 'label',
      mandatory: true,
      configurable: false,
      fileTypes: 'none',
      ruleClasses: { allowed: ['constraint_setting'], provider: 'ConstraintSettingInfo', providedBy: ['constraint_setting'] },
      doc: 'The setting this is a value of.',
    },
    MANUAL_BY_DEFAULT_TAGS,
  ],
  shared: COMMON_SHARED,
};

export const platform: RuleSchema = {
  name: 'platform',
  doc: 'A named set of constraint values describing a machine.',
  attrs: [
    // Checked as Bazel's PlatformRule declares them (no files, a mandatory provider; checked with 4.2.3).
    { name: 'constraint_values', type: 'label_list', default: [], configurable: false, fileTypes: 'none', providers: { provider: 'ConstraintValueInfo', providedBy: ['constraint_value'] }, doc: 'The constraint values of this platform.' },
    { name: 'parents', type: 'label_list', default: [], configurable: false, fileTypes: 'none', providers: { provider: 'PlatformInfo', providedBy: ['platform'] }, doc: 'A platform to inherit constraint values from.' },
    { name: 'exec_properties', type: 'string_dict', default: {}, configurable: false, doc: 'Properties for remote execution.' },
    { name: 'remote_execution_properties', type: 'string', default: '', configurable: false, doc: 'Legacy remote execution properties.' },
    MANUAL_BY_DEFAULT_TAGS,
  ],
  shared: COMMON_SHARED,
};
