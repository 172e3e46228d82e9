// The Starlark values the loading layer adds: Label objects (`Label("//a:b")`) and select() values, kept unresolved.
//
// `select({...}) + [...]` must build a list of parts (Bazel's SelectorList); the values layer calls
// `binaryOp(op, other, selfOnLeft)` on a StarlarkValue that defines it when the built-in operator does not apply.

import { EvalError, None, quote, reprInto, type StarlarkValue, type ThreadLike, type Value, Dict, typeName } from '../starlark/index.ts';
import { canonicalLabelString, compareLabels, labelToString, type Label } from './label.ts';

/** A Label object, as `Label("//pkg:name")` returns and `attr.label` values are in rule implementations. */
export class LabelValue implements StarlarkValue {
  readonly typeName = 'Label';
  /**
   * `canonical`: current Bazel (Bzlmod) prints a Label with str() in its canonical form, `@@//pkg:name` (and
   * `@@repo//…`), and repr()s an external one as `Label("@@repo//…")`; 4.2.3 printed `//pkg:name`.
   */
  constructor(
    readonly label: Label,
    readonly canonical = false,
  ) {}

  repr(out: string[]): void {
    const l = this.label;
    out.push('Label(', quote(this.canonical && l.repo ? '@' + labelToString(l) : labelToString(l)), ')');
  }
  str(out: string[]): void {
    out.push(this.canonical ? canonicalLabelString(this.label) : labelToString(this.label));
  }
  truth(): boolean {
    return true;
  }
  freeze(): void {}
  hash(): number {
    const s = labelToString(this.label);
    let h = 0;
    for (let i = 0; i < s.length; i++) h = (Math.imul(h, 31) + s.charCodeAt(i)) | 0;
    return h;
  }
  equals(other: Value): boolean {
    return other instanceof LabelValue && compareLabels(this.label, other.label) === 0;
  }
  compare(other: Value): number {
    return compareLabels(this.label, (other as LabelValue).label);
  }
  attrNames(): string[] {
    return ['name', 'package', 'repo_name', 'workspace_name', 'workspace_root'];
  }
  getAttr(name: string, _thread: ThreadLike | null): Value | undefined {
    const l = this.label;
    switch (name) {
      case 'name':
        return l.name;
      case 'package':
        return l.pkg;
      case 'workspace_name':
      case 'repo_name':
        return l.repo;
      case 'workspace_root':
        return l.repo ? `external/${l.repo}` : '';
    }
    return undefined;
  }
}

/** One `select({...})`: its entries as written (keys are label strings, not yet resolved). */
export class Selector {
  constructor(
    readonly entries: readonly (readonly [string, Value])[],
    readonly noMatchError: string,
    /** The keys as Label objects, once converted for a symbolic macro's attribute (repr then shows them so). */
    readonly keyLabels?: readonly LabelValue[],
  ) {}
}

/**
 * The value of `select(...)`, possibly concatenated with plain values: `select(a) + [x] + select(b)` is one
 * SelectValue with three parts. Attribute conversion resolves its keys to labels; configuration resolves it.
 */
export class SelectValue implements StarlarkValue {
  readonly typeName = 'select';
  constructor(readonly parts: readonly (Selector | Value)[]) {}

  repr(out: string[], seen: Set<object>): void {
    this.parts.forEach((p, i) => {
      if (i > 0) out.push(' + ');
      if (p instanceof Selector) {
        out.push('select({');
        p.entries.forEach(([k, v], j) => {
          if (j > 0) out.push(', ');
          const key = p.keyLabels?.[j];
          if (key) key.repr(out);
          else out.push(quote(k));
          out.push(': ');
          reprInto(out, v, seen);
        });
        out.push('})');
      } else reprInto(out, p, seen);
    });
  }
  truth(): boolean {
    return true;
  }
  freeze(): void {}

  /**
   * `+` with a value of any type or another select, `|` with a dict (SelectorList.binaryOp). Which types an
   * attribute can concatenate is checked when the rule is created ("type 'boolean' doesn't support select
   * concatenation"), so `0 + select({...: 1})` is a value here, for an int attribute to add up.
   */
  binaryOp(op: string, other: Value, selfOnLeft: boolean): Value | undefined {
    if (op !== '+' && (op !== '|' || nativeType(other) !== 'dict')) return undefined;
    const mine = this.parts;
    const theirs = other instanceof SelectValue ? other.parts : [other];
    // SelectorList.of: the operands' native types (a select()'s is its first value's) must agree; Bazel names `+`
    // whichever operator it was.
    const [l, r] = selfOnLeft ? [this as Value, other] : [other, this as Value];
    if (!canConcatenate(nativeType(l), nativeType(r))) {
      throw new EvalError(`'+' operator applied to incompatible types (${concatTypeName(l)}, ${concatTypeName(r)})`);
    }
    return new SelectValue(selfOnLeft ? [...mine, ...theirs] : [...theirs, ...mine]);
  }
}

/** The type SelectorList.getNativeType gives a value: a select()'s is the type of its first value. */
function nativeType(v: Value): string {
  if (!(v instanceof SelectValue)) return typeName(v);
  const first = v.parts[0];
  if (first instanceof Selector) return first.entries.length > 0 ? typeName(first.entries[0]![1]) : 'NoneType';
  return first === undefined ? 'NoneType' : typeName(first);
}

function concatTypeName(v: Value): string {
  return v instanceof SelectValue ? `select of ${nativeType(v)}` : typeName(v);
}

function canConcatenate(a: string, b: string): boolean {
  const listy = (t: string) => t === 'list' || t === 'tuple';
  return a === b || (listy(a) && listy(b));
}

/** Bazel's select(x, no_match_error = '') builtin; `keyWant` is the profile's selectKeyWant. */
export function makeSelect(x: Value, noMatchError: Value, keyWant = 'a Label or label string'): SelectValue {
  if (!(x instanceof Dict)) {
    throw new EvalError(`in call to select(), parameter 'x' got value of type '${typeName(x)}', want 'dict'`);
  }
  if (x.length() === 0) {
    throw new EvalError(
      "select({}) with an empty dictionary can never resolve because it includes no conditions to match",
    );
  }
  const entries: [string, Value][] = [];
  for (const [k, v] of x.entries()) {
    if (typeof k === 'string') entries.push([k, v]);
    else if (k instanceof LabelValue) entries.push([labelToString(k.label), v]);
    else throw new EvalError(`select: got ${typeName(k)} for dict key, want ${keyWant}`);
  }
  const msg = noMatchError === None ? '' : noMatchError;
  if (typeof msg !== 'string') {
    throw new EvalError(`in call to select(), parameter 'no_match_error' got value of type '${typeName(msg)}', want 'string'`);
  }
  return new SelectValue([new Selector(entries, msg)]);
}
