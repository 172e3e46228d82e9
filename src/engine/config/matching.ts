// config_setting matching and select() resolution, with the reasoning kept as data (the Why panel's table).
//
// A config_setting matches when every entry matches (ConfigSetting.java):
//  - `values` and `define_values` form one list of (option, expected) entries; define_values {k: v} is the
//    entry ("define", "k=v"). An option not given takes its default; a short name is "unknown option".
//  - A single-valued option matches when its value equals the expected value (parsed as the option parses).
//  - A repeatable list option matches when every element of the expected value is among the given values;
//    whether "a,b" is one element or two is the option's own converter (copt: one; comma-list options: two).
//  - --define entries compare with the *last* --define of that key.
//  - flag_values compare a build setting's value (command line, else build_setting_default); a list setting
//    matches when it contains the expected element.
//  - constraint_values must all be on the target platform (a setting the platform does not set takes its
//    default_constraint_value).
// Tools are analysed in the exec/host configuration, where `cpu` reads `--host_cpu`, `copt` `--host_copt`….
//
// select() (ConfiguredAttributeMapper): among matching keys, a key whose settings are a strict superset of
// another's (values/define_values/flag_values; constraint_values too in current Bazel) wins; if several remain
// it is an ambiguity error (current Bazel allows it when they all give the same value); with no match the
// default branch is taken, else a "doesn't match this configuration" error. A key that is an alias resolves
// (in the same configuration) to the config_setting it stands for.

import {
  attrValue,
  Configurable,
  DEFAULT_CONDITION,
  labelToString,
  type Label,
  type PlainAttrValue,
  type RuleTarget,
  type SelectPart,
} from '../loading/index.ts';
import { buildSettingKind, convertSettingValue, formatSettingValue, settingDefault as buildSettingDefault } from './build-settings.ts';
import { lookupOf, type ConfigContext, type Configuration } from './configuration.ts';
import { lastValue, OPTIONS, type OptionSource } from './options.ts';
import type { Profile } from '../base/index.ts';
import { hasConstraint, parseAbsolute, settingOf } from './platforms.ts';
import { configSettingVisible } from './visibility.ts';

/** One entry of a config_setting compared against a configuration — the Why panel's table row. */
export interface SettingCheck {
  readonly kind: 'values' | 'define_values' | 'flag_values' | 'constraint_values';
  /** 'cpu', 'copt', 'define', the define name (define_values), '//pkg:flag', '//cpu:arm'. */
  readonly key: string;
  readonly expected: string;
  /** As a user would read it ('arm', '[-O2, -g]', '<unset>'). */
  readonly actual: string;
  readonly source: OptionSource;
  readonly matches: boolean;
  /** e.g. "--copt=a,b is one value", "the last --define of a key wins", "exec configuration: --host_cpu". */
  readonly note?: string;
}

export interface SettingMatch {
  /** The select() key as written (resolved label). */
  readonly setting: string;
  /** When the key is an alias (or a chain of them): the config_setting it resolved to. */
  readonly resolvedTo?: string;
  readonly matches: boolean;
  readonly checks: readonly SettingCheck[];
  /** Why the key cannot be used (not a config_setting, a config_setting error, a missing target). */
  readonly error?: string;
}

export interface SelectExplanation {
  readonly attribute: string;
  /** Every key of every select() in the attribute, in order (the default key included, as matches=false). */
  readonly conditions: readonly SettingMatch[];
  /** The chosen key per select() ('//conditions:default' allowed); '' for a select that failed. */
  readonly chosen: readonly string[];
  /** One plain sentence: why the winner won / why it is ambiguous / why nothing matched. */
  readonly reason: string;
}

export type ResolvedAttribute =
  | { readonly value: PlainAttrValue; readonly explanation?: SelectExplanation }
  | {
      readonly error: string;
      readonly explanation?: SelectExplanation;
      /**
       * When the error is "Analysis of target '//pkg:s' failed" (a key whose config_setting is broken): that
       * config_setting and its own error, as Bazel prints it at the config_setting's location
       * ("in config_setting rule //pkg:s: Either values, …"). Bazel then prints, unlocated,
       * "While resolving configuration keys for //pkg:t: Analysis of target '//pkg:s' failed".
       */
      readonly failedSetting?: { readonly target: RuleTarget; readonly text: string };
    };

/** A config_setting's declaration error as Bazel prints it after the location: `in values attribute of config_setting rule //p:s: …`. */
export function settingErrorText(setting: RuleTarget, error: string): string {
  const attr = /unknown option|parsing configuration settings|option '/.test(error)
    ? 'values'
    : /user-defined|flag '/.test(error)
      ? 'flag_values'
      : /constraint/.test(error) && !error.startsWith('Either')
        ? 'constraint_values'
        : '';
  const label = labelToString(setting.label);
  return attr ? `in ${attr} attribute of config_setting rule ${label}: ${error}` : `in config_setting rule ${label}: ${error}`;
}

const DEFAULT_SOURCE: OptionSource = { kind: 'default' };

/** What a config_setting contributes to specialization: its (option, value) entries, flag entries, constraints. */
interface SettingKeys {
  readonly native: readonly string[];
  readonly flags: readonly string[];
  readonly constraints: readonly string[];
}

interface FullMatch extends SettingMatch {
  readonly keys?: SettingKeys;
  /** The config_setting's own declaration error (when `error` is "Analysis of target … failed"). */
  readonly settingError?: string;
  readonly settingTarget?: RuleTarget;
}

function dictEntries(rule: RuleTarget, attr: string): readonly (readonly [string, string])[] {
  const v = attrValue(rule, attr);
  return Array.isArray(v) ? (v as readonly (readonly [string, string])[]) : [];
}

function flagEntries(rule: RuleTarget): readonly (readonly [Label, string])[] {
  const v = attrValue(rule, 'flag_values');
  return Array.isArray(v) ? (v as readonly (readonly [Label, string])[]) : [];
}

function labelList(rule: RuleTarget, attr: string): readonly Label[] {
  const v = attrValue(rule, attr);
  return Array.isArray(v) ? (v as readonly Label[]) : [];
}

function showList(vs: readonly string[]): string {
  return `[${vs.join(', ')}]`;
}

/** Splits an expected value as the option's converter would (comma-separated list options split). */
function expectedElements(option: string, raw: string): string[] {
  const def = OPTIONS.get(option);
  if (def?.kind === 'comma-list') return raw.split(',').filter((x) => x !== '');
  return [raw];
}

function checkValueEntry(option: string, expected: string, config: Configuration, kind: 'values' | 'define_values', profile: Profile, defineName?: string): SettingCheck | { error: string } {
  const def = OPTIONS.get(option);
  if (!def || !def.commands.has('build')) return { error: `error while parsing configuration settings: unknown option: '${option}'` };
  const host = config.hostOptionOf(option);
  const hostNote = host ? `${config.kind} configuration: compared with --${host}` : undefined;
  const key = defineName ?? option;
  if (option === 'define') {
    const eq = expected.indexOf('=');
    if (eq < 0) return { error: `error while parsing configuration settings: While parsing option --define=${expected}: Variable definitions must be in the form of a 'name=value' assignment` };
    const name = expected.slice(0, eq);
    const want = expected.slice(eq + 1);
    const actual = config.defines.get(name);
    const actualValue = actual ? String(actual.value).slice(String(actual.value).indexOf('=') + 1) : undefined;
    const repeated = config.values('define').filter((d) => String(d.value).startsWith(name + '=')).length > 1;
    return {
      kind,
      key: kind === 'define_values' ? name : 'define',
      expected: kind === 'define_values' ? want : expected,
      actual: actualValue === undefined ? '<unset>' : kind === 'define_values' ? actualValue : `${name}=${actualValue}`,
      source: actual?.source ?? DEFAULT_SOURCE,
      matches: actualValue === want,
      note: repeated ? `--define ${name} was given several times: the last one wins` : undefined,
    };
  }
  if (def.kind === 'boolean') {
    const b = ['true', '1', 'yes'].includes(expected) ? true : ['false', '0', 'no'].includes(expected) ? false : undefined;
    if (b === undefined) return { error: `error while parsing configuration settings: While parsing option --${option}=${expected}: '${expected}' is not a boolean` };
    const v = config.values(option)[0];
    return { kind, key, expected, actual: String(v?.value ?? false), source: v?.source ?? DEFAULT_SOURCE, matches: (v?.value ?? false) === b, note: hostNote };
  }
  if (def.kind === 'enum' && def.values && !def.values.includes(expected)) {
    const what = option === 'compilation_mode' || option === 'host_compilation_mode' ? 'compilation mode' : 'value';
    return { error: `error while parsing configuration settings: While parsing option --${option}=${expected}: Not a valid ${what}: '${expected}' (should be ${def.typeText})` };
  }
  const vals = config.values(option);
  if (def.multiple) {
    const actual = vals.map((v) => String(v.value));
    const want = expectedElements(option, expected);
    const matches = actual.length === 0 || want.length === 0 ? actual.length === 0 && want.length === 0 : want.every((w) => actual.includes(w));
    const notes: string[] = [];
    if (hostNote) notes.push(hostNote);
    if (def.kind !== 'comma-list' && vals.some((v) => String(v.value).includes(','))) notes.push(`--${option}=a,b is one value: it is not split on commas`);
    if (def.kind === 'comma-list' && expected.includes(',')) notes.push(`--${option} splits on commas: every listed element must be given`);
    return {
      kind,
      key,
      expected,
      actual: actual.length === 0 ? '[]' : showList(actual),
      source: vals.find((v) => want.includes(String(v.value)))?.source ?? vals[vals.length - 1]?.source ?? DEFAULT_SOURCE,
      matches,
      note: notes.length > 0 ? notes.join('; ') : undefined,
    };
  }
  const v = vals[0];
  const actual = v ? String(v.value) : '';
  // Label-valued options compare as labels (`//plat` is `//plat:plat`).
  const canon = (x: string) => {
    if (def.kind !== 'label' || x === '') return x;
    const l = parseAbsolute(x, profile);
    return 'error' in l ? x : labelToString(l);
  };
  return { kind, key, expected, actual: actual === '' ? '<unset>' : actual, source: v?.source ?? DEFAULT_SOURCE, matches: canon(actual) === canon(expected), note: hostNote };
}

/**
 * Whether a config_setting matches a configuration, entry by entry. Errors in the declaration (no
 * conditions, unknown option, bad value…) come back in `error`, worded as Bazel does.
 */
export function matchConfigSetting(setting: RuleTarget, config: Configuration, ctx: ConfigContext): SettingMatch {
  return matchSettingFull(setting, config, ctx);
}

function matchSettingFull(setting: RuleTarget, config: Configuration, ctx: ConfigContext): FullMatch {
  const label = labelToString(setting.label);
  const values = dictEntries(setting, 'values');
  const defineValues = dictEntries(setting, 'define_values');
  const flags = flagEntries(setting);
  const constraints = labelList(setting, 'constraint_values');
  if (values.length === 0 && defineValues.length === 0 && flags.length === 0 && constraints.length === 0) {
    return { setting: label, matches: false, checks: [], error: 'Either values, flag_values or constraint_values must be specified and non-empty' };
  }
  const checks: SettingCheck[] = [];
  const errors: string[] = [];
  const native: string[] = [];
  for (const [k, v] of values) {
    const c = checkValueEntry(k, v, config, 'values', ctx.profile);
    if ('error' in c) errors.push(c.error);
    else checks.push(c);
    native.push(`${k}=${v}`);
  }
  for (const [k, v] of defineValues) {
    const c = checkValueEntry('define', `${k}=${v}`, config, 'define_values', ctx.profile);
    if ('error' in c) errors.push(c.error);
    else checks.push(c);
    native.push(`define=${k}=${v}`);
  }
  const lookup = lookupOf(ctx);
  const flagKeys: string[] = [];
  const seenFlags = new Map<string, string[]>();
  for (const [l, expected] of flags) {
    let target = lookup.target(l);
    const written = labelToString(l);
    // Aliases of build settings stand for their actual.
    for (let i = 0; target && target.kind === 'rule' && target.ruleClass === 'alias' && i < 20; i++) {
      const a = attrValue(target, 'actual');
      target = a && !(a instanceof Configurable) && !Array.isArray(a) && typeof a === 'object' ? lookup.target(a as Label) : undefined;
    }
    if (!target) {
      const r = lookup.get(l);
      errors.push('error' in r ? r.error : `no such target '${written}'`);
      continue;
    }
    const actualLabel = labelToString(target.label);
    seenFlags.set(actualLabel, [...(seenFlags.get(actualLabel) ?? []), written]);
    const kind = target.kind === 'rule' ? buildSettingKind(target) : undefined;
    if (!kind || target.kind !== 'rule') {
      errors.push(`error while parsing user-defined configuration values: flag_values keys must be build settings or feature flags and ${written} is not`);
      continue;
    }
    const conv = convertSettingValue(kind, expected);
    if ('error' in conv) {
      errors.push(`error while parsing user-defined configuration values: '${expected}' cannot be converted to ${written} type ${kind.type}`);
      continue;
    }
    const set = config.starlarkFlag(actualLabel);
    const actual = set ? set.value : buildSettingDefault(target);
    let matches: boolean;
    if (Array.isArray(actual)) matches = (conv.value as readonly string[]).length === 1 && actual.includes((conv.value as readonly string[])[0]!);
    else matches = actual === conv.value;
    checks.push({
      kind: 'flag_values',
      key: written,
      expected,
      actual: formatSettingValue(actual as never),
      source: set?.source ?? DEFAULT_SOURCE,
      matches,
      note: set ? undefined : 'not set on the command line: its build_setting_default',
    });
    flagKeys.push(`${actualLabel}=${expected}`);
  }
  for (const [actual, aliases] of seenFlags) {
    if (aliases.length > 1) errors.push(`flag '${actual}' referenced multiple times as ['${aliases.join("', '")}']`);
  }
  const constraintKeys: string[] = [];
  const bySetting = new Map<string, string[]>();
  for (const cv of constraints) {
    const s = settingOf(cv, lookup);
    if ('error' in s) {
      errors.push(`${labelToString(cv)} is not a constraint_value`);
      continue;
    }
    const sk = labelToString(s.setting);
    bySetting.set(sk, [...(bySetting.get(sk) ?? []), labelToString(cv)]);
    const h = hasConstraint(config.constraints, cv, lookup);
    if ('error' in h) {
      errors.push(h.error);
      continue;
    }
    checks.push({
      kind: 'constraint_values',
      key: labelToString(cv),
      expected: labelToString(cv),
      actual: h.actual,
      source: DEFAULT_SOURCE,
      matches: h.matches,
      note: `target platform ${config.platform}${h.fromDefault ? ' does not set ' + sk + ': its default_constraint_value' : ''}`,
    });
    constraintKeys.push(labelToString(cv));
  }
  for (const [sk, vs] of bySetting) {
    if (vs.length > 1) errors.push(`Duplicate constraint values detected: constraint_setting ${sk} has [${vs.join(', ')}]`);
  }
  if (errors.length > 0) return { setting: label, matches: false, checks, error: errors.join('\n') };
  return { setting: label, matches: checks.every((c) => c.matches), checks, keys: { native, flags: flagKeys, constraints: constraintKeys } };
}

/** A config_setting's match per configuration, computed once per context (select()s share their keys). */
const MATCHES = new WeakMap<ConfigContext, Map<string, FullMatch>>();
function cachedMatch(setting: RuleTarget, config: Configuration, ctx: ConfigContext): FullMatch {
  let m = MATCHES.get(ctx);
  if (!m) MATCHES.set(ctx, (m = new Map()));
  const key = `${labelToString(setting.label)} ${config.id}`;
  let r = m.get(key);
  if (!r) m.set(key, (r = matchSettingFull(setting, config, ctx)));
  return r;
}

/** Does a refine b (a has every setting of b, and more)? Constraint values count per the profile. */
function refines(a: SettingKeys, b: SettingKeys, withConstraints: boolean): boolean {
  const sup = (x: readonly string[], y: readonly string[]) => y.every((e) => x.includes(e));
  const ua = new Set(a.native).size;
  const ub = new Set(b.native).size;
  if (!sup(a.native, b.native) || !sup(a.flags, b.flags)) return false;
  if (withConstraints && !sup(a.constraints, b.constraints)) return false;
  return ua > ub || a.flags.length > b.flags.length || (withConstraints && a.constraints.length > b.constraints.length);
}

/** Resolves a select() key to its config_setting (following aliases in this configuration) and matches it. */
export function matchCondition(key: Label, owner: RuleTarget, config: Configuration, ctx: ConfigContext, seen: string[] = []): FullMatch {
  const written = labelToString(key);
  const lookup = lookupOf(ctx);
  const r = lookup.get(key);
  // 4.2.3 reports a key naming no target like any other invalid condition.
  if ('error' in r) return { setting: written, matches: false, checks: [], error: invalidCondition(written, owner, ctx) };
  const t = r.target;
  if (t.kind === 'rule' && t.ruleClass === 'config_setting') {
    // --[no]incompatible_enforce_config_setting_visibility overrides the profile (only current Bazel has it).
    const enforceFlag = lastValue(ctx.commandLine.options, 'incompatible_enforce_config_setting_visibility')?.value;
    const enforce = typeof enforceFlag === 'boolean' ? enforceFlag : ctx.profile.enforceConfigSettingVisibility;
    const privateDefault = lastValue(ctx.commandLine.options, 'incompatible_config_setting_private_default_visibility')?.value === true;
    if (enforce && !configSettingVisible(t, owner.label.pkg, lookup, privateDefault ? lookup.defaultVisibility(t.label) : undefined)) {
      return {
        setting: written,
        matches: false,
        checks: [],
        error: `target '${labelToString(t.label)}' is not visible from target '${labelToString(owner.label)}'. Check the visibility declaration of the former target if you think the dependency is legitimate`,
      };
    }
    const m = cachedMatch(t, config, ctx);
    // A broken config_setting fails its own analysis; the select() only says so.
    return m.error ? { ...m, error: `Analysis of target '${labelToString(t.label)}' failed`, settingError: m.error, settingTarget: t } : m;
  }
  if (t.kind === 'rule' && t.ruleClass === 'alias' && !seen.includes(written)) {
    const actual = resolveAttributeFull(t, 'actual', config, ctx);
    if ('error' in actual) return { setting: written, matches: false, checks: [], error: actual.error };
    const to = actual.value as Label | null;
    if (!to) return { setting: written, matches: false, checks: [], error: invalidCondition(written, owner, ctx) };
    const m = matchCondition(to, owner, config, ctx, [...seen, written]);
    return { ...m, setting: written, resolvedTo: m.resolvedTo ?? m.setting };
  }
  if (t.kind === 'rule' && t.ruleClass === 'constraint_value') {
    // A constraint_value used directly as a key matches when the target platform has it.
    const h = hasConstraint(config.constraints, t.label, lookup);
    if ('error' in h) return { setting: written, matches: false, checks: [], error: h.error };
    const check: SettingCheck = { kind: 'constraint_values', key: written, expected: written, actual: h.actual, source: DEFAULT_SOURCE, matches: h.matches, note: `target platform ${config.platform}` };
    return { setting: written, matches: h.matches, checks: [check], keys: { native: [], flags: [], constraints: [written] } };
  }
  return { setting: written, matches: false, checks: [], error: invalidCondition(written, owner, ctx) };
}

function invalidCondition(key: string, owner: RuleTarget, ctx: ConfigContext): string {
  const o = labelToString(owner.label);
  const help = ctx.profile.selectVerboseNoMatch ? 'https://bazel.build/reference/be/functions#select' : 'https://docs.bazel.build/be/functions.html#select';
  return `${key} is not a valid select() condition for ${o}.\nTo inspect the select(), run: bazel query --output=build ${o}.\nFor more help, see ${help}.\n`;
}

function sameValue(a: PlainAttrValue, b: PlainAttrValue): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function concat(a: PlainAttrValue, b: PlainAttrValue): PlainAttrValue {
  if (a === null) return b;
  if (b === null) return a;
  if (typeof a === 'string' && typeof b === 'string') return a + b;
  if (Array.isArray(a) && Array.isArray(b)) {
    // Lists concatenate; dicts (lists of pairs) merge, later keys winning (select() + dict is `|`-like).
    if (a.length > 0 && Array.isArray(a[0]) || b.length > 0 && Array.isArray(b[0])) {
      const m = new Map<string, unknown>();
      for (const [k, v] of [...(a as [unknown, unknown][]), ...(b as [unknown, unknown][])]) m.set(JSON.stringify(k), [k, v]);
      return [...m.values()] as PlainAttrValue;
    }
    return [...a, ...b] as PlainAttrValue;
  }
  return b;
}

function attrDefault(rule: RuleTarget, attr: string): PlainAttrValue {
  // attrValue gives the schema default when the attribute is not set; for a set one we need the schema's.
  const fake: RuleTarget = { ...rule, attrs: new Map() };
  const v = attrValue(fake, attr);
  return v instanceof Configurable || v === undefined ? null : v;
}

function resolveSelector(
  part: Extract<SelectPart, { kind: 'selector' }>,
  rule: RuleTarget,
  attr: string,
  config: Configuration,
  ctx: ConfigContext,
  conditions: SettingMatch[],
): { value: PlainAttrValue; chosen: string; reason: string } | { error: string; reason: string; failedSetting?: { target: RuleTarget; text: string } } {
  const ruleLabel = labelToString(rule.label);
  const matching: { key: string; match: FullMatch; value: PlainAttrValue }[] = [];
  let defaultBranch: { value: PlainAttrValue } | undefined;
  const keysChecked: string[] = [];
  const withConstraints = ctx.profile.selectSameValueAmbiguityAllowed; // current Bazel: constraints specialize too
  const first = conditions.length; // this select()'s entries start here
  for (const b of part.branches) {
    const key = labelToString(b.key);
    if (b.isDefault) {
      defaultBranch = { value: b.value === null ? attrDefault(rule, attr) : b.value };
      conditions.push({ setting: key, matches: false, checks: [] });
      continue;
    }
    keysChecked.push(key);
    const m = matchCondition(b.key, rule, config, ctx);
    conditions.push(stripKeys(m));
    if (m.error) {
      const failedSetting = m.settingTarget && m.settingError ? { target: m.settingTarget, text: settingErrorText(m.settingTarget, m.settingError) } : undefined;
      return { error: m.error, reason: `${key} cannot be used as a condition: ${(m.settingError ?? m.error).split('\n')[0]}`, failedSetting };
    }
    if (!m.matches) continue;
    const value = b.value === null ? attrDefault(rule, attr) : b.value;
    let suppressed = false;
    for (let i = matching.length - 1; i >= 0; i--) {
      const existing = matching[i]!;
      if (refines(m.keys!, existing.match.keys!, withConstraints)) matching.splice(i, 1);
      else if (refines(existing.match.keys!, m.keys!, withConstraints)) suppressed = true;
    }
    if (!suppressed) matching.push({ key, match: m, value });
  }
  if (matching.length > 1) {
    const allSame = matching.every((x) => sameValue(x.value, matching[0]!.value));
    if (!(ctx.profile.selectSameValueAmbiguityAllowed && allSame)) {
      const list = matching.map((x) => x.key).join('\n');
      const tail = ctx.profile.selectSameValueAmbiguityAllowed
        ? 'Multiple matches are not allowed unless one is unambiguously more specialized or they resolve to the same value. See https://bazel.build/reference/be/functions#select.'
        : 'Multiple matches are not allowed unless one is unambiguously more specialized.';
      return {
        error: `Illegal ambiguous match on configurable attribute "${attr}" in ${ruleLabel}:\n${list}\n${tail}`,
        reason: `${matching.map((x) => x.key).join(' and ')} all match and none is more specialized than the others${
          withConstraints ? '' : ' (constraint_values do not count for specialization in Bazel 4.2.3)'
        }, so the choice is ambiguous.`,
      };
    }
    return { value: matching[0]!.value, chosen: matching[0]!.key, reason: `${matching.map((x) => x.key).join(' and ')} all match; they give the same value, which current Bazel allows.` };
  }
  if (matching.length === 1) {
    const w = matching[0]!;
    const others = conditions.slice(first).filter((c) => c.matches && c.setting !== w.key).map((c) => c.setting);
    const reason = others.length > 0
      ? `${w.key} matches and is more specialized than ${others.join(', ')} (it has all of their settings and more).`
      : `${w.key} is the only condition that matches.`;
    return { value: w.value, chosen: w.key, reason };
  }
  if (defaultBranch) return { value: defaultBranch.value, chosen: DEFAULT_CONDITION, reason: 'No condition matches, so //conditions:default is used.' };
  return { error: noMatchError(attr, rule, part.noMatchError, keysChecked, config, ctx), reason: 'No condition matches and there is no //conditions:default.' };
}

function stripKeys(m: FullMatch): SettingMatch {
  const { keys, settingTarget, settingError, ...rest } = m; // keys and settingTarget: named to be left out
  return settingError ? { ...rest, error: settingError } : rest;
}

function noMatchError(attr: string, rule: RuleTarget, custom: string, keys: readonly string[], config: Configuration, ctx: ConfigContext): string {
  const ruleLabel = labelToString(rule.label);
  if (!ctx.profile.selectVerboseNoMatch) {
    if (custom) return `Configurable attribute "${attr}" doesn't match this configuration: ${custom}`;
    return `Configurable attribute "${attr}" doesn't match this configuration (would a default condition help?).\nConditions checked:\n${keys.map((k) => ' ' + k).join('\n')}`;
  }
  if (custom) return `configurable attribute "${attr}" in ${ruleLabel} doesn't match this configuration: ${custom}`;
  return [
    `configurable attribute "${attr}" in ${ruleLabel} doesn't match this configuration. Would a default condition help?`,
    '',
    'Conditions checked:',
    ...keys.map((k) => ' ' + k),
    '',
    "To see a condition's definition, run: bazel query --output=build <condition label>.",
    '',
    `This instance of ${ruleLabel} has configuration identifier ${config.id}. To inspect its configuration, run: bazel config ${config.id}.`,
    '',
    'For more help, see https://bazel.build/docs/configurable-attributes#faq-select-choose-condition',
    '',
  ].join('\n');
}

function resolveAttributeFull(rule: RuleTarget, attr: string, config: Configuration, ctx: ConfigContext): ResolvedAttribute {
  const v = attrValue(rule, attr);
  if (v === undefined) return { value: null };
  if (!(v instanceof Configurable)) return { value: v };
  const conditions: SettingMatch[] = [];
  const chosen: string[] = [];
  const reasons: string[] = [];
  let value: PlainAttrValue = null;
  let first = true;
  for (const part of v.parts) {
    let pv: PlainAttrValue;
    if (part.kind === 'value') pv = part.value;
    else {
      const r = resolveSelector(part, rule, attr, config, ctx, conditions);
      if ('error' in r) {
        chosen.push('');
        reasons.push(r.reason);
        return { error: r.error, explanation: { attribute: attr, conditions, chosen, reason: reasons.join(' ') }, ...(r.failedSetting ? { failedSetting: r.failedSetting } : {}) };
      }
      chosen.push(r.chosen);
      reasons.push(r.reason);
      pv = r.value;
    }
    value = first ? pv : concat(value, pv);
    first = false;
  }
  return { value, explanation: { attribute: attr, conditions, chosen, reason: reasons.join(' ') } };
}

/** Resolves one attribute of a rule in a configuration: plain values pass through; selects are resolved. */
export function resolveAttribute(rule: RuleTarget, attr: string, config: Configuration, ctx: ConfigContext): ResolvedAttribute {
  return resolveAttributeFull(rule, attr, config, ctx);
}
