// The shape of a rule's schema table (one per rule in this folder) and the shared attributes rules accept.
//
// A schema is the single source for attribute checking in the loader, select() legality, editor hover and
// completion, `query --output=build` and the docs (DESIGN.md, "One table per rule").

import type { Label } from '../label.ts';

/** Attribute types, named as Bazel's BuildType/Type constants. */
export type AttrType =
  | 'label'
  | 'label_list'
  | 'nodep_label'
  | 'nodep_label_list'
  | 'string'
  | 'string_list'
  | 'bool'
  | 'int'
  | 'int_list'
  | 'tristate'
  | 'output'
  | 'output_list'
  | 'string_dict'
  | 'string_list_dict'
  | 'label_keyed_string_dict'
  | 'string_keyed_label_dict'
  | 'label_list_dict'
  | 'license'
  | 'distribs';

export type AttrDefault = string | number | boolean | null | readonly string[] | readonly number[] | Readonly<Record<string, string>>;

export interface AttrSpec {
  readonly name: string;
  readonly type: AttrType;
  /** The value when the attribute is not given (null: "no value", e.g. an optional label). */
  readonly default?: AttrDefault;
  readonly mandatory?: boolean;
  /** Mandatory only in the native rule of Bazel 4.2.3 (profile row `nativeShRules`: sh_binary/sh_test srcs). */
  readonly mandatoryWhenNative?: boolean;
  /** May the value be a select()? Default true (Bazel's default too). */
  readonly configurable?: boolean;
  /** An implicit dependency (`$name` / `:name` in Bazel): not settable from BUILD files, followed by query. */
  readonly implicit?: boolean;
  /** The attribute exists only in current Bazel (profile row `postBazel4Attributes`). */
  readonly modernOnly?: boolean;
  /**
   * An implicit dependency on Bazel's own tools (test wrappers, launchers, C++ toolchains) that query follows;
   * analysis follows it only under a profile whose @bazel_tools stand-in has them (`implicitToolsAnalysed`), and
   * never builds them.
   */
  readonly queryOnly?: boolean;
  /**
   * Label attributes: the files a dependency may be (Bazel's allowedFileTypes, which turns on strict label checking):
   * 'none', 'any', or file name endings. Unset: any file, unchecked (Bazel's legacyAllowAnyFileType). A file that
   * is not allowed is "misplaced here", one that does not exist "does not exist"; a rule must produce an allowed file.
   */
  readonly fileTypes?: 'none' | 'any' | readonly string[];
  /**
   * Label attributes: the rule classes a dependency may be (Bazel's allowedRuleClasses), unless its rule class
   * gives the attribute's mandatory provider; else "<rule class> rule '//p:x' is misplaced here (expected …) and
   * '//p:x' does not have mandatory providers: '<provider>'".
   */
  readonly ruleClasses?: { readonly allowed: readonly string[]; readonly provider: string; readonly providedBy: readonly string[] };
  /**
   * Label attributes: the provider a rule dependency must give, with no rule classes allowed otherwise (Bazel's
   * mandatoryProviders alone); else "'//p:x' does not have mandatory providers: '<provider>'".
   */
  readonly providers?: { readonly provider: string; readonly providedBy: readonly string[] };
  /** Only file targets' names are checked, not what a dependency produces (Bazel's skipAnalysisTimeFileTypeCheck). */
  readonly fileNamesOnly?: boolean;
  /** Label attributes: each dependency must produce exactly one file (Starlark's allow_single_file). */
  readonly singleFile?: boolean;
  /** List and dict attributes: an empty value is an error, "attribute must be non empty" (allow_empty = False). */
  readonly nonEmpty?: boolean;
  /**
   * The only values the attribute may be given (Bazel's AllowedValueSet: attr.string/attr.int(values = …), a native
   * rule's allowedValues), in order, without repeats. Every value a select() can give is checked when the rule is
   * created; the default is not.
   */
  readonly allowedValues?: readonly (string | number | boolean)[];
  /** Label attributes only: the edge is a host/exec tool dependency (genrule tools). */
  readonly tool?: boolean;
  /**
   * A tool built in the exec configuration even where tools are host ones (Bazel 4.2.3's exec transition: genrule
   * `exec_tools`, cc_toolchain's file groups); from a target in the host configuration it stays host.
   */
  readonly exec?: boolean;
  /** A Starlark transition on the attribute's edges (`cfg = some_transition`): a StarlarkTransition. */
  readonly transition?: object;
  /**
   * Bazel's `orderIndependent()`: query's build, xml and proto outputs print the list sorted (duplicates kept);
   * the rule itself keeps the order written (its edges, `labels()`).
   */
  readonly orderIndependent?: boolean;
  readonly doc: string;
}

export interface RuleSchema {
  readonly name: string;
  readonly doc: string;
  /** The rule's own attributes, `name` excluded (every rule has it). */
  readonly attrs: readonly AttrSpec[];
  /** Shared attributes it accepts, by name (see SHARED_ATTRIBUTES). */
  readonly shared: readonly string[];
  /** A test rule (`*_test`): takes the test attributes and counts for tests() and test_suite. */
  readonly test?: boolean;
  /** The rule exists only in current Bazel (starlark_doc_extract). */
  readonly modernOnly?: boolean;
  /** A build setting (`rule(build_setting = config.string(flag = True))`): its value type, settable on the command line. */
  readonly buildSetting?: { readonly type: string; readonly flag: boolean; readonly repeatable?: boolean };
  /** Every attribute name in Bazel's RuleClass order, when known (generated tables); output follows it. */
  readonly order?: readonly string[];
  /** A Starlark rule class: the call stack at its rule() call, outermost first. */
  readonly definedAt?: readonly { readonly file: string; readonly line: number; readonly column: number; readonly name: string }[];
  /** A Starlark rule class: its module's transitive digest, hex, once evaluated (`$rule_implementation_hash`). */
  readonly definition?: { readonly digest?: string };
  /** Implicit output files, from the target's name, e.g. `<name>.binaryproto`. */
  readonly implicitOutputs?: (name: string) => readonly string[];
  /** A Starlark rule class: the toolchain types rule(toolchains = …) requests. */
  readonly toolchains?: readonly { readonly type: Label; readonly mandatory: boolean }[];
  /** A Starlark rule class with `cfg = some_transition`: the transition its targets are analysed through. */
  readonly ruleTransition?: object;
}

const S = 'string' as const;

/** The BUILD-file builtin of each native rule, to its schema (macro(inherit_attrs = native.genrule)). */
export const NATIVE_RULE_SCHEMAS = new WeakMap<object, RuleSchema>();

/** Attributes shared by rules; which ones a rule accepts is its `shared` list (the spec's table). */
export const SHARED_ATTRIBUTES: Readonly<Record<string, AttrSpec>> = {
  aspect_hints: { name: 'aspect_hints', type: 'label_list', default: [], modernOnly: true, doc: 'Labels of targets providing hints for aspects.' },
  compatible_with: { name: 'compatible_with', type: 'label_list', default: [], configurable: false, doc: 'Environments this target can be built for, in addition to default-supported ones.' },
  deprecation: { name: 'deprecation', type: S, default: null, configurable: false, doc: 'A warning shown when other targets depend on this one.' },
  exec_compatible_with: { name: 'exec_compatible_with', type: 'label_list', default: [], configurable: false, doc: 'Constraints the execution platform must satisfy.' },
  exec_group_compatible_with: { name: 'exec_group_compatible_with', type: 'label_list_dict', default: {}, configurable: false, modernOnly: true, doc: 'Per execution group, constraints the execution platform must satisfy.' },
  exec_properties: { name: 'exec_properties', type: 'string_dict', default: {}, doc: 'Strings passed to the execution platform.' },
  features: { name: 'features', type: 'string_list', default: [], doc: 'Features enabled or disabled (with `-`) for this target.' },
  licenses: { name: 'licenses', type: 'license', default: null, configurable: false, doc: 'License kinds of this target (legacy).' },
  package_metadata: { name: 'package_metadata', type: 'label_list', default: [], configurable: false, modernOnly: true, doc: 'Metadata targets about this package.' },
  restricted_to: { name: 'restricted_to', type: 'label_list', default: [], configurable: false, doc: 'The only environments this target can be built for.' },
  tags: { name: 'tags', type: 'string_list', default: [], configurable: false, orderIndependent: true, doc: 'Free-form tags; some (manual, local, exclusive, …) have meaning to Bazel.' },
  target_compatible_with: { name: 'target_compatible_with', type: 'label_list', default: [], doc: 'Constraints the target platform must satisfy, else the target is skipped.' },
  testonly: { name: 'testonly', type: 'bool', default: false, configurable: false, doc: 'Only test targets and testonly targets may depend on this target.' },
  transitive_configs: { name: 'transitive_configs', type: 'nodep_label_list', default: [], configurable: false, doc: 'The config_feature_flags this target (or what it depends on) reads; --enforce_transitive_configs_for_config_feature_flag checks it.' },
  visibility: { name: 'visibility', type: 'nodep_label_list', default: null, configurable: false, orderIndependent: true, doc: 'Which packages may depend on this target.' },
  // Attributes of test and binary rules.
  args: { name: 'args', type: 'string_list', default: [], doc: 'Arguments passed when the target is run or tested.' },
  env: { name: 'env', type: 'string_dict', default: {}, doc: 'Environment variables set when the target is run or tested.' },
  output_licenses: { name: 'output_licenses', type: 'license', default: null, doc: 'Licenses of the outputs this target generates.' },
  size: { name: 'size', type: S, default: 'medium', configurable: false, doc: 'small, medium, large or enormous: the test\'s resource needs.' },
  timeout: { name: 'timeout', type: S, default: null, configurable: false, doc: 'short, moderate, long or eternal; derived from size when unset.' },
  flaky: { name: 'flaky', type: 'bool', default: false, configurable: false, doc: 'Retry the test up to three times when it fails.' },
  shard_count: { name: 'shard_count', type: 'int', default: -1, doc: 'Number of parallel shards.' },
  local: { name: 'local', type: 'bool', default: false, doc: 'Run the test locally, without sandboxing.' },
  env_inherit: { name: 'env_inherit', type: 'string_list', default: [], doc: 'Environment variables inherited from the shell.' },
};

/**
 * `tags` of the rules Bazel keeps out of `:all` and `/...` (config_setting, platform, constraint_setting,
 * constraint_value — "No need to show up in ":all", etc. target patterns"): its default is ["manual"].
 */
export const MANUAL_BY_DEFAULT_TAGS: AttrSpec = { ...SHARED_ATTRIBUTES.tags!, default: ['manual'] };

/** The shared attributes of most rules (the spec's table, genrule's row). */
export const COMMON_SHARED = [
  'aspect_hints',
  'compatible_with',
  'deprecation',
  'exec_compatible_with',
  'exec_group_compatible_with',
  'exec_properties',
  'features',
  'licenses',
  'package_metadata',
  'restricted_to',
  'tags',
  'target_compatible_with',
  'testonly',
  'transitive_configs',
  'visibility',
] as const;

export const TEST_SHARED = [...COMMON_SHARED, 'args', 'env', 'size', 'timeout', 'flaky', 'shard_count', 'local', 'env_inherit'];
export const BINARY_SHARED = [...COMMON_SHARED, 'args', 'env', 'output_licenses'];

/** Attributes every rule has that a legacy macro sets (Bazel adds them to every rule class). */
export const GENERATOR_ATTRIBUTES: readonly AttrSpec[] = [
  { name: 'generator_name', type: S, default: '', configurable: false, doc: 'The name of the macro call that created this rule.' },
  { name: 'generator_function', type: S, default: '', configurable: false, doc: 'The macro that created this rule.' },
  { name: 'generator_location', type: S, default: '', configurable: false, doc: 'Where the macro that created this rule was called.' },
];

/** All attributes of a rule, own then shared, `name` first; the `modernOnly` ones only with the profile row. */
export function allAttributes(schema: RuleSchema, postBazel4Attributes: boolean): readonly AttrSpec[] {
  // Every rule a package declares asks for its class's list: made once per schema and profile flag.
  let known = ALL_ATTRIBUTES.get(schema);
  if (!known) ALL_ATTRIBUTES.set(schema, (known = {}));
  const key = postBazel4Attributes ? 'modern' : 'bazel4';
  const cached = known[key];
  if (cached) return cached;
  const out: AttrSpec[] = [{ name: 'name', type: S, mandatory: true, configurable: false, doc: 'A unique name for this target.' }];
  for (const a of schema.attrs) if (postBazel4Attributes || !a.modernOnly) out.push(a);
  for (const n of schema.shared) {
    const a = SHARED_ATTRIBUTES[n];
    if (a && (postBazel4Attributes || !a.modernOnly) && !schema.attrs.some((x) => x.name === n)) out.push(a);
  }
  out.push(...GENERATOR_ATTRIBUTES);
  known[key] = out;
  return out;
}

const ALL_ATTRIBUTES = new WeakMap<RuleSchema, { modern?: readonly AttrSpec[]; bazel4?: readonly AttrSpec[] }>();

/** allAttributes by name. */
export function attributesByName(schema: RuleSchema, postBazel4Attributes: boolean): ReadonlyMap<string, AttrSpec> {
  let known = BY_NAME.get(schema);
  if (!known) BY_NAME.set(schema, (known = {}));
  const key = postBazel4Attributes ? 'modern' : 'bazel4';
  return (known[key] ??= new Map(allAttributes(schema, postBazel4Attributes).map((s) => [s.name, s])));
}

const BY_NAME = new WeakMap<RuleSchema, { modern?: ReadonlyMap<string, AttrSpec>; bazel4?: ReadonlyMap<string, AttrSpec> }>();
