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
//
// The explanation is data for the Why panel, for failures as much as for successes: every key of every select()
// is matched (also after one that cannot be used), each with its checks and the settings that failed; a broken
// config_setting's errors come as SettingProblems with a suggestion; an ambiguity says, pair by pair, what each
// condition has that the other lacks. The error strings stay Bazel's console text.

import {
  attrValue,
  Configurable,
  DEFAULT_CONDITION,
  defaultAttrValue,
  labelToString,
  LabelSyntaxError,
  parseLabelInPackage,
  type Label,
  type PlainAttrValue,
  type RuleTarget,
  type SelectPart,
} from '../loading/index.ts';
import { buildSettingKind, convertSettingValue, formatSettingValue, settingDefault as buildSettingDefault } from './build-settings.ts';
import { lookupOf, type ConfigContext, type Configuration } from './configuration.ts';
import { BY_ABBREV, lastValue, OPTIONS, type OptionSource } from './options.ts';
import { didYouMean } from '../starlark/index.ts';
import type { Profile } from '../base/index.ts';
import { hasConstraint, parseAbsolute, settingOf } from './platforms.ts';
import { labelListAttr, throughAliases } from './targets.ts';
import { configSettingVisible } from './visibility.ts';

/** One entry of a config_setting compared against a configuration — the Why panel's table row. */
export interface SettingCheck {
  readonly kind: 'values' | 'define_values' | 'flag_values' | 'constraint_values';
  /** 'cpu', 'copt', 'define', the define name (define_values), '//pkg:flag', '//cpu:arm'. */
  readonly key: string;
  /**
   * The entry as specialization compares it (the vocabulary of AmbiguousPair.onlyA/onlyB and SettingMatch.failed):
   * 'cpu=arm', 'define x=1' (from values or define_values alike), '//pkg:flag=b' (an alias's actual), '//plat:red'.
   */
  readonly setting: string;
  readonly expected: string;
  /** As a user would read it ('arm', '[-O2, -g]', '<unset>'). */
  readonly actual: string;
  readonly source: OptionSource;
  readonly matches: boolean;
  /** e.g. "--copt=a,b is one value", "the last --define of a key wins", "exec configuration: --host_cpu". */
  readonly note?: string;
}

/**
 * What is wrong with a config_setting's declaration, one entry per error line of SettingMatch.error (whose
 * text is `message`, Bazel's wording).
 */
export interface SettingProblem {
  /** The config_setting attribute at fault; '' when it is the rule as a whole (no conditions at all). */
  readonly attribute: 'values' | 'define_values' | 'flag_values' | 'constraint_values' | '';
  /** The entry at fault: the option ('cpuu', 'compilation_mode', 'define'), the define name, the flag or
   *  constraint label as written, the constraint_setting of duplicates; '' for the rule as a whole. */
  readonly key: string;
  readonly message: string;
  /** What the user probably meant: an option name ('cpuu' → 'cpu', 'c' → 'compilation_mode'), a value
   *  ('fast' → 'fastbuild'), a build setting or constraint_value of the same package. */
  readonly suggestion?: string;
  /** For a value of the wrong form: every value the option or setting accepts. */
  readonly validValues?: readonly string[];
}

export interface SettingMatch {
  /** The select() key as written (resolved label). */
  readonly setting: string;
  /** When the key is an alias (or a chain of them): the config_setting it resolved to. */
  readonly resolvedTo?: string;
  readonly matches: boolean;
  /** Every entry that could be compared — also those of a config_setting with a problem elsewhere. */
  readonly checks: readonly SettingCheck[];
  /** The `setting` of every check that did not match, in order (empty when all match or none was made). */
  readonly failed: readonly string[];
  /** Why the key cannot be used (not a config_setting, a config_setting error, a missing target). */
  readonly error?: string;
  /** A broken config_setting's errors as data (present exactly when its declaration is at fault). */
  readonly problems?: readonly SettingProblem[];
}

/** Two matching conditions of which neither is more specialized than the other. */
export interface AmbiguousPair {
  readonly a: string;
  readonly b: string;
  /** Settings (SettingCheck.setting vocabulary) that a has and b lacks, and the other way round. */
  readonly onlyA: readonly string[];
  readonly onlyB: readonly string[];
  /** Both ask for exactly the same settings. */
  readonly identical: boolean;
  /**
   * Only where constraint_values do not count for specialization (Bazel 4.2.3): the condition that would be
   * more specialized if they did — constraint_values are what made the difference.
   */
  readonly constraintsWouldDecide?: string;
}

/** Several matching conditions with no most specialized one: an error, or accepted for equal values. */
export interface SelectAmbiguity {
  /** The conditions left after specialization, in order (the error's list). */
  readonly conditions: readonly string[];
  /** Every pair of them. */
  readonly pairs: readonly AmbiguousPair[];
  /** Whether all of them give the same value. */
  readonly sameValue: boolean;
  /** Whether this Bazel accepts equal values (profile row selectSameValueAmbiguityAllowed; 4.2.3 never does). */
  readonly sameValueAllowed: boolean;
  /** Whether constraint_values count for specialization (current Bazel; not 4.2.3). */
  readonly constraintsSpecialize: boolean;
}

/**
 * How one select() was resolved: 'matched' (one most specialized condition), 'default', 'same-value' (an
 * accepted ambiguity), or why it failed: 'ambiguous', 'no-match', 'bad-condition' (a key that cannot be used).
 */
export type SelectOutcome = 'matched' | 'default' | 'same-value' | 'ambiguous' | 'no-match' | 'bad-condition';

export interface SelectPartExplanation {
  /** The select()'s place among the attribute's `+` operands (`["a"] + select(…)`: 1). */
  readonly position: number;
  /** Its keys in order, the default included (as matches=false). */
  readonly conditions: readonly SettingMatch[];
  /** The chosen key ('//conditions:default' allowed); '' when this select() failed. */
  readonly chosen: string;
  readonly outcome: SelectOutcome;
  readonly reason: string;
  /** Every condition that matches, in order, before specialization leaves out the less specialized ones. */
  readonly matching: readonly string[];
  /** For 'ambiguous' and 'same-value'. */
  readonly ambiguity?: SelectAmbiguity;
  /** The select()'s no_match_error, when it has one. */
  readonly noMatchError?: string;
  /** The error this select() fails with (Bazel's text), when it fails. */
  readonly error?: string;
}

export interface SelectExplanation {
  readonly attribute: string;
  /** Every key of every select() in the attribute, in order (the default key included, as matches=false). */
  readonly conditions: readonly SettingMatch[];
  /** The chosen key per select() ('//conditions:default' allowed); '' for a select that failed. */
  readonly chosen: readonly string[];
  /** Plain sentences, one per select(): why the winner won / why it is ambiguous / why nothing matched. */
  readonly reason: string;
  /**
   * One per select(), in order (parts[i].chosen is chosen[i]; conditions is their conditions in a row). Every
   * select() is explained, also those after one that failed (the attribute's error is the first failure's).
   */
  readonly parts: readonly SelectPartExplanation[];
}

export type ResolvedAttribute =
  | {
      readonly value: PlainAttrValue;
      readonly explanation?: SelectExplanation;
      /**
       * The value is the attribute's default: it is not set, or each of its select()s chose a `None` branch. Not
       * written, so an implicit dependency (ConfiguredAttributeMapper.isAttributeValueExplicitlySpecified; cquery
       * --noimplicit_deps leaves such edges out, checked with 4.2.3).
       */
      readonly defaulted?: boolean;
    }
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
    : /user-defined|flag '|not a valid value for flag/.test(error)
      ? 'flag_values'
      : /constraint/.test(error) && !error.startsWith('Either') && !error.startsWith('Duplicate constraint values')
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

function showList(vs: readonly string[]): string {
  return `[${vs.join(', ')}]`;
}

function failedOf(checks: readonly SettingCheck[]): string[] {
  return checks.filter((c) => !c.matches).map((c) => c.setting);
}

// ---- suggestions for SettingProblem ----

/** The word the Starlark layer's spelling helper proposes, if any (it is exported only as " (did you mean 'x'?)"). */
function closest(input: string, words: Iterable<string>): string | undefined {
  return /^ \(did you mean '(.*)'\?\)$/.exec(didYouMean(input, words))?.[1];
}

let buildOptionNames: readonly string[] | undefined;

/** The option `build` accepts that an unknown `values` key stands for: `--cpu` or `nocpu` → cpu, `c` → compilation_mode, `cpuu` → cpu. */
function optionSuggestion(written: string): string | undefined {
  const isBuild = (name: string) => OPTIONS.get(name)?.commands.has('build') === true;
  const bare = written.replace(/^-+/, '').replace(/=.*$/s, '');
  if (bare !== written && isBuild(bare)) return bare;
  const short = BY_ABBREV.get(bare);
  if (short && isBuild(short.name)) return short.name;
  if (bare.startsWith('no') && OPTIONS.get(bare.slice(2))?.kind === 'boolean' && isBuild(bare.slice(2))) return bare.slice(2);
  buildOptionNames ??= [...OPTIONS.values()].filter((o) => o.commands.has('build')).map((o) => o.name);
  return closest(bare, buildOptionNames);
}

/** The accepted value a wrong one stands for: same but for case, a prefix either way ('fast' → 'fastbuild'), else the closest spelling. */
function valueSuggestion(written: string, valid: readonly string[]): string | undefined {
  const lower = written.toLowerCase();
  const same = valid.find((v) => v.toLowerCase() === lower);
  if (same !== undefined) return same;
  const prefixed = lower === '' ? [] : valid.filter((v) => v.toLowerCase().startsWith(lower) || lower.startsWith(v.toLowerCase()));
  if (prefixed.length === 1) return prefixed[0];
  return closest(written, valid);
}

/** A target of the same (main-repository) package, of the wanted kind, whose name is closest to the label's. */
function siblingSuggestion(l: Label, ctx: ConfigContext, fits: (t: RuleTarget) => boolean): string | undefined {
  if (l.repo !== '') return undefined;
  const pkg = ctx.loader.getPackage(l.pkg);
  if (!pkg) return undefined;
  const names = [...pkg.targets.values()].filter((t): t is RuleTarget => t.kind === 'rule' && fits(t)).map((t) => t.label.name);
  const name = closest(l.name, names);
  return name === undefined ? undefined : labelToString({ ...l, name });
}

const BOOLEAN_WORDS = ['true', 'false', 'yes', 'no', '1', '0'] as const;

/** Splits an expected value as the option's converter would (comma-separated list options split). */
function expectedElements(option: string, raw: string): string[] {
  const def = OPTIONS.get(option);
  if (def?.kind === 'comma-list') return raw.split(',').filter((x) => x !== '');
  return [raw];
}

type ValueEntry = SettingCheck | { readonly problem: SettingProblem };

function checkValueEntry(option: string, expected: string, config: Configuration, kind: 'values' | 'define_values', profile: Profile, defineName?: string): ValueEntry {
  const parsing = 'error while parsing configuration settings: ';
  const problem = (message: string, extra: { key?: string; suggestion?: string; validValues?: readonly string[] } = {}): ValueEntry => {
    const { key = defineName ?? option, suggestion, validValues } = extra;
    return { problem: { attribute: kind, key, message, ...(suggestion !== undefined ? { suggestion } : {}), ...(validValues ? { validValues } : {}) } };
  };
  const def = OPTIONS.get(option);
  if (!def || !def.commands.has('build')) return problem(`${parsing}unknown option: '${option}'`, { suggestion: optionSuggestion(option) });
  const host = config.hostOptionOf(option);
  const hostNote = host ? `${config.kind} configuration: compared with --${host}` : undefined;
  const key = defineName ?? option;
  const setting = `${option}=${expected}`;
  if (option === 'define') {
    const eq = expected.indexOf('=');
    if (eq < 0) return problem(`${parsing}While parsing option --define=${expected}: Variable definitions must be in the form of a 'name=value' assignment`);
    const name = expected.slice(0, eq);
    const want = expected.slice(eq + 1);
    const actual = config.defines.get(name);
    const actualValue = actual ? String(actual.value).slice(String(actual.value).indexOf('=') + 1) : undefined;
    const repeated = config.values('define').filter((d) => String(d.value).startsWith(name + '=')).length > 1;
    return {
      kind,
      key: kind === 'define_values' ? name : 'define',
      setting: `define ${expected}`,
      expected: kind === 'define_values' ? want : expected,
      actual: actualValue === undefined ? '<unset>' : kind === 'define_values' ? actualValue : `${name}=${actualValue}`,
      source: actual?.source ?? DEFAULT_SOURCE,
      matches: actualValue === want,
      note: repeated ? `--define ${name} was given several times: the last one wins` : undefined,
    };
  }
  if (def.kind === 'boolean') {
    const b = ['true', '1', 'yes'].includes(expected) ? true : ['false', '0', 'no'].includes(expected) ? false : undefined;
    if (b === undefined) {
      return problem(`${parsing}While parsing option --${option}=${expected}: '${expected}' is not a boolean`, { validValues: BOOLEAN_WORDS, suggestion: valueSuggestion(expected, BOOLEAN_WORDS) });
    }
    const v = config.values(option)[0];
    return { kind, key, setting, expected, actual: String(v?.value ?? false), source: v?.source ?? DEFAULT_SOURCE, matches: (v?.value ?? false) === b, note: hostNote };
  }
  if (def.kind === 'enum' && def.values && !def.values.includes(expected)) {
    const what = option === 'compilation_mode' || option === 'host_compilation_mode' ? 'compilation mode' : 'value';
    return problem(`${parsing}While parsing option --${option}=${expected}: Not a valid ${what}: '${expected}' (should be ${def.typeText})`, {
      validValues: def.values,
      suggestion: valueSuggestion(expected, def.values),
    });
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
      setting,
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
  return { kind, key, setting, expected, actual: actual === '' ? '<unset>' : actual, source: v?.source ?? DEFAULT_SOURCE, matches: canon(actual) === canon(expected), note: hostNote };
}

/**
 * Whether a config_setting matches a configuration, entry by entry. Errors in the declaration (no
 * conditions, unknown option, bad value…) come back in `error`, worded as Bazel does, and in `problems` as data;
 * the entries that could be compared are in `checks` all the same.
 */
export function matchConfigSetting(setting: RuleTarget, config: Configuration, ctx: ConfigContext): SettingMatch {
  return stripKeys(matchSettingFull(setting, config, ctx));
}

function matchSettingFull(setting: RuleTarget, config: Configuration, ctx: ConfigContext): FullMatch {
  const label = labelToString(setting.label);
  const values = dictEntries(setting, 'values');
  const defineValues = dictEntries(setting, 'define_values');
  const flags = flagEntries(setting);
  const constraints = labelListAttr(setting, 'constraint_values');
  if (values.length === 0 && defineValues.length === 0 && flags.length === 0 && constraints.length === 0) {
    const message = 'Either values, flag_values or constraint_values must be specified and non-empty';
    return { setting: label, matches: false, checks: [], failed: [], error: message, problems: [{ attribute: '', key: '', message }] };
  }
  const checks: SettingCheck[] = [];
  const problems: SettingProblem[] = [];
  const native: string[] = [];
  const entry = (c: ValueEntry) => {
    if ('problem' in c) problems.push(c.problem);
    else checks.push(c);
  };
  for (const [k, v] of values) {
    entry(checkValueEntry(k, v, config, 'values', ctx.profile));
    native.push(k === 'define' ? `define ${v}` : `${k}=${v}`);
  }
  for (const [k, v] of defineValues) {
    entry(checkValueEntry('define', `${k}=${v}`, config, 'define_values', ctx.profile, k));
    native.push(`define ${k}=${v}`);
  }
  const lookup = lookupOf(ctx);
  const flagKeys: string[] = [];
  const seenFlags = new Map<string, string[]>();
  const userDefined = 'error while parsing user-defined configuration values: ';
  const isLabelSetting = (t: RuleTarget) => t.ruleClass === 'label_flag' || t.ruleClass === 'label_setting';
  const isBuildSetting = (t: RuleTarget) => buildSettingKind(t) !== undefined || t.ruleClass === 'config_feature_flag' || isLabelSetting(t);
  for (const [l, expected] of flags) {
    let target = lookup.target(l);
    const written = labelToString(l);
    const flagProblem = (message: string, extra: Partial<SettingProblem> = {}) => {
      problems.push({ attribute: 'flag_values', key: written, message, ...extra });
    };
    // Aliases of build settings stand for their actual.
    target = throughAliases(lookup, target);
    if (!target) {
      const r = lookup.get(l);
      const suggestion = siblingSuggestion(l, ctx, isBuildSetting);
      flagProblem('error' in r ? r.error : `no such target '${written}'`, suggestion !== undefined ? { suggestion } : {});
      continue;
    }
    const actualLabel = labelToString(target.label);
    seenFlags.set(actualLabel, [...(seenFlags.get(actualLabel) ?? []), written]);
    if (target.kind === 'rule' && target.ruleClass === 'config_feature_flag') {
      // A feature flag: the value must be one it allows (named as written, an alias too); nothing sets one here,
      // so its value is its default_value (ConfigSetting, ConfigFeatureFlag).
      const allowed = (attrValue(target, 'allowed_values') as readonly string[] | undefined) ?? [];
      if (!allowed.includes(expected)) {
        flagProblem(`${userDefined}'${expected}' is not a valid value for '${written}'`, { validValues: [...allowed] });
        continue;
      }
      const actual = attrValue(target, 'default_value');
      checks.push({
        kind: 'flag_values',
        key: written,
        setting: `${actualLabel}=${expected}`,
        expected,
        actual: typeof actual === 'string' ? actual : '',
        source: DEFAULT_SOURCE,
        matches: actual === expected,
        note: "a config_feature_flag's value: its default_value (no rule transition sets it)",
      });
      flagKeys.push(`${actualLabel}=${expected}`);
      continue;
    }
    if (target.kind === 'rule' && isLabelSetting(target)) {
      // A label-typed setting: the value is a label, relative to the config_setting's package; its value is what
      // the command line gives a label_flag, else its build_setting_default.
      let want: string;
      try {
        want = labelToString(parseLabelInPackage(expected, { repo: setting.label.repo, pkg: setting.label.pkg }, ctx.profile.labels));
      } catch (e) {
        if (!(e instanceof LabelSyntaxError)) throw e;
        flagProblem(`${userDefined}'${expected}' cannot be converted to ${written} type label`);
        continue;
      }
      const dflt = attrValue(target, 'build_setting_default') as Label | null | undefined;
      const set = config.starlarkFlag(actualLabel);
      const actual = set && typeof set.value === 'string' ? set.value : dflt ? labelToString(dflt) : '';
      checks.push({
        kind: 'flag_values',
        key: written,
        setting: `${actualLabel}=${expected}`,
        expected,
        actual,
        source: set?.source ?? DEFAULT_SOURCE,
        matches: actual === want,
        note: set ? undefined : 'not set on the command line: its build_setting_default',
      });
      flagKeys.push(`${actualLabel}=${expected}`);
      continue;
    }
    const kind = target.kind === 'rule' ? buildSettingKind(target) : undefined;
    if (!kind || target.kind !== 'rule') {
      const suggestion = siblingSuggestion(l, ctx, isBuildSetting);
      flagProblem(`${userDefined}flag_values keys must be build settings or feature flags and ${written} is not`, suggestion !== undefined ? { suggestion } : {});
      continue;
    }
    const conv = convertSettingValue(kind, expected);
    if ('error' in conv) {
      const valid = kind.type === 'bool' ? ['true', 'false'] : undefined;
      const suggestion = valid ? valueSuggestion(expected, valid) : undefined;
      flagProblem(`${userDefined}'${expected}' cannot be converted to ${written} type ${kind.type}`, {
        ...(valid ? { validValues: valid } : {}),
        ...(suggestion !== undefined ? { suggestion } : {}),
      });
      continue;
    }
    const set = config.starlarkFlag(actualLabel);
    const actual = set ? set.value : buildSettingDefault(target);
    let matches: boolean;
    if (Array.isArray(actual)) {
      // A list setting (string_list, or a string flag with allow_multiple) matches when it holds the one value the
      // config_setting names; naming several is an error (ConfigSetting; ConfigSettingTest
      // #canOnlyMatchSingleValueInMultiValueFlags, #buildsettings_allowMultipleWorks).
      const wanted = Array.isArray(conv.value) ? (conv.value as readonly string[]) : [conv.value as string];
      if (wanted.length !== 1) {
        flagProblem(`"${expected}" not a valid value for flag ${actualLabel}. Only single, exact values are allowed. If you want to match multiple values, consider Skylib's selects.config_setting_group`);
        continue;
      }
      matches = actual.includes(wanted[0]!);
    } else matches = actual === conv.value;
    checks.push({
      kind: 'flag_values',
      key: written,
      setting: `${actualLabel}=${expected}`,
      expected,
      actual: formatSettingValue(actual as never),
      source: set?.source ?? DEFAULT_SOURCE,
      matches,
      note: set ? undefined : 'not set on the command line: its build_setting_default',
    });
    flagKeys.push(`${actualLabel}=${expected}`);
  }
  for (const [actual, aliases] of seenFlags) {
    if (aliases.length > 1) problems.push({ attribute: 'flag_values', key: actual, message: `flag '${actual}' referenced multiple times as ['${aliases.join("', '")}']` });
  }
  const constraintKeys: string[] = [];
  const bySetting = new Map<string, string[]>();
  const isConstraintValue = (t: RuleTarget) => t.ruleClass === 'constraint_value';
  for (const cv of constraints) {
    const written = labelToString(cv);
    const s = settingOf(cv, lookup);
    if ('error' in s) {
      const suggestion = siblingSuggestion(cv, ctx, isConstraintValue);
      problems.push({ attribute: 'constraint_values', key: written, message: `${written} is not a constraint_value`, ...(suggestion !== undefined ? { suggestion } : {}) });
      continue;
    }
    const sk = labelToString(s.setting);
    bySetting.set(sk, [...(bySetting.get(sk) ?? []), written]);
    const h = hasConstraint(config.constraints, cv, lookup);
    if ('error' in h) {
      problems.push({ attribute: 'constraint_values', key: written, message: h.error });
      continue;
    }
    checks.push(constraintCheck(written, h, `target platform ${config.platform}${h.fromDefault ? ' does not set ' + sk + ': its default_constraint_value' : ''}`));
    constraintKeys.push(written);
  }
  // One error naming every setting given twice (ConstraintCollection.DuplicateConstraintException), said of the
  // rule rather than the attribute (checked with 4.2.3; ConfigSettingTest#multipleValuesPerSetting).
  const duplicates = [...bySetting].filter(([, vs]) => vs.length > 1);
  if (duplicates.length > 0) {
    const message = `Duplicate constraint values detected: ${duplicates.map(([sk, vs]) => `constraint_setting ${sk} has [${vs.join(', ')}]`).join(', ')}`;
    problems.push({ attribute: 'constraint_values', key: duplicates[0]![0], message });
  }
  const failed = failedOf(checks);
  if (problems.length > 0) return { setting: label, matches: false, checks, failed, error: problems.map((p) => p.message).join('\n'), problems };
  return { setting: label, matches: failed.length === 0, checks, failed, keys: { native, flags: flagKeys, constraints: constraintKeys } };
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

/** A key that cannot be used as a condition, for a reason other than its config_setting's declaration. */
function unusable(setting: string, error: string): FullMatch {
  return { setting, matches: false, checks: [], failed: [], error };
}

/** The check of one constraint_value against the target platform. */
function constraintCheck(value: string, has: { readonly actual: string; readonly matches: boolean }, note: string): SettingCheck {
  return { kind: 'constraint_values', key: value, setting: value, expected: value, actual: has.actual, source: DEFAULT_SOURCE, matches: has.matches, note };
}

/** Resolves a select() key to its config_setting (following aliases in this configuration) and matches it. */
export function matchCondition(key: Label, owner: RuleTarget, config: Configuration, ctx: ConfigContext, seen: string[] = []): FullMatch {
  const written = labelToString(key);
  const lookup = lookupOf(ctx);
  const r = lookup.get(key);
  // A key naming nothing in the owner's package is an input file there, so an invalid condition; in another
  // package it is that package's "no such target" (checked with 4.2.3).
  if ('error' in r) {
    const samePackage = key.repo === owner.label.repo && key.pkg === owner.label.pkg;
    return unusable(written, samePackage ? invalidCondition(written, owner, ctx) : r.error);
  }
  const t = r.target;
  if (t.kind === 'rule' && t.ruleClass === 'config_setting') {
    // --[no]incompatible_enforce_config_setting_visibility overrides the profile (only current Bazel has it).
    const enforceFlag = lastValue(ctx.commandLine.options, 'incompatible_enforce_config_setting_visibility')?.value;
    const enforce = typeof enforceFlag === 'boolean' ? enforceFlag : ctx.profile.enforceConfigSettingVisibility;
    const privateDefault = lastValue(ctx.commandLine.options, 'incompatible_config_setting_private_default_visibility')?.value === true;
    if (enforce && !configSettingVisible(t, owner.label.pkg, lookup, privateDefault ? lookup.defaultVisibility(t.label) : undefined)) {
      return unusable(
        written,
        `target '${labelToString(t.label)}' is not visible from target '${labelToString(owner.label)}'. Check the visibility declaration of the former target if you think the dependency is legitimate`,
      );
    }
    const m = cachedMatch(t, config, ctx);
    // A broken config_setting fails its own analysis; the select() only says so.
    return m.error ? { ...m, error: `Analysis of target '${labelToString(t.label)}' failed`, settingError: m.error, settingTarget: t } : m;
  }
  if (t.kind === 'rule' && t.ruleClass === 'alias' && !seen.includes(written)) {
    const actual = resolveAttributeFull(t, 'actual', config, ctx);
    if ('error' in actual) return unusable(written, actual.error);
    const to = actual.value as Label | null;
    if (!to) return unusable(written, invalidCondition(written, owner, ctx));
    const m = matchCondition(to, owner, config, ctx, [...seen, written]);
    return { ...m, setting: written, resolvedTo: m.resolvedTo ?? m.setting };
  }
  if (t.kind === 'rule' && t.ruleClass === 'constraint_value') {
    // A constraint_value used directly as a key matches when the target platform has it.
    const h = hasConstraint(config.constraints, t.label, lookup);
    if ('error' in h) return unusable(written, h.error);
    const check = constraintCheck(written, h, `target platform ${config.platform}`);
    return { setting: written, matches: h.matches, checks: [check], failed: failedOf([check]), keys: { native: [], flags: [], constraints: [written] } };
  }
  return unusable(written, invalidCondition(written, owner, ctx));
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
  // Ints add, in 32 bits (Type.INTEGER.concat): `1 + select({...: 2})` is 3.
  if (typeof a === 'number' && typeof b === 'number') return (a + b) | 0;
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

/** `None` in a branch: the attribute's own default. */
function attrDefault(rule: RuleTarget, attr: string): PlainAttrValue {
  return defaultAttrValue(rule, attr) ?? null;
}

interface Candidate {
  readonly key: string;
  readonly keys: SettingKeys;
  readonly value: PlainAttrValue;
  /** The branch is `None`: the value is the attribute's default. */
  readonly defaulted: boolean;
}

/** Why each pair of the remaining matching conditions is a tie: what each asks for that the other does not. */
function ambiguityOf(remaining: readonly Candidate[], ctx: ConfigContext): SelectAmbiguity {
  const withConstraints = ctx.profile.selectSameValueAmbiguityAllowed; // current Bazel: constraints specialize too
  const all = (k: SettingKeys) => [...new Set([...k.native, ...k.flags, ...k.constraints])];
  const pairs: AmbiguousPair[] = [];
  for (let i = 0; i < remaining.length; i++) {
    for (let j = i + 1; j < remaining.length; j++) {
      const a = remaining[i]!;
      const b = remaining[j]!;
      const sa = all(a.keys);
      const sb = all(b.keys);
      const onlyA = sa.filter((x) => !sb.includes(x));
      const onlyB = sb.filter((x) => !sa.includes(x));
      const decider = withConstraints ? undefined : refines(a.keys, b.keys, true) ? a.key : refines(b.keys, a.keys, true) ? b.key : undefined;
      pairs.push({ a: a.key, b: b.key, onlyA, onlyB, identical: onlyA.length === 0 && onlyB.length === 0, ...(decider !== undefined ? { constraintsWouldDecide: decider } : {}) });
    }
  }
  return {
    conditions: remaining.map((c) => c.key),
    pairs,
    sameValue: remaining.every((c) => sameValue(c.value, remaining[0]!.value)),
    sameValueAllowed: ctx.profile.selectSameValueAmbiguityAllowed,
    constraintsSpecialize: withConstraints,
  };
}

function ambiguityReason(a: SelectAmbiguity, ctx: ConfigContext): string {
  const version = `Bazel ${ctx.profile.bazelVersion}`;
  const both = a.conditions.length === 2;
  const out = [
    `${a.conditions.join(' and ')} ${both ? 'both match and neither is more specialized than the other' : 'all match and none is more specialized than the others'}, so the choice is ambiguous.`,
  ];
  for (const p of a.pairs) {
    if (p.identical) out.push(`${p.a} and ${p.b} ask for the same settings.`);
    else if (p.constraintsWouldDecide !== undefined) {
      const other = p.constraintsWouldDecide === p.a ? p.b : p.a;
      out.push(`${p.constraintsWouldDecide} would be more specialized than ${other} by its constraint_values, but ${version} does not count constraint_values for specialization.`);
    } else {
      const has = (x: string, only: readonly string[], y: string) => `${x} has ${only.join(', ')}, which ${y} lacks`;
      const parts = [...(p.onlyA.length > 0 ? [has(p.a, p.onlyA, p.b)] : []), ...(p.onlyB.length > 0 ? [has(p.b, p.onlyB, p.a)] : [])];
      out.push(`${parts.join('; ')}.`);
    }
  }
  if (a.sameValue && !a.sameValueAllowed) out.push(`They give the same value, but ${version} does not accept that.`);
  else if (!a.sameValue && a.sameValueAllowed) out.push(`They give different values, so the ambiguity cannot be accepted.`);
  return out.join(' ');
}

type SelectorResult =
  | { readonly explanation: SelectPartExplanation; readonly value: PlainAttrValue; readonly defaulted?: boolean }
  | { readonly explanation: SelectPartExplanation; readonly error: string; readonly failedSetting?: { readonly target: RuleTarget; readonly text: string } };

/**
 * Resolves one select(). Every key is matched, also after one that cannot be used (its error is still the
 * select()'s error: Bazel resolves every key before choosing), so the explanation has every condition's checks.
 */
function resolveSelector(
  part: Extract<SelectPart, { kind: 'selector' }>,
  position: number,
  rule: RuleTarget,
  attr: string,
  config: Configuration,
  ctx: ConfigContext,
): SelectorResult {
  const ruleLabel = labelToString(rule.label);
  const conditions: SettingMatch[] = [];
  const matchingKeys: string[] = [];
  const remaining: Candidate[] = [];
  let defaultBranch: { value: PlainAttrValue; defaulted: boolean } | undefined;
  let broken: { key: string; match: FullMatch } | undefined;
  const keysChecked: string[] = [];
  const withConstraints = ctx.profile.selectSameValueAmbiguityAllowed; // current Bazel: constraints specialize too
  for (const b of part.branches) {
    const key = labelToString(b.key);
    if (b.isDefault) {
      defaultBranch = { value: b.value === null ? attrDefault(rule, attr) : b.value, defaulted: b.value === null };
      conditions.push({ setting: key, matches: false, checks: [], failed: [] });
      continue;
    }
    keysChecked.push(key);
    const m = matchCondition(b.key, rule, config, ctx);
    conditions.push(stripKeys(m));
    if (m.error) {
      broken ??= { key, match: m };
      continue;
    }
    if (!m.matches) continue;
    matchingKeys.push(key);
    const value = b.value === null ? attrDefault(rule, attr) : b.value;
    let suppressed = false;
    for (let i = remaining.length - 1; i >= 0; i--) {
      const existing = remaining[i]!;
      if (refines(m.keys!, existing.keys, withConstraints)) remaining.splice(i, 1);
      else if (refines(existing.keys, m.keys!, withConstraints)) suppressed = true;
    }
    if (!suppressed) remaining.push({ key, keys: m.keys!, value, defaulted: b.value === null });
  }
  const base = { position, conditions, matching: matchingKeys, ...(part.noMatchError ? { noMatchError: part.noMatchError } : {}) };
  const failure = (outcome: SelectOutcome, error: string, reason: string, extra: Partial<SelectPartExplanation> = {}) => ({
    error,
    explanation: { ...base, ...extra, chosen: '', outcome, reason, error },
  });
  if (broken) {
    const m = broken.match;
    const failedSetting = m.settingTarget && m.settingError ? { target: m.settingTarget, text: settingErrorText(m.settingTarget, m.settingError) } : undefined;
    const r = failure('bad-condition', m.error!, `${broken.key} cannot be used as a condition: ${(m.settingError ?? m.error!).split('\n')[0]}`);
    return failedSetting ? { ...r, failedSetting } : r;
  }
  if (remaining.length > 1) {
    const ambiguity = ambiguityOf(remaining, ctx);
    if (!(ambiguity.sameValueAllowed && ambiguity.sameValue)) {
      const list = ambiguity.conditions.join('\n');
      const tail = ctx.profile.selectSameValueAmbiguityAllowed
        ? 'Multiple matches are not allowed unless one is unambiguously more specialized or they resolve to the same value. See https://bazel.build/reference/be/functions#select.'
        : 'Multiple matches are not allowed unless one is unambiguously more specialized.';
      return failure('ambiguous', `Illegal ambiguous match on configurable attribute "${attr}" in ${ruleLabel}:\n${list}\n${tail}`, ambiguityReason(ambiguity, ctx), { ambiguity });
    }
    const w = remaining[0]!;
    const reason = `${ambiguity.conditions.join(' and ')} all match; they give the same value, which ${`Bazel ${ctx.profile.bazelVersion}`} accepts.`;
    return { value: w.value, defaulted: w.defaulted, explanation: { ...base, chosen: w.key, outcome: 'same-value', reason, ambiguity } };
  }
  if (remaining.length === 1) {
    const w = remaining[0]!;
    const others = matchingKeys.filter((k) => k !== w.key);
    const reason = others.length > 0
      ? `${w.key} matches and is more specialized than ${others.join(', ')} (it has all of their settings and more).`
      : `${w.key} is the only condition that matches.`;
    return { value: w.value, defaulted: w.defaulted, explanation: { ...base, chosen: w.key, outcome: 'matched', reason } };
  }
  if (defaultBranch) {
    return { value: defaultBranch.value, defaulted: defaultBranch.defaulted, explanation: { ...base, chosen: DEFAULT_CONDITION, outcome: 'default', reason: 'No condition matches, so //conditions:default is used.' } };
  }
  const custom = part.noMatchError ? ` The select() gives no_match_error: ${part.noMatchError}` : '';
  return failure('no-match', noMatchError(attr, rule, part.noMatchError, keysChecked, config, ctx), `No condition matches and there is no //conditions:default.${custom}`);
}

/** The public face of a match: the specialization keys go, and a broken config_setting's own error comes back. */
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
  if (!(v instanceof Configurable)) return rule.attrs.has(attr) ? { value: v } : { value: v, defaulted: true };
  const parts: SelectPartExplanation[] = [];
  let failure: Extract<SelectorResult, { error: string }> | undefined;
  let value: PlainAttrValue = null;
  let first = true;
  // Explicit as soon as one part gives a value of its own (a plain part always does).
  let defaulted = true;
  // Every select() is resolved for its explanation; the first failure is the attribute's error.
  for (const [position, part] of v.parts.entries()) {
    let pv: PlainAttrValue;
    if (part.kind === 'value') {
      pv = part.value;
      defaulted = false;
    } else {
      const r = resolveSelector(part, position, rule, attr, config, ctx);
      parts.push(r.explanation);
      if ('error' in r) {
        failure ??= r;
        continue;
      }
      pv = r.value;
      if (!r.defaulted) defaulted = false;
    }
    if (failure) continue;
    value = first ? pv : concat(value, pv);
    first = false;
  }
  const explanation: SelectExplanation = {
    attribute: attr,
    conditions: parts.flatMap((p) => p.conditions),
    chosen: parts.map((p) => p.chosen),
    reason: parts.map((p) => p.reason).join(' '),
    parts,
  };
  if (failure) return { error: failure.error, explanation, ...(failure.failedSetting ? { failedSetting: failure.failedSetting } : {}) };
  return defaulted ? { value, explanation, defaulted } : { value, explanation };
}

/** Resolves one attribute of a rule in a configuration: plain values pass through; selects are resolved. */
export function resolveAttribute(rule: RuleTarget, attr: string, config: Configuration, ctx: ConfigContext): ResolvedAttribute {
  return resolveAttributeFull(rule, attr, config, ctx);
}
