// config_feature_flag: a flag with a fixed set of string values that a config_setting's flag_values can read
// (ConfigFeatureFlagRule). Nothing on the command line sets one; rulepen has no rule transition that sets it
// (Bazel's feature_flag_setter and android_binary's feature_flags), so its value is always its default_value.
// Current Bazel only: the 4.2.3 profile's rule tables, recorded from Bazel, do not carry it.
import { COMMON_SHARED, type RuleSchema } from './schema.ts';

export const configFeatureFlag: RuleSchema = {
  name: 'config_feature_flag',
  doc: 'A flag with a fixed set of values, read by config_setting flag_values; its value is its default_value unless a rule transition sets it.',
  attrs: [
    { name: 'allowed_values', type: 'string_list', mandatory: true, nonEmpty: true, configurable: false, doc: 'The values this flag may take.' },
    { name: 'default_value', type: 'string', default: null, configurable: false, doc: 'The value the flag has when nothing sets it; one of allowed_values.' },
  ],
  shared: COMMON_SHARED,
};
