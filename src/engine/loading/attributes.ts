// Attribute values: their representation after loading, and the conversion of Starlark values into them by a
// rule's schema, with Bazel's messages ("expected value of type 'string' for attribute 'cmd' in 'genrule' rule,
// but got 1 (int)"). select() values stay unresolved (Configurable) with their keys parsed as labels.

import { Dict, List, None, repr, Tuple, typeName, type Value } from '../starlark/index.ts';
import { LabelSyntaxError, parseLabelInPackage, type Label, type LabelDialect, type PackageContext } from './label.ts';
import type { AttrSpec, AttrType } from './rules/index.ts';
import { LabelValue, Selector, SelectValue } from './values.ts';

export type PlainAttrValue =
  | null
  | string
  | number
  | boolean
  | Label
  | readonly string[]
  | readonly number[]
  | readonly Label[]
  | readonly (readonly [string, string])[]
  | readonly (readonly [Label, string])[]
  | readonly (readonly [string, Label])[]
  | readonly (readonly [string, readonly string[]])[]
  | readonly (readonly [string, readonly Label[]])[];

export type AttrValue = PlainAttrValue | Configurable;

export interface SelectBranch {
  /** The key as a label; `//conditions:default` is the default branch. */
  readonly key: Label;
  readonly isDefault: boolean;
  readonly value: PlainAttrValue;
}

export type SelectPart =
  | { readonly kind: 'value'; readonly value: PlainAttrValue }
  | { readonly kind: 'selector'; readonly branches: readonly SelectBranch[]; readonly noMatchError: string };

/** A select() (possibly concatenated with plain values), not yet resolved against a configuration. */
export class Configurable {
  constructor(readonly parts: readonly SelectPart[]) {}
}

export const DEFAULT_CONDITION = '//conditions:default';

/** The name Bazel's Type objects give in "expected value of type '…'". */
export function typeLabel(t: AttrType): string {
  switch (t) {
    case 'label':
    case 'nodep_label':
    case 'output':
    case 'string':
      return 'string';
    case 'label_list':
      return 'list(label)';
    case 'nodep_label_list':
      return 'list(nodep_label)';
    case 'output_list':
      return 'list(output)';
    case 'string_list':
    case 'license':
    case 'distribs':
      return 'list(string)';
    case 'bool':
    case 'int':
      return 'int';
    case 'tristate':
      return 'tristate';
    case 'string_dict':
      return 'dict(string, string)';
    case 'string_list_dict':
      return 'dict(string, list(string))';
    case 'label_keyed_string_dict':
      return 'dict(label, string)';
    case 'string_keyed_label_dict':
      return 'dict(string, label)';
    case 'int_list':
      return 'list(int)';
    case 'label_list_dict':
      return 'dict(string, list(label))';
  }
}

/**
 * For a type whose values cannot be concatenated (Bazel's Type.concat returns null), its name as Bazel's Type prints
 * it; undefined for the types that concatenate: strings join, ints add, lists append, dicts merge.
 */
export function notConcatenable(t: AttrType): string | undefined {
  switch (t) {
    case 'bool':
      return 'boolean';
    case 'label':
    case 'nodep_label':
      return 'label';
    case 'output':
    case 'tristate':
    case 'license':
      return t;
    case 'distribs':
      return 'distributions';
    default:
      return undefined;
  }
}

export interface ConversionContext {
  readonly ruleClass: string;
  readonly pkg: PackageContext;
  readonly dialect: LabelDialect;
}

class ConversionError extends Error {}

function got(v: Value): string {
  return `${repr(v)} (${typeName(v)})`;
}

/**
 * Converts a Starlark value to an attribute value. Returns the value, or the error message Bazel gives
 * (without the `//pkg:name: ` prefix that the loader adds).
 */
export function convertAttribute(spec: AttrSpec, v: Value, ctx: ConversionContext): { value: AttrValue } | { error: string } {
  const at: Where = { spec, ctx };
  try {
    if (v instanceof SelectValue) {
      // BuildType.SelectorList: a concatenation is checked against the attribute's type before anything else.
      const cannot = v.parts.length > 1 ? notConcatenable(spec.type) : undefined;
      if (cannot) return { error: `type '${cannot}' doesn't support select concatenation` };
      if (spec.configurable === false) return { error: `attribute "${spec.name}" is not configurable` };
      return { value: new Configurable(v.parts.map((p) => convertPart(spec, p, ctx, at))) };
    }
    return { value: convertPlain(spec.type, v, ctx, at) };
  } catch (e) {
    if (e instanceof ConversionError) return { error: e.message };
    throw e;
  }
}

/**
 * The attribute a value is converted for: its messages' "attribute 'x' in 'y' rule", made only when one is
 * needed (converting is done for every attribute of every rule; errors are rare).
 */
interface Where {
  readonly spec: AttrSpec;
  readonly ctx: ConversionContext;
}

function whatOf(at: Where): string {
  return `attribute '${at.spec.name}' in '${at.ctx.ruleClass}' rule`;
}

function convertPart(spec: AttrSpec, p: Selector | Value, ctx: ConversionContext, at: Where): SelectPart {
  if (!(p instanceof Selector)) return { kind: 'value', value: convertPlain(spec.type, p, ctx, at) };
  const branches: SelectBranch[] = [];
  for (const [k, val] of p.entries) {
    let key: Label;
    try {
      key = parseLabelInPackage(k, ctx.pkg, ctx.dialect);
    } catch (e) {
      if (e instanceof LabelSyntaxError) throw new ConversionError(`invalid label '${k}' in select() key of ${whatOf(at)}: ${e.message}`);
      throw e;
    }
    const isDefault = key.repo === '' && key.pkg === 'conditions' && key.name === 'default'; // DEFAULT_CONDITION
    // A None branch means "the attribute's default".
    branches.push({ key, isDefault, value: val === None ? null : convertPlain(spec.type, val, ctx, at) });
  }
  return { kind: 'selector', branches, noMatchError: p.noMatchError };
}

function asSequence(v: Value): readonly Value[] | undefined {
  if (v instanceof List) return v.elems;
  if (v instanceof Tuple) return v.elems;
  return undefined;
}

/** Where a value sits, for messages: the attribute itself, or a dict key or value (a fixed text). */
type Place = Where | string;

/** The place's text; `element`: the value is that element of a list at the place. */
function placeText(p: Place, element = -1): string {
  const text = typeof p === 'string' ? p : whatOf(p);
  return element >= 0 ? `element ${element} of ${text}` : text;
}

function label(s: Value, ctx: ConversionContext, where: Place, element = -1): Label {
  if (typeof s !== 'string') {
    if (s instanceof LabelValue) return s.label;
    throw new ConversionError(`expected value of type 'string' for ${placeText(where, element)}, but got ${got(s)}`);
  }
  try {
    return parseLabelInPackage(s, ctx.pkg, ctx.dialect);
  } catch (e) {
    if (e instanceof LabelSyntaxError) throw new ConversionError(`invalid label '${s}' in ${placeText(where, element)}: ${e.message}`);
    throw e;
  }
}

function str(s: Value, where: Place, element = -1): string {
  if (typeof s !== 'string') throw new ConversionError(`expected value of type 'string' for ${placeText(where, element)}, but got ${got(s)}`);
  return s;
}

function convertPlain(t: AttrType, v: Value, ctx: ConversionContext, at: Where): PlainAttrValue {
  if (v === None) return null;
  const wrong = () => new ConversionError(`expected value of type '${typeLabel(t)}' for ${whatOf(at)}, but got ${got(v)}`);
  switch (t) {
    case 'string':
      return str(v, at);
    case 'label':
    case 'nodep_label':
    case 'output':
      return label(v, ctx, at);
    case 'bool':
      if (typeof v === 'boolean') return v;
      if (typeof v === 'number') {
        if (v === 0 || v === 1) return v === 1;
        throw new ConversionError('boolean is not one of [0, 1]');
      }
      throw wrong();
    case 'int':
    case 'tristate':
      if (typeof v === 'number') return v;
      if (typeof v === 'boolean' && t === 'tristate') return v ? 1 : 0;
      throw wrong();
    case 'label_list':
    case 'nodep_label_list':
    case 'output_list': {
      const seq = asSequence(v);
      if (!seq) throw wrong();
      const out: Label[] = [];
      for (let i = 0; i < seq.length; i++) out.push(label(seq[i]!, ctx, at, i));
      return out;
    }
    case 'string_list':
    case 'license':
    case 'distribs': {
      const seq = asSequence(v);
      if (!seq) throw wrong();
      const out: string[] = [];
      for (let i = 0; i < seq.length; i++) out.push(str(seq[i]!, at, i));
      return out;
    }
    case 'int_list': {
      const seq = asSequence(v);
      if (!seq) throw wrong();
      return seq.map((e, i) => {
        if (typeof e !== 'number') throw new ConversionError(`expected value of type 'int' for element ${i} of ${whatOf(at)}, but got ${got(e)}`);
        return e;
      });
    }
    case 'string_keyed_label_dict': {
      if (!(v instanceof Dict)) throw wrong();
      const out: [string, Label][] = [];
      for (const [k, val] of v.entries()) out.push([str(k, 'dict key element'), label(val, ctx, `dict value element of ${whatOf(at)}`)]);
      return out;
    }
    case 'string_dict':
    case 'label_keyed_string_dict':
    case 'string_list_dict':
    case 'label_list_dict': {
      if (!(v instanceof Dict)) throw wrong();
      const out: [string | Label, string | readonly string[] | readonly Label[]][] = [];
      for (const [k, val] of v.entries()) {
        const key = t === 'label_keyed_string_dict' ? label(k, ctx, `dict key element of ${whatOf(at)}`) : str(k, 'dict key element');
        let value: string | readonly string[] | readonly Label[];
        if (t === 'string_list_dict' || t === 'label_list_dict') {
          const seq = asSequence(val);
          if (!seq) throw new ConversionError(`expected value of type 'list(string)' for dict value element, but got ${got(val)}`);
          value = t === 'label_list_dict' ? seq.map((e) => label(e, ctx, 'dict value element')) : seq.map((e) => str(e, 'dict value element'));
        } else value = str(val, 'dict value element');
        out.push([key, value]);
      }
      return out as PlainAttrValue;
    }
  }
}

/**
 * Every label an attribute value mentions, select() branches and keys included (keys first, in order). `none`: what
 * a `None` branch stands for, the attribute's default (defaultAttrValue).
 */
export function labelsIn(type: AttrType, v: AttrValue, includeKeys = true, none: PlainAttrValue = null): Label[] {
  const out: Label[] = [];
  const plain = (p: PlainAttrValue) => {
    if (p === null) return;
    switch (type) {
      case 'label':
      case 'nodep_label':
      case 'output':
        out.push(p as Label);
        break;
      case 'label_list':
      case 'nodep_label_list':
      case 'output_list':
        out.push(...(p as readonly Label[]));
        break;
      case 'label_keyed_string_dict':
        for (const [k] of p as readonly (readonly [Label, string])[]) out.push(k);
        break;
      case 'string_keyed_label_dict':
        for (const [, l] of p as readonly (readonly [string, Label])[]) out.push(l);
        break;
      case 'label_list_dict':
        for (const [, ls] of p as readonly (readonly [string, readonly Label[]])[]) out.push(...ls);
        break;
      default:
        break;
    }
  };
  if (v instanceof Configurable) {
    for (const part of v.parts) {
      if (part.kind === 'value') plain(part.value);
      else
        for (const b of part.branches) {
          if (!b.isDefault && includeKeys) out.push(b.key);
          plain(b.value ?? none);
        }
    }
  } else plain(v);
  return out;
}

export function isLabelType(t: AttrType): boolean {
  return (
    t === 'label' || t === 'label_list' || t === 'nodep_label' || t === 'nodep_label_list' || t === 'label_keyed_string_dict' || t === 'string_keyed_label_dict' || t === 'label_list_dict'
  );
}
