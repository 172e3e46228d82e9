// Symbolic macros (Bazel 8's `macro()`): instantiating one in a BUILD file, as Bazel's MacroClass does.
//
// The caller's arguments are checked against the macro's attributes (unknown names, mandatory ones, None meaning
// "the default", select() only for configurable attributes), converted (label strings become Label objects
// resolved against the calling package, select() keys become Labels, a configurable attribute's plain value is
// promoted to `select({"//conditions:default": v})`) and frozen; then the implementation runs with the macro on
// the package builder's macro stack, so the targets and submacros it declares are checked against the macro's
// namespace: a submacro named outside it is an error at once, a target only when it is analysed ("violates
// macro naming rules", Package.checkMacroNamespaceCompliance).

import {
  Dict,
  EvalError,
  freezeValue,
  List,
  None,
  repr,
  Tuple,
  didYouMean,
  typeName,
  type ThreadLike,
  type Value,
} from '../starlark/index.ts';
import { labelToString, LabelSyntaxError, parseLabelInPackage, type PackageContext } from './label.ts';
import type { PackageBuilder } from './packages.ts';
export { inMacroNamespace, MACRO_NAMING_RULES, macroNamingViolation } from './macro-names.ts';
import type { AttrDescriptor, MacroValue } from './starlark-api/values.ts';
import type { Profile } from '../base/index.ts';
import { LabelValue, Selector, SelectValue } from './values.ts';

/** `my_macro(name = …, …)` in a BUILD thread: checks, converts, runs the implementation. */
export function instantiateMacro(
  b: PackageBuilder,
  profile: Profile,
  thread: ThreadLike,
  m: MacroValue,
  args: readonly Value[],
  kwargs: readonly (readonly [string, Value])[],
): Value {
  const what = `'${m.name}' macro`;
  if (args.length > 0) throw new EvalError(`${m.name}() got unexpected positional argument`);
  const given = new Map<string, Value>();
  for (const [k, v] of kwargs) given.set(k, v);
  const attrs = new Map(m.attrs.map(([n, d]) => [n, d] as const));
  const publicNames = ['name', 'visibility', ...m.attrs.map(([n]) => n).filter((n) => !n.startsWith('_'))];
  for (const k of given.keys()) {
    if (k === 'name' || k === 'visibility') continue;
    const d = attrs.get(k);
    if (d === undefined || k.startsWith('_')) throw new EvalError(`no such attribute '${k}' in ${what}${didYouMean(k, publicNames)}`);
  }
  const name = given.get('name');
  if (name === undefined || name === None) throw new EvalError(`missing value for mandatory attribute 'name' in ${what}`);
  if (typeof name !== 'string') throw new EvalError(`expected value of type 'string' for attribute 'name' in ${what}, but got ${repr(name)} (${typeName(name)})`);
  b.declareMacro(name);

  const ctx: PackageContext = { repo: b.pkg.repo, pkg: b.pkg.name };
  const call: [string, Value][] = [['name', name], ['visibility', given.get('visibility') ?? None]];
  for (const [n, d] of m.attrs) {
    let v = n.startsWith('_') ? undefined : given.get(n);
    if (v === None) v = undefined;
    if (v === undefined && d.opts.mandatory) throw new EvalError(`missing value for mandatory attribute '${n}' in ${what}`);
    const isSelect = v instanceof SelectValue;
    if (isSelect && !d.opts.configurable) throw new EvalError(`attribute "${n}" is not configurable`);
    let value: Value;
    if (v instanceof SelectValue) value = convertSelect(v, d, n, what, ctx, profile);
    else {
      value = v === undefined ? d.defaultValue : convertValue(v, d, n, what, ctx, profile);
      // A configurable attribute's value reaches the implementation as a select() (None stays None).
      if (d.opts.configurable && value !== None) value = new SelectValue([new Selector([['//conditions:default', value]], '')]);
    }
    freezeValue(value);
    call.push([n, value]);
  }

  b.macroStack.push(name);
  let result: Value;
  try {
    result = thread.call(m.implementation, [], call);
  } finally {
    b.macroStack.pop();
  }
  if (result !== None) throw new EvalError(`macro '${name}' may not return a non-None value (got ${repr(result)})`);
  return None;
}

function toLabel(v: Value, attr: string, what: string, ctx: PackageContext, profile: Profile): Value {
  if (v instanceof LabelValue || v === None) return v;
  if (typeof v !== 'string') throw new EvalError(`expected value of type 'string' for attribute '${attr}' in ${what}, but got ${repr(v)} (${typeName(v)})`);
  try {
    return new LabelValue(parseLabelInPackage(v, ctx, profile.labels), profile.canonicalLabelStrings);
  } catch (e) {
    if (e instanceof LabelSyntaxError) throw new EvalError(`invalid label '${v}' in attribute '${attr}' in ${what}: ${e.message}`);
    throw e;
  }
}

/** A value given for a macro attribute, as the implementation sees it (a fresh copy: the caller's stays unfrozen). */
function convertValue(v: Value, d: AttrDescriptor, attr: string, what: string, ctx: PackageContext, profile: Profile): Value {
  const label = (x: Value) => toLabel(x, attr, what, ctx, profile);
  const elems = (x: Value): readonly Value[] => {
    if (x instanceof List || x instanceof Tuple) return x.elems;
    throw new EvalError(`expected value of type 'list' for attribute '${attr}' in ${what}, but got ${repr(x)} (${typeName(x)})`);
  };
  const dict = (x: Value): Dict => {
    if (x instanceof Dict) return x;
    throw new EvalError(`expected value of type 'dict' for attribute '${attr}' in ${what}, but got ${repr(x)} (${typeName(x)})`);
  };
  const scalar = (want: string, ok: boolean) => {
    if (!ok) throw new EvalError(`expected value of type '${want}' for attribute '${attr}' in ${what}, but got ${repr(v)} (${typeName(v)})`);
    return v;
  };
  switch (d.kind) {
    case 'label':
      return label(v);
    case 'output':
      return scalar('string', typeof v === 'string');
    case 'string':
      return scalar('string', typeof v === 'string');
    case 'int':
      return scalar('int', typeof v === 'number' || typeof v === 'bigint');
    case 'bool':
      return scalar('bool', typeof v === 'boolean');
    case 'label_list':
      return new List(elems(v).map(label));
    case 'int_list':
    case 'string_list':
    case 'output_list':
    case 'license':
      return new List([...elems(v)]);
    case 'label_keyed_string_dict': {
      const out = new Dict();
      for (const [k, x] of dict(v).entries()) out.put(label(k), x);
      return out;
    }
    case 'string_keyed_label_dict': {
      const out = new Dict();
      for (const [k, x] of dict(v).entries()) out.put(k, label(x));
      return out;
    }
    case 'label_list_dict': {
      const out = new Dict();
      for (const [k, x] of dict(v).entries()) out.put(k, new List(elems(x).map(label)));
      return out;
    }
    case 'string_dict':
    case 'string_list_dict': {
      const out = new Dict();
      for (const [k, x] of dict(v).entries()) out.put(k, x instanceof List ? new List([...x.elems]) : x);
      return out;
    }
  }
}

/** A select() given for a macro attribute: its keys become Labels, its values are converted (None stays). */
function convertSelect(v: SelectValue, d: AttrDescriptor, attr: string, what: string, ctx: PackageContext, profile: Profile): Value {
  return new SelectValue(
    v.parts.map((p) => {
      if (!(p instanceof Selector)) return convertValue(p, d, attr, what, ctx, profile);
      const keys: LabelValue[] = [];
      const entries = p.entries.map(([k, x]) => {
        const key = toLabel(k, attr, what, ctx, profile) as LabelValue;
        keys.push(key);
        return [labelToString(key.label), x === None ? None : convertValue(x, d, attr, what, ctx, profile)] as const;
      });
      return new Selector(entries, p.noMatchError, keys);
    }),
  );
}

/** The APIs a symbolic macro may not call (Bazel: "glob() can only be used while evaluating a BUILD file …"). */
export function checkNotInSymbolicMacro(b: PackageBuilder, api: string, participle = 'used'): void {
  if (b.macroStack.length > 0) throw new EvalError(`${api} can only be ${participle} while evaluating a BUILD file or a legacy macro`);
}
