// Visibility of the config_settings a select() names (profile row enforceConfigSettingVisibility: current
// Bazel checks it, 4.2.3 does not). A config_setting without an explicit `visibility` is public (current
// Bazel's default, --incompatible_config_setting_private_default_visibility=false); otherwise its labels are
// read as anywhere else: //visibility:public|private, //pkg:__pkg__, //pkg:__subpackages__, package groups.

import { labelToString, type Label, type RuleTarget } from '../loading/index.ts';
import type { TargetLookup } from './targets.ts';

function groupContains(specs: readonly string[], includes: readonly Label[], pkg: string, lookup: TargetLookup, seen: Set<string>): boolean {
  let included = false;
  for (const raw of specs) {
    const neg = raw.startsWith('-');
    const spec = neg ? raw.slice(1) : raw;
    let m: boolean;
    if (spec === 'public' || spec === '//...') m = true;
    else if (spec === 'private') m = false;
    else if (spec.endsWith('/...')) {
      const base = spec.slice(2, -4);
      m = pkg === base || pkg.startsWith(base + '/');
    } else m = spec.replace(/^\/\//, '') === pkg;
    if (m && neg) return false;
    if (m) included = true;
  }
  if (included) return true;
  return includes.some((inc) => visibleThrough(inc, pkg, lookup, seen));
}

function visibleThrough(l: Label, fromPkg: string, lookup: TargetLookup, seen: Set<string>): boolean {
  const s = labelToString(l);
  if (s === '//visibility:public') return true;
  if (s === '//visibility:private') return false;
  if (l.name === '__pkg__') return l.pkg === fromPkg;
  if (l.name === '__subpackages__') return l.pkg === '' || fromPkg === l.pkg || fromPkg.startsWith(l.pkg + '/');
  if (seen.has(s)) return false;
  seen.add(s);
  const g = lookup.target(l);
  return !!g && g.kind === 'package group' && groupContains(g.packages, g.includes, fromPkg, lookup, seen);
}

/** Whether a config_setting may be named in a select() of a rule in package `fromPkg` (repository main). */
export function configSettingVisible(setting: RuleTarget, fromPkg: string, lookup: TargetLookup, packageDefault?: readonly Label[]): boolean {
  if (setting.label.repo === '' && setting.label.pkg === fromPkg) return true;
  // Without a visibility attribute: public, or (--incompatible_config_setting_private_default_visibility) the
  // package's default_visibility, private when it has none.
  const v = setting.attrs.get('visibility') ?? (packageDefault ? packageDefault : undefined);
  if (!Array.isArray(v)) return true;
  const seen = new Set<string>();
  return (v as readonly Label[]).some((l) => visibleThrough(l, fromPkg, lookup, seen));
}
