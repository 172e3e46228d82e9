// Visibility of the config_settings a select() names (profile row enforceConfigSettingVisibility: current
// Bazel checks it, 4.2.3 does not), through the one visibility check of the loading layer. A config_setting
// without an explicit `visibility` is public (current Bazel's default,
// --incompatible_config_setting_private_default_visibility=false), else its package's default_visibility.

import { isVisible, type Label, type RuleTarget } from '../loading/index.ts';
import type { TargetLookup } from './targets.ts';

/** Whether a config_setting may be named in a select() of a rule in package `fromPkg` (repository main). */
export function configSettingVisible(setting: RuleTarget, fromPkg: string, lookup: TargetLookup, packageDefault?: readonly Label[]): boolean {
  const from: Label = { repo: '', pkg: fromPkg, name: '' };
  return isVisible(setting, from, lookup, { privateConfigSettingDefault: packageDefault !== undefined });
}
