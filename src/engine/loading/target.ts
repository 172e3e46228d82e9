// Targets as loading makes them — rules with their attributes as written (select()s unresolved), source files,
// generated files, package groups — and the helpers every layer reads them with.

import type { StackFrame } from '../base/index.ts';
import type { AttrValue, PlainAttrValue } from './attributes.ts';
import { parseCanonicalLabel, type Label } from './label.ts';
import { attributesByName, type AttrSpec, type RuleSchema } from './rules/index.ts';

/** A place in a workspace file, 1-based. */
export interface Location {
  readonly file: string;
  readonly line: number;
  readonly column: number;
}

export interface RuleTarget {
  readonly kind: 'rule';
  readonly label: Label;
  readonly ruleClass: string;
  readonly schema: RuleSchema;
  /** Attributes set explicitly (converted), in the order given. */
  readonly attrs: ReadonlyMap<string, AttrValue>;
  readonly location: Location;
  /** The Starlark call stack at the rule call, outermost first (the BUILD file's frame first). */
  readonly callStack: readonly StackFrame[];
  readonly outputs: Label[];
  inError: boolean;
  /**
   * test_suite without tests: Bazel's `$implicit_tests`, the package's non-manual tests sorted by name (profile
   * row implicitTestsFilteredByTags: only those that also pass the suite's tag filter, the size counting as a tag).
   * Set when the package is done.
   */
  implicitTests?: readonly Label[];
  /** Query outputs list `implicitTests` twice (profile row implicitTestsRepeatedOnRestart). */
  readonly implicitTestsRepeated?: boolean;
  /** Attributes in `attrs` that the package's defaults set (package(default_testonly, …), licenses()): not explicit. */
  readonly packageDefaults?: ReadonlySet<string>;
  /** The symbolic macro that declared this rule outside its namespace (it cannot be analysed). */
  readonly macroViolation?: string;
  /**
   * A 4.2.3 config_setting's visibility as written, where loading made it public (profile row
   * configSettingsPublic): cquery reads attributes through the configured attribute mapper and prints this.
   */
  readonly writtenVisibility?: readonly Label[];
}

/** Was the attribute set in the rule's call (not by a package default)? Query outputs show only these by default. */
export function isExplicit(rule: RuleTarget, name: string): boolean {
  return rule.attrs.has(name) && !rule.packageDefaults?.has(name);
}

/** The `$implicit_tests` value query outputs print (undefined: the rule has none). */
export function listedImplicitTests(rule: RuleTarget): Label[] | undefined {
  if (!rule.implicitTests) return undefined;
  return rule.implicitTestsRepeated ? [...rule.implicitTests, ...rule.implicitTests] : [...rule.implicitTests];
}

/** How query outputs show a test_suite's computed `$implicit_tests` (Bazel lists it with the explicit ones). */
export const IMPLICIT_TESTS_ATTR: AttrSpec = {
  name: '$implicit_tests',
  type: 'label_list',
  implicit: true,
  configurable: false,
  doc: 'The tests of the package a test_suite without tests stands for (computed).',
};

export interface SourceFileTarget {
  readonly kind: 'source file';
  readonly label: Label;
  location: Location;
  /** Set by exports_files. */
  visibility?: readonly Label[];
  readonly isBuildFile?: boolean;
  /**
   * A .bzl file, or the BUILD file of a .bzl file's package, as buildfiles()/loadfiles() name it (Bazel's
   * FakeLoadTarget): located at the BUILD file of the package that loads it, printed with nothing else.
   */
  readonly fakeLoad?: boolean;
  /** The symbolic macro that exported this file outside its namespace (it cannot be analysed). */
  readonly macroViolation?: string;
}

export interface GeneratedFileTarget {
  readonly kind: 'generated file';
  readonly label: Label;
  readonly rule: Label;
  readonly location: Location;
  /** The symbolic macro whose rule declared this output outside the macro's namespace (it cannot be analysed). */
  readonly macroViolation?: string;
}

export interface PackageGroupTarget {
  readonly kind: 'package group';
  readonly label: Label;
  readonly packages: readonly string[];
  readonly includes: readonly Label[];
  readonly location: Location;
}

export type Target = RuleTarget | SourceFileTarget | GeneratedFileTarget | PackageGroupTarget;

/**
 * What query's label_kind prints: `genrule rule`, `source file`, `generated file`, `package group`, and
 * `environment group` (rulepen keeps it as a rule; Bazel as a target kind of its own).
 */
export function targetKind(t: Target): string {
  if (t.kind === 'rule' && t.ruleClass === 'environment_group') return 'environment group';
  return t.kind === 'rule' ? `${t.ruleClass} rule` : t.kind;
}

/** An attribute's value: as set, or the schema's default (null when it has none). */
export function attrValue(rule: RuleTarget, name: string): AttrValue | undefined {
  if (rule.attrs.has(name)) return rule.attrs.get(name)!;
  return defaultAttrValue(rule, name);
}

/**
 * An attribute's default as a value of its type, whether or not the rule sets it: what an unset attribute holds,
 * and what `None` in a select() branch stands for (Bazel's Selector.isValueSet). Undefined when the rule has no
 * such attribute.
 */
export function defaultAttrValue(rule: RuleTarget, name: string): PlainAttrValue | undefined {
  const spec = attributesByName(rule.schema, true).get(name);
  return spec ? defaultValue(spec, rule) : undefined;
}

/**
 * An attribute's default for one rule. Bazel 4.2.3 computes `$def_parser`'s: none for the rules that build the
 * def parser itself and the C++ tools (@bazel_tools' third_party/def_parser and tools/cpp; CppRuleClasses).
 */
export function defaultOf(rule: RuleTarget, spec: AttrSpec): AttrSpec['default'] {
  const l = rule.label;
  if (spec.name === '$def_parser' && l.repo === 'bazel_tools' && (l.pkg === 'tools/cpp' || l.pkg === 'third_party/def_parser' || l.pkg.startsWith('third_party/def_parser/'))) return null;
  return spec.default;
}

/**
 * The schema's default (`AttrDefault`: label strings, dicts as records) as an attribute value: labels parsed
 * (schemas write them canonically), dicts as entry lists, as the loader converts values written in BUILD files.
 */
function defaultValue(spec: AttrSpec, rule: RuleTarget): PlainAttrValue {
  const d = defaultOf(rule, spec);
  if (d === undefined || d === null) return null;
  const label = (x: unknown) => parseCanonicalLabel(x as string);
  switch (spec.type) {
    case 'label':
    case 'nodep_label':
    case 'output':
      return typeof d === 'string' && d !== '' ? label(d) : null;
    case 'label_list':
    case 'nodep_label_list':
    case 'output_list':
      return Array.isArray(d) ? d.map(label) : [];
    case 'label_keyed_string_dict':
      return Object.entries(d as Record<string, string>).map(([k, v]) => [label(k), v] as const);
    case 'string_keyed_label_dict':
      return Object.entries(d as Record<string, string>).map(([k, v]) => [k, label(v)] as const);
    case 'label_list_dict':
      return Object.entries(d as unknown as Record<string, readonly string[]>).map(([k, v]) => [k, v.map(label)] as const);
    default:
      if (Array.isArray(d)) return d as readonly string[];
      if (typeof d === 'object') return Object.entries(d as Record<string, string>);
      return d as string | number | boolean;
  }
}
