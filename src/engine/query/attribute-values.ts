// An attribute's value as the query layer sees it: set, or its default (with the defaults Bazel computes —
// visibility from package(default_visibility), testonly true for tests), and its rendering for attr(),
// Java-style: lists `[a, b]`, labels absolute, dicts `{k=v}`, booleans `0`/`1`.

import {
  Configurable,
  defaultOf,
  labelToString,
  visibilityOf,
  type AttrSpec,
  type AttrValue,
  type Label,
  type Package,
  type PlainAttrValue,
  type RuleTarget,
  type Target,
  type VisibilityLookup,
} from '../loading/index.ts';
import { bazelAttributeOrder } from './graph.ts';

export function attrSpec(rule: RuleTarget, name: string): AttrSpec | undefined {
  return bazelAttributeOrder(rule.schema, true).find((a) => a.name === name);
}

/** The value of an attribute, defaults included; undefined when the rule has no such attribute. */
const TIMEOUT_OF_SIZE: Readonly<Record<string, string>> = { small: 'short', medium: 'moderate', large: 'long', enormous: 'eternal' };

export function effectiveValue(rule: RuleTarget, name: string, pkg: Package | undefined): AttrValue | undefined {
  const spec = attrSpec(rule, name);
  if (!spec) return undefined;
  if (rule.attrs.has(name)) return rule.attrs.get(name)!;
  // The name is the label's, not a stored value (attr(name, '.*d.*', …) matches //c:d).
  if (name === 'name') return rule.label.name;
  if (name === 'visibility') return targetVisibility(rule, pkg);
  if (name === 'testonly') return rule.schema.test === true || rule.ruleClass === 'test_suite' || pkg?.args.defaultTestonly === true;
  // A test's timeout defaults to its size's (TestTimeout.getTestTimeout): small → short, medium → moderate, …
  if (name === 'timeout' && rule.schema.test) return TIMEOUT_OF_SIZE[String(effectiveValue(rule, 'size', pkg) ?? 'medium')] ?? 'moderate';
  const d = defaultOf(rule, spec);
  if (d === undefined || d === null) return null;
  if (Array.isArray(d)) return d as readonly string[];
  if (typeof d === 'object') return Object.entries(d as Record<string, string>);
  return d as string | number | boolean;
}

/** What visibility reads of one package: its targets (package groups, generating rules) and its default. */
function packageLookup(pkg: Package | undefined): VisibilityLookup {
  return {
    target: (l) => (pkg && pkg.name === l.pkg && pkg.repo === l.repo ? pkg.targets.get(l.name) : undefined),
    defaultVisibility: () => pkg?.args.defaultVisibility,
  };
}

/**
 * Any target's visibility as query outputs print it (loading/visibility.ts decides what it is). A built-in
 * repository's package names its own labels without the repository, which is put back.
 */
export function targetVisibility(t: Target, pkg: Package | undefined): readonly Label[] {
  const vis = visibilityOf(t, packageLookup(pkg));
  const repo = t.label.repo;
  return repo === '' ? vis : vis.map((v) => (v.repo === '' && v.pkg !== 'visibility' ? { ...v, repo } : v));
}

/** One plain value rendered as Bazel's attr() sees it (Java toString of the attribute's Java value). */
export function renderForAttr(type: AttrSpec['type'], v: PlainAttrValue): string {
  if (v === null) return 'null';
  if (typeof v === 'boolean') return v ? '1' : '0';
  if (typeof v === 'number' || typeof v === 'string') return String(v);
  if (!Array.isArray(v)) return labelToString(v as Label);
  const item = (x: unknown): string => {
    if (typeof x === 'string') return x;
    if (Array.isArray(x)) return x.map(item).join(', ');
    return labelToString(x as Label);
  };
  if (type.endsWith('dict')) {
    return '{' + (v as readonly (readonly [unknown, unknown])[]).map(([k, val]) => `${item(k)}=${Array.isArray(val) ? '[' + item(val) + ']' : item(val)}`).join(', ') + '}';
  }
  return '[' + (v as readonly unknown[]).map(item).join(', ') + ']';
}

/** Every value a (possibly configurable) attribute can take: one per combination of select() branches. */
export function possibleValues(v: AttrValue): PlainAttrValue[] {
  if (!(v instanceof Configurable)) return [v];
  let acc: PlainAttrValue[][] = [[]];
  for (const part of v.parts) {
    const choices = part.kind === 'value' ? [part.value] : part.branches.map((b) => b.value);
    const next: PlainAttrValue[][] = [];
    for (const a of acc) for (const c of choices) next.push([...a, c]);
    acc = next.length > 256 ? next.slice(0, 256) : next;
  }
  return acc.map((parts) => concatValues(parts));
}

function concatValues(parts: PlainAttrValue[]): PlainAttrValue {
  const nonNull = parts.filter((p) => p !== null);
  if (nonNull.length === 0) return null;
  if (nonNull.length === 1) return nonNull[0]!;
  if (nonNull.every((p) => typeof p === 'string')) return nonNull.join('');
  if (nonNull.every((p) => typeof p === 'number')) return nonNull.reduce((a, b) => (a + b) | 0);
  return nonNull.flatMap((p) => (Array.isArray(p) ? p : [p])) as PlainAttrValue;
}
