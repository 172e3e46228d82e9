// Starlark configuration transitions (`transition(implementation, inputs, outputs)`), applied where Bazel applies
// them: a rule class's `cfg` on the way into each of its targets, an attribute's `cfg` on the way to each dependency.
//
// The implementation is called with `settings` — a dict from each input setting to its value in the configuration
// the edge starts in: `//command_line_option:<name>` reads a native option (a list option as a list), any other
// label a user-defined build setting (its value, else its build_setting_default) — and `attr`, the rule's attribute
// values. It returns a dict of the output settings' new values (a list of dicts would be a split transition, which
// is not emulated). The result is the configuration with those values (Configuration.withOverrides): a setting set
// back to its default is dropped, so an identity transition gives the same configuration, as in Bazel
// (StarlarkTransition.validate). A --cpu that cannot be part of an output directory name fails as Bazel's
// configuration does ("CPU name '…' is invalid as part of a path: must not contain /").

import type { Diagnostic, Profile } from '../base/index.ts';
import { labelToString, LabelSyntaxError, parseLabelInPackage, type StarlarkTransition, type PlainAttrValue, type Target } from '../loading/index.ts';
import { settingDefault, type BuildSettingValue, type Configuration } from '../config/index.ts';
import { Dict, EvalError, List, None, Struct, Thread, errorToDiagnostic, typeName, type Value } from '../starlark/index.ts';

const NATIVE = '//command_line_option:';

export interface TransitionContext {
  readonly profile: Profile;
  /** The target a user-defined setting's label names (its build_setting_default is its value when not set). */
  target(label: string): Target | undefined;
  /** Where print() in the implementation goes (Bazel's DEBUG lines). */
  print?(message: string, where: { readonly file: string; readonly line: number; readonly column: number }): void;
}

export interface TransitionFailure {
  readonly error: string;
  readonly invalidConfiguration?: boolean;
  /** The implementation's Starlark error. */
  readonly diagnostic?: Diagnostic;
}
export type TransitionResult = { readonly config: Configuration } | TransitionFailure;

/** The transition's `attr`: a missing name is Bazel's message (an attribute its select() could not give). */
class TransitionAttrs extends Struct {
  override unknownAttrMessage(name: string): string {
    return `No attribute '${name}'. Either this attribute does not exist for this rule or the attribute was not resolved because it is set by a select that reads flags the transition may set.`;
  }
}

function toStarlark(v: unknown): Value {
  if (v === null || v === undefined) return None;
  if (typeof v === 'string' || typeof v === 'boolean' || typeof v === 'number') return v;
  if (Array.isArray(v)) return new List(v.map(toStarlark));
  if (typeof v === 'object' && 'name' in (v as object) && 'pkg' in (v as object)) return labelToString(v as never);
  return None;
}

/** The canonical label of a setting named in inputs/outputs (relative ones read in the .bzl file's package). */
function settingLabel(key: string, tr: StarlarkTransition, profile: Profile): string {
  if (key.startsWith(NATIVE)) return key;
  try {
    return labelToString(parseLabelInPackage(key, { repo: '', pkg: tr.bzlPackage }, profile.labels));
  } catch (e) {
    if (e instanceof LabelSyntaxError) return key;
    throw e;
  }
}

function nativeValue(config: Configuration, name: string): Value {
  if (name === 'cpu') return config.cpu;
  if (name === 'compilation_mode') return config.compilationMode;
  const vs = config.values(name);
  if (vs.length > 1 || name === 'copt' || name === 'define' || name === 'features') return new List(vs.map((v) => v.value));
  const v = vs[0]?.value;
  return v === undefined ? None : v;
}

function fromStarlark(v: Value): BuildSettingValue | undefined {
  if (typeof v === 'string' || typeof v === 'boolean' || typeof v === 'number') return v;
  if (v instanceof List) return v.elems.map((e) => String(e));
  return undefined;
}

/** Applies a transition to `config` for a rule whose attribute values are `attrs`. */
export function applyTransition(tr: StarlarkTransition, config: Configuration, attrs: ReadonlyMap<string, PlainAttrValue>, ctx: TransitionContext): TransitionResult {
  const settingValue = (label: string): Value => {
    if (label.startsWith(NATIVE)) return nativeValue(config, label.slice(NATIVE.length));
    const set = config.starlarkFlag(label);
    if (set) return toStarlark(set.value);
    const t = ctx.target(label);
    return t?.kind === 'rule' ? toStarlark(settingDefault(t)) : None;
  };
  const settings = new Dict(tr.inputs.map((k) => [k, settingValue(settingLabel(k, tr, ctx.profile))] as [Value, Value]));
  const attr = new TransitionAttrs([...attrs].filter(([k]) => /^[A-Za-z_]\w*$/.test(k)).map(([k, v]) => [k, toStarlark(v)] as [string, Value]));
  let result: Value;
  try {
    const print = ctx.print;
    result = new Thread({ semantics: ctx.profile.starlark, ...(print ? { print: (msg, where) => print(msg, where) } : {}) }).call(tr.implementation, [settings, attr]);
  } catch (e) {
    if (e instanceof EvalError) {
      const d = errorToDiagnostic(e, undefined);
      return { error: d?.message ?? e.message, ...(d ? { diagnostic: d } : {}) };
    }
    throw e;
  }
  if (result instanceof List) return { error: 'split transitions (a list of dicts) are not supported by rulepen' };
  if (!(result instanceof Dict)) return { error: `transition function returned ${typeName(result)}, want dict or list of dicts` };
  const native = new Map<string, string | boolean | readonly string[]>();
  const flags = new Map<string, BuildSettingValue | undefined>();
  const returned = new Set<string>();
  for (const [k, v] of result.entries()) {
    if (typeof k !== 'string') continue;
    returned.add(k);
    if (!tr.outputs.includes(k)) return { error: `transition function returned undeclared output '${k}'` };
    const label = settingLabel(k, tr, ctx.profile);
    const value = fromStarlark(v);
    if (label.startsWith(NATIVE)) {
      const name = label.slice(NATIVE.length);
      if (value === undefined) continue;
      if (name === 'cpu' && typeof value === 'string' && value.includes('/')) {
        return { error: `CPU name '${value}' is invalid as part of a path: must not contain /`, invalidConfiguration: true };
      }
      native.set(name, Array.isArray(value) ? value : typeof value === 'number' ? String(value) : (value as string | boolean));
      continue;
    }
    const t = ctx.target(label);
    const dflt = t?.kind === 'rule' ? settingDefault(t) : undefined;
    flags.set(label, value === undefined || JSON.stringify(value) === JSON.stringify(dflt) ? undefined : value);
  }
  for (const o of tr.outputs) if (!returned.has(o)) return { error: `transition outputs [${o}] were not defined by transition function` };
  return { config: config.withOverrides(native, flags) };
}
