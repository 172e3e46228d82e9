// The schema of `config_setting`: a named configuration state that select() keys refer to.
import { MANUAL_BY_DEFAULT_TAGS, type RuleSchema } from './schema.ts';

export const configSetting: RuleSchema = {
  name: 'config_setting',
  doc: 'Matches a configuration (flag values, --define values, user-defined flags, platform constraints).',
  attrs: [
    { name: 'values', type: 'string_dict', default: {}, configurable: false, doc: 'Built-in flag names (long form, no dashes) mapped to expected values.' },
    { name: 'define_values', type: 'string_dict', default: {}, configurable: false, doc: '--define keys mapped to expected values.' },
    // Both take no files (allowedFileTypes() in Bazel's ConfigRuleClasses): a missing name of the package "does not
    // exist", a file is "misplaced here" (checked with 4.2.3).
    { name: 'flag_values', type: 'label_keyed_string_dict', default: {}, configurable: false, fileTypes: 'none', doc: 'User-defined flags (by label) mapped to expected values.' },
    { name: 'constraint_values', type: 'label_list', default: [], configurable: false, fileTypes: 'none', doc: 'Constraint values the target platform must have.' },
    MANUAL_BY_DEFAULT_TAGS,
  ],
  shared: ['aspect_hints', 'deprecation', 'features', 'licenses', 'package_metadata', 'tags', 'testonly', 'transitive_configs', 'visibility'],
};
