// The allowed values of an attribute (attr.string(values = …), a native rule's allowedValues), checked as Bazel's
// RuleClass.checkAllowedValues does when a rule is created: every value the attribute can take, select() branches
// and their concatenations included, is reported once per time it comes out ("invalid value in 'x' attribute: has
// to be one of 'a' or 'b' instead of 'c'").
//
// Every value a configurable attribute can take is listed the way AggregatingAttributeMapper.getAllValues lists it,
// since the errors come out in that order and as often. A concatenation `a + select(x) + b + select(y)` is a list of
// selectors, a plain value being a selector with only the default condition. One select() gives its branch values
// in the order written. Several are walked depth first with a stack, so the last branch of the first select() comes
// out first. A selector whose key set is that of a selector already bound takes the bound key instead of each of
// its keys, so `select(x) + select(x)` gives one value per key rather than every pair; but the binding is recorded
// per key set, not per path, and a path may reuse a binding another path made (4.2.3 lists 'paq2', 'paq1', 'pbq1'
// for `"p" + select({b: "b", a: "a"}) + "q" + select({b: "1", a: "2"})`, checked; current Bazel's code is the same).
// A None branch is the type's default (BuildType.Selector: '' for a string, 0 for an int); the attribute's own
// default is never checked.

import { labelToString, type Label } from './label.ts';
import { Configurable, DEFAULT_CONDITION, type AttrValue, type PlainAttrValue } from './attributes.ts';
import type { AttrSpec, AttrType } from './rules/index.ts';

/** A walk that would list more values than this stops there (select() chains grow exponentially). */
const MAX_VALUES = 10_000;

/** Every value `v` can take, in Bazel's order (see the header); a plain value is its only one. */
export function possibleValues(type: AttrType, v: AttrValue): PlainAttrValue[] {
  if (!(v instanceof Configurable)) return v === null ? [] : [v];
  const selectors = v.parts.map((p) => {
    if (p.kind === 'value') return new Map([[DEFAULT_CONDITION, p.value]]);
    // Two spellings of one key are one entry (a map), the later value winning.
    const m = new Map<string, PlainAttrValue>();
    for (const b of p.branches) m.set(labelToString(b.key), b.value ?? typeDefault(type));
    return m;
  });
  if (selectors.length === 1) return [...selectors[0]!.values()].filter((x) => x !== null);

  const keySet = (m: Map<string, PlainAttrValue>) => [...m.keys()].sort().join('\n');
  interface Node {
    readonly offset: number;
    readonly key: string;
    readonly value: PlainAttrValue;
  }
  const stack: Node[] = [...selectors[0]!].map(([key, value]) => ({ offset: 0, key, value }));
  const bound = new Map<string, { readonly key: string; readonly offset: number }>();
  const out: PlainAttrValue[] = [];
  while (stack.length > 0 && out.length < MAX_VALUES) {
    const node = stack.pop()!;
    const next = node.offset + 1;
    if (next >= selectors.length) {
      if (node.value !== null) out.push(node.value);
      continue;
    }
    const entries = selectors[next]!;
    const nextKeys = keySet(entries);
    const b = bound.get(nextKeys);
    if (b !== undefined && b.offset < node.offset) {
      stack.push({ offset: next, key: b.key, value: concatPlain(type, node.value, entries.get(b.key) ?? null) });
      continue;
    }
    const currentKeys = keySet(selectors[node.offset]!);
    bound.set(currentKeys, { key: node.key, offset: node.offset });
    if (currentKeys === nextKeys) {
      stack.push({ offset: next, key: node.key, value: concatPlain(type, node.value, entries.get(node.key) ?? null) });
      continue;
    }
    for (const [key, x] of entries) stack.push({ offset: next, key, value: concatPlain(type, node.value, x) });
  }
  return out;
}

/** What a None branch stands for: the type's default (Type.getDefaultValue). */
function typeDefault(t: AttrType): PlainAttrValue {
  switch (t) {
    case 'string':
      return '';
    case 'int':
      return 0;
    case 'bool':
      return false;
    case 'tristate':
      return -1;
    case 'label':
    case 'nodep_label':
    case 'output':
    case 'license':
      return null;
    default:
      return [];
  }
}

/** `a + b` as the attribute's type concatenates (Type.concat): strings join, ints add in 32 bits, lists append, dicts merge. */
export function concatPlain(t: AttrType, a: PlainAttrValue, b: PlainAttrValue): PlainAttrValue {
  if (a === null) return b;
  if (b === null) return a;
  if (typeof a === 'string' && typeof b === 'string') return a + b;
  if (typeof a === 'number' && typeof b === 'number') return (a + b) | 0;
  if (!Array.isArray(a) || !Array.isArray(b)) return b;
  if (!t.endsWith('dict')) return [...a, ...b] as PlainAttrValue;
  const merged = new Map<string, readonly [string | Label, unknown]>();
  for (const [k, x] of [...a, ...b] as (readonly [string | Label, unknown])[]) merged.set(typeof k === 'string' ? k : labelToString(k), [k, x]);
  return [...merged.values()] as PlainAttrValue;
}

/** Bazel's StringUtil.joinEnglishList(values, "or", "'"): `'a', 'b' or 'c'`, with a comma before "or" when `oxfordComma`. */
export function englishList(values: readonly unknown[], oxfordComma: boolean): string {
  const q = values.map((v) => `'${String(v)}'`);
  if (q.length === 0) return 'nothing';
  if (q.length === 1) return q[0]!;
  return `${q.slice(0, -1).join(', ')}${oxfordComma && q.length > 2 ? ',' : ''} or ${q[q.length - 1]}`;
}

/**
 * The errors of an attribute value outside its allowed values, one per value that is not allowed (see the header),
 * without the `//pkg:name: ` prefix the loader adds. `oxfordComma`: the profile's englishListOxfordComma.
 */
export function allowedValueErrors(spec: AttrSpec, v: AttrValue, oxfordComma: boolean): string[] {
  const allowed = spec.allowedValues;
  if (allowed === undefined || allowed.length === 0) return [];
  const out: string[] = [];
  for (const x of possibleValues(spec.type, v)) {
    if ((typeof x === 'string' || typeof x === 'number' || typeof x === 'boolean') && allowed.includes(x)) continue;
    out.push(`invalid value in '${spec.name}' attribute: has to be one of ${englishList(allowed, oxfordComma)} instead of '${String(x)}'`);
  }
  return out;
}
