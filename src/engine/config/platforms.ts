// Platforms and constraints: a platform()'s constraint values (its parents' first, its own override them per
// setting), and whether a configuration's target platform has a given constraint value — a setting the
// platform leaves unset takes the constraint_setting's default_constraint_value, as Bazel's
// ConstraintCollection does.

import type { Profile } from '../base/index.ts';
import { attrValue, labelToString, LabelSyntaxError, parseLabelInPackage, type Label } from '../loading/index.ts';
import { labelAttr, labelListAttr, type TargetLookup } from './targets.ts';

export interface PlatformInfo {
  readonly label: string;
  /** constraint_setting label → constraint_value label. */
  readonly constraints: ReadonlyMap<string, string>;
}

export function parseAbsolute(raw: string, profile: Profile): Label | { error: string } {
  try {
    return parseLabelInPackage(raw, { repo: '', pkg: '' }, profile.labels);
  } catch (e) {
    if (e instanceof LabelSyntaxError) return { error: e.message };
    throw e;
  }
}

/** The constraint_setting of a constraint_value target, or an error in Bazel's words. */
export function settingOf(value: Label, lookup: TargetLookup): { setting: Label } | { error: string } {
  const r = lookup.get(value);
  if ('error' in r) return r;
  const t = r.target;
  if (t.kind !== 'rule' || t.ruleClass !== 'constraint_value') {
    return { error: `${labelToString(value)} does not have mandatory providers: 'ConstraintValueInfo'` };
  }
  const s = attrValue(t, 'constraint_setting');
  if (!s || typeof s !== 'object' || Array.isArray(s)) return { error: `${labelToString(value)} has no constraint_setting` };
  return { setting: s as Label };
}

/** The default_constraint_value of a setting, if it has one. */
export function settingDefault(setting: Label, lookup: TargetLookup): string | undefined {
  const t = lookup.target(setting);
  if (!t || t.kind !== 'rule') return undefined;
  const d = attrValue(t, 'default_constraint_value');
  return d && typeof d === 'object' && !Array.isArray(d) ? labelToString(d as Label) : undefined;
}

export function resolvePlatform(raw: string, lookup: TargetLookup, profile: Profile, seen: string[] = []): PlatformInfo | { error: string } {
  const parsed = parseAbsolute(raw, profile);
  if ('error' in parsed) return { error: `While parsing option --platforms=${raw}: invalid label '${raw}': ${parsed.error}` };
  const key = labelToString(parsed);
  if (seen.includes(key)) return { error: `cycle in platform parents: ${[...seen, key].join(' -> ')}` };
  const r = lookup.get(parsed);
  // Bazel 4.2.3 shows the Java exception's class in this message.
  if ('error' in r) {
    const cls = r.error.startsWith('no such target') ? 'NoSuchTargetException' : 'NoSuchPackageException';
    return { error: `com.google.devtools.build.lib.packages.${cls}: ${r.error}` };
  }
  const t = r.target;
  // An alias passes its actual's PlatformInfo on (AliasTest#testRedirectChasing: --platforms naming an alias);
  // the configuration keeps the label it was given, which its rules depend on (checked with 4.2.3's cquery).
  if (t.kind === 'rule' && t.ruleClass === 'alias') {
    const actual = labelAttr(t, 'actual');
    const pi = actual ? resolvePlatform(labelToString(actual), lookup, profile, [...seen, key]) : undefined;
    if (pi) return 'error' in pi ? pi : { ...pi, label: key };
  }
  if (t.kind !== 'rule' || t.ruleClass !== 'platform') {
    return { error: `Target ${key} was referenced as a platform, but does not provide PlatformInfo` };
  }
  const constraints = new Map<string, string>();
  const parents = labelListAttr(t, 'parents');
  if (parents.length > 1) return { error: `in parents attribute of platform rule ${key}: parents attribute must have a single value` };
  for (const p of parents) {
    const pi = resolvePlatform(labelToString(p), lookup, profile, [...seen, key]);
    if ('error' in pi) return pi;
    for (const [k, v] of pi.constraints) constraints.set(k, v);
  }
  const own = new Map<string, string[]>();
  for (const v of labelListAttr(t, 'constraint_values')) {
    const s = settingOf(v, lookup);
    if ('error' in s) return { error: `in constraint_values attribute of platform rule ${key}: ${s.error}` };
    const sk = labelToString(s.setting);
    own.set(sk, [...(own.get(sk) ?? []), labelToString(v)]);
  }
  const duplicates = [...own].filter(([, vs]) => vs.length > 1);
  if (duplicates.length > 0) {
    return { error: `in constraint_values attribute of platform rule ${key}: Duplicate constraint values detected: ${duplicates.map(([s, vs]) => `constraint_setting ${s} has [${vs.join(', ')}]`).join(', ')}` };
  }
  for (const [s, vs] of own) constraints.set(s, vs[0]!);
  return { label: key, constraints };
}

/** Whether constraints (of a platform) include `value`, using the setting's default when the platform sets none. */
export function hasConstraint(
  constraints: ReadonlyMap<string, string>,
  value: Label,
  lookup: TargetLookup,
): { matches: boolean; actual: string; fromDefault: boolean } | { error: string } {
  const s = settingOf(value, lookup);
  if ('error' in s) return s;
  const sk = labelToString(s.setting);
  const set = constraints.get(sk);
  const actual = set ?? settingDefault(s.setting, lookup);
  return { matches: actual === labelToString(value), actual: actual ?? '<unset>', fromDefault: set === undefined };
}
