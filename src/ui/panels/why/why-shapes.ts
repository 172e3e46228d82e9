// The Why panel's reading of a cquery result: the select() explanations and config_setting matches the engine
// puts in CommandResult.explanations (its own types, through the worker protocol), the diagnostics about the
// target, and the plain sentences that open each explanation. Sentences mark code with `backticks`.

import type { CommandResult, Diagnostic, OptionSource, SelectExplanation, SettingCheck, SettingMatch, ToolchainExplanation } from '../../../worker/protocol.ts';

export type SelectPart = SelectExplanation['parts'][number];
export type SelectAmbiguity = NonNullable<SelectPart['ambiguity']>;
export type AmbiguousPair = SelectAmbiguity['pairs'][number];
export type SettingProblem = NonNullable<SettingMatch['problems']>[number];

export const DEFAULT_CONDITION = '//conditions:default';

/** One configured instance of the target (the key names its configuration) and its resolved selects. */
export interface ConfiguredSelects {
  key: string;
  config: string | null;
  selects: readonly SelectExplanation[];
}

/** A config_setting as analysed in one configuration. */
export interface ConfiguredSetting {
  key: string;
  config: string | null;
  match: SettingMatch;
}

/** The entries of a `configured key → value` record that are about `label`, sorted by key. */
function configuredEntries<T>(record: Record<string, T> | undefined, label: string): { key: string; config: string | null; value: T }[] {
  if (!record) return [];
  return Object.entries(record)
    .filter(([key]) => key === label || key.startsWith(label + ' '))
    .map(([key, value]) => ({ key, config: / \(([^)]*)\)$/.exec(key)?.[1] ?? null, value }))
    .sort((a, b) => (a.key < b.key ? -1 : 1));
}

/** The explanations for `label` in a result (one entry per configuration it was analysed in). */
export function selectsFor(result: CommandResult | null | undefined, label: string): ConfiguredSelects[] {
  return configuredEntries(result?.explanations?.selects, label).map(({ key, config, value }) => ({ key, config, selects: value }));
}

/** `label`'s own match when it is a config_setting (one per configuration it was analysed in). */
export function settingsFor(result: CommandResult | null | undefined, label: string): ConfiguredSetting[] {
  return configuredEntries(result?.explanations?.settings, label).map(({ key, config, value }) => ({ key, config, match: value }));
}

/** A rule's toolchain resolution in one configuration. */
export interface ConfiguredToolchains {
  key: string;
  config: string | null;
  toolchains: ToolchainExplanation;
}

export type ToolchainType = ToolchainExplanation['types'][number];
export type ToolchainCandidate = ToolchainType['candidates'][number];

/** How `label`'s toolchains were resolved (one entry per configuration it was analysed in). */
export function toolchainsFor(result: CommandResult | null | undefined, label: string): ConfiguredToolchains[] {
  return configuredEntries(result?.explanations?.toolchains, label).map(({ key, config, value }) => ({ key, config, toolchains: value }));
}

/** One plain sentence about a rule's toolchain resolution, then one per requested type. */
export function toolchainSentences(label: string, t: ToolchainExplanation): { headline: string; failed: boolean; details: string[] } {
  const details = t.types.map((x) => {
    const fits = x.candidates.filter((c) => c.targetMismatch.length === 0);
    if (x.selected) {
      const by = x.candidates.find((c) => c.selected);
      return `${code(x.requested)}: ${code(x.selected)}${by ? ` (registered as ${code(by.toolchain)})` : ''}, the first registered toolchain of this type that fits both platforms.`;
    }
    const none = x.candidates.length === 0 ? 'no toolchain of this type is registered' : fits.length === 0 ? 'no registered toolchain of this type fits the target platform' : 'the toolchains that fit the target platform need an execution platform Bazel does not have';
    return `${code(x.requested)}: ${none}${x.mandatory ? '.' : ', and the type is optional: ctx.toolchains gives None.'}`;
  });
  if (t.error !== undefined) {
    return { headline: `${code(label)} fails toolchain resolution for target platform ${code(t.targetPlatform)}: it requests toolchain types no registered toolchain can serve.`, failed: true, details };
  }
  const exec = t.selectedExecutionPlatform ? `, and its actions run on execution platform ${code(t.selectedExecutionPlatform)}` : '';
  return { headline: `${code(label)} gets its toolchains for target platform ${code(t.targetPlatform)}${exec}.`, failed: false, details };
}

/**
 * What a toolchain wants that a platform lacks: `needs @platforms//os:linux (has @platforms//os:osx)`, or a
 * target_settings config_setting the configuration does not match.
 */
export function mismatchText(m: readonly { wanted: string; actual: string; setting?: true }[]): string {
  return m.map((x) => (x.setting ? `needs ${x.wanted} to match (it ${x.actual === 'does not match' ? 'does not' : 'cannot be used'})` : `needs ${x.wanted} (has ${x.actual})`)).join('; ');
}

/** The result's diagnostics about `label` (own), and the others. */
export function diagnosticsAbout(result: CommandResult | null | undefined, label: string): { own: Diagnostic[]; others: Diagnostic[] } {
  const all = result?.diagnostics ?? [];
  return { own: all.filter((d) => d.target === label), others: all.filter((d) => d.target !== label) };
}

export function sourceText(s: OptionSource): string {
  switch (s.kind) {
    case 'command-line':
      return 'command line';
    case 'default':
      return 'default';
    case 'bazelrc':
      return `${s.file}:${s.line}${s.config ? ` (--config=${s.config})` : ''}`;
  }
}

/** What a check compares, as the command line spells it: `--cpu`, `--define x`, a flag or constraint label. */
export function checkFlag(c: Pick<SettingCheck, 'kind' | 'key'>): string {
  if (c.kind === 'values') return `--${c.key}`;
  if (c.kind === 'define_values') return `--define ${c.key}`;
  return c.key;
}

/**
 * A setting in the specialization vocabulary (SettingCheck.setting, AmbiguousPair.onlyA) as the command line
 * spells it: `cpu=arm` → `--cpu=arm`, `define x=1` → `--define x=1`; flag values and constraints stay labels.
 */
export function settingText(s: string): string {
  if (s.startsWith('define ')) return `--define ${s.slice(7)}`;
  if (/^[A-Za-z_][\w]*=/.test(s)) return `--${s}`;
  return s;
}

function code(s: string): string {
  return '`' + s + '`';
}

/** `a`, `a and b`, `a, b and c` (each in backticks). */
function list(items: readonly string[], f: (s: string) => string = (s) => s): string {
  const xs = items.map((x) => code(f(x)));
  return xs.length <= 1 ? (xs[0] ?? '') : `${xs.slice(0, -1).join(', ')} and ${xs[xs.length - 1]}`;
}

/** Why one check fails, in plain words: `--cpu` is `k8` (default), not `arm`. */
export function failedCheckText(c: SettingCheck): string {
  if (c.kind === 'constraint_values') return `the target platform does not have ${code(c.key)} (it has ${code(c.actual)})`;
  return `${code(checkFlag(c))} is ${code(c.actual)} (${sourceText(c.source)}), not ${code(c.expected)}`;
}

/** A config_setting problem in plain words, with the did-you-mean. */
export function problemText(p: SettingProblem): string {
  const unknown = /unknown option: '([^']*)'/.exec(p.message);
  const mean = p.suggestion !== undefined ? ` Did you mean ${code(p.suggestion)}?` : '';
  const valid = p.validValues?.length ? ` Valid values: ${p.validValues.map(code).join(', ')}.` : '';
  if (unknown) return `${code(unknown[1])} in ${code(p.attribute || 'values')} is not an option Bazel knows.${mean}`;
  const message = p.message.replace(/^error while parsing (?:configuration settings|user-defined configuration values): /, '');
  const where = p.attribute ? `${p.key ? `${code(p.key)} in ` : ''}${code(p.attribute)}: ` : '';
  return `${where}${message}${/[.?!]$/.test(message) ? '' : '.'}${mean}${valid}`;
}

/** The first line of a config_setting's error when it has no problems as data (not visible, not a config_setting…). */
function firstLine(s: string): string {
  return s.split('\n')[0] ?? s;
}

/** The settings a condition asks for (its checks, in the specialization vocabulary). */
function settingsOf(c: SettingMatch | undefined): string[] {
  return c ? c.checks.map((k) => k.setting) : [];
}

/** One plain sentence about how a select() resolved, then the evidence sentences. */
export function partSentences(part: SelectPart): { headline: string; failed: boolean; details: string[] } {
  const byKey = new Map(part.conditions.map((c) => [c.setting, c]));
  switch (part.outcome) {
    case 'matched': {
      const others = part.matching.filter((k) => k !== part.chosen);
      if (others.length === 0) return { headline: `${code(part.chosen)} was chosen: it is the only condition that matches.`, failed: false, details: [] };
      const theirs = new Set(others.flatMap((k) => settingsOf(byKey.get(k))));
      const extra = settingsOf(byKey.get(part.chosen)).filter((s) => !theirs.has(s));
      const also = extra.length > 0 ? ` and also ${list(extra, settingText)}` : ', and more';
      return { headline: `${code(part.chosen)} was chosen because it matches everything ${list(others)} ${others.length === 1 ? 'matches' : 'match'}${also}.`, failed: false, details: [] };
    }
    case 'default':
      return { headline: `No condition matches, so the ${code(DEFAULT_CONDITION)} branch was chosen.`, failed: false, details: [] };
    case 'same-value': {
      const a = part.ambiguity!;
      return {
        headline: `${list(a.conditions)} all match and none is more specialized, but they give the same value, which current Bazel accepts: ${code(part.chosen)}'s branch is used.`,
        failed: false,
        details: a.pairs.map(pairText),
      };
    }
    case 'ambiguous': {
      const a = part.ambiguity!;
      const two = a.conditions.length === 2;
      const details = a.pairs.map(pairText);
      if (a.sameValueAllowed) details.push('They give different values: current Bazel accepts an ambiguous match only when all the matching conditions give the same value.');
      else if (a.sameValue) details.push('They give the same value, but Bazel 4.2.3 does not accept an ambiguous match even then (current Bazel would).');
      else details.push('Bazel 4.2.3 never accepts an ambiguous match (current Bazel does only when all the matching conditions give the same value).');
      details.push('To fix it, make one condition more specialized than the others (give it all of their settings and more), or remove one.');
      return {
        headline: `No branch can be chosen: ${list(a.conditions)} ${two ? 'both match and neither is more specialized than the other' : 'all match and none is more specialized than the others'}.`,
        failed: true,
        details,
      };
    }
    case 'no-match': {
      const details = part.conditions
        .filter((c) => c.setting !== DEFAULT_CONDITION && !c.error)
        .map((c) => {
          const failing = c.checks.filter((k) => !k.matches);
          return failing.length > 0 ? `${code(c.setting)} does not match: ${failing.map(failedCheckText).join('; ')}.` : `${code(c.setting)} does not match.`;
        });
      if (part.noMatchError) details.push(`The select() gives this no_match_error: “${part.noMatchError}”`);
      return { headline: `No branch can be chosen: no condition matches and the select() has no ${code(DEFAULT_CONDITION)}.`, failed: true, details };
    }
    case 'bad-condition': {
      const broken = part.conditions.filter((c) => c.error);
      const details = broken.flatMap((c) => (c.problems?.length ? c.problems.map((p) => `${code(c.setting)}: ${problemText(p)}`) : [`${code(c.setting)}: ${firstLine(c.error!)}`]));
      return { headline: `No branch can be chosen: ${list(broken.map((c) => c.setting))} cannot be used as a condition.`, failed: true, details };
    }
  }
}

function pairText(p: AmbiguousPair): string {
  if (p.identical) return `${code(p.a)} and ${code(p.b)} ask for exactly the same settings.`;
  if (p.constraintsWouldDecide !== undefined) {
    const other = p.constraintsWouldDecide === p.a ? p.b : p.a;
    return `${code(p.constraintsWouldDecide)} would be more specialized than ${code(other)} by its constraint_values, but Bazel 4.2.3 does not count constraint_values for specialization.`;
  }
  const has = (x: string, only: readonly string[], y: string) => `${code(x)} asks for ${list(only, settingText)}, which ${code(y)} does not`;
  const parts = [...(p.onlyA.length > 0 ? [has(p.a, p.onlyA, p.b)] : []), ...(p.onlyB.length > 0 ? [has(p.b, p.onlyB, p.a)] : [])];
  return `${parts.join('; ')}: neither has all the settings of the other.`;
}

/** One plain sentence about a config_setting's own match, then the evidence sentences. */
export function settingSentences(label: string, m: SettingMatch): { headline: string; failed: boolean; details: string[] } {
  if (m.problems?.length) {
    return { headline: `${code(label)} is broken: Bazel cannot analyse it, so no select() can use it.`, failed: true, details: m.problems.map(problemText) };
  }
  if (m.error) return { headline: `${code(label)} cannot be analysed: ${firstLine(m.error)}`, failed: true, details: [] };
  if (m.matches) return { headline: `${code(label)} matches this configuration: every entry matches.`, failed: false, details: [] };
  const failing = m.checks.filter((k) => !k.matches);
  return { headline: `${code(label)} does not match this configuration: ${failing.map(failedCheckText).join('; ')}.`, failed: false, details: [] };
}
