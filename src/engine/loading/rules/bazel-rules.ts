// The schemas of Bazel's language rules (cc_*, java_*, py_*, proto_library, objc_library) and of environment,
// toolchain and toolchain_type, built from the tables generated from Bazel 4.2.3 itself
// (generated/bazel-4.2.3-rules.ts, by scripts/gen-bazel4-rules.ts): names, types, defaults, mandatory,
// configurability and the implicit (`$`) and late-bound (`:`) dependencies, in Bazel's attribute order.
//
// Per profile: under 4.2.3 a rule keeps its implicit dependencies (query's deps() follows them into the
// @bazel_tools stand-in). Current Bazel defines these rules in Starlark (Bazel's builtins, rules_cc, rules_java,
// rules_python, protobuf): the current profile takes their public attributes from those definitions
// (generated/bazel-current-rules.ts, by scripts/gen-current-rules.ts from scripts/data/bazel-8-rules/), in
// declaration order after the shared ones as for any Starlark rule. Their private attributes (toolchain types,
// build-setting flags, tools) are not listed, so deps() follows no implicit dependency of theirs, but for the
// ones through which the C++ rules find their C++ toolchain (`_cc_toolchain`, current_cc_toolchain), which
// analysis follows too, with the C++ toolchain type they request. A rule class
// with no such table (the toolchain and environment rules) keeps 4.2.3's table without the implicit
// dependencies.
//
// rulepen does not compile: these rules load, select(), take part in visibility, testonly, test_suite and
// query exactly, and analyse with no providers (a build that needs their outputs stops with one message).

import { parseCanonicalLabel } from '../label.ts';
import { CURRENT_RULE_TABLES } from './generated/bazel-current-rules.ts';
import { BAZEL4_IMPLICIT_OUTPUTS, BAZEL4_QUERY_ATTRIBUTES, BAZEL4_RULE_TABLES, type GeneratedAttr } from './generated/bazel-4.2.3-rules.ts';
import { BINARY_SHARED, COMMON_SHARED, MANUAL_BY_DEFAULT_TAGS, SHARED_ATTRIBUTES, TEST_SHARED, type AttrDefault, type AttrSpec, type AttrType, type RuleSchema } from './schema.ts';

/** One-line descriptions (Bazel's reference documentation, shortened); the tables themselves are generated. */
const RULE_DOCS: Readonly<Record<string, string>> = {
  cc_library: 'A C++ library: headers and sources compiled into a static or shared library.',
  cc_binary: 'A C++ executable.',
  cc_test: 'A C++ test: an executable that passes when it exits 0.',
  cc_import: 'A precompiled C++ library (static, shared or interface library) with its headers.',
  cc_proto_library: 'C++ code generated from proto_library targets.',
  cc_toolchain: 'A C++ toolchain: the files and configuration the compiler and linker use.',
  cc_toolchain_suite: 'A map from --cpu (and compiler) to cc_toolchain targets (legacy toolchain selection).',
  cc_toolchain_alias: 'The C++ toolchain of the current configuration (what find_cpp_toolchain finds).',
  java_library: 'A Java library: sources compiled into a jar.',
  java_binary: 'A Java executable: a jar and a wrapper script that runs its main class.',
  java_test: 'A Java test, run by a JUnit runner.',
  java_import: 'Precompiled jars used as a Java library.',
  java_plugin: 'A Java annotation processor, run by javac.',
  java_proto_library: 'Java code generated from proto_library targets.',
  py_library: 'A Python library: sources and their dependencies.',
  py_binary: 'A Python executable.',
  py_test: 'A Python test: a program that passes when it exits 0.',
  proto_library: 'Protocol buffer definitions (.proto files), for language-specific proto rules to use.',
  objc_library: 'An Objective-C library.',
  environment: 'An environment (for the legacy constraint system of compatible_with / restricted_to).',
  toolchain: 'Declares a toolchain: its type, the platform constraints it needs, and the target implementing it.',
  toolchain_type: 'A type of toolchain that rules can ask for.',
  xcode_config: 'The Xcode versions available to Apple rules.',
};

const ATTR_DOCS: Readonly<Record<string, string>> = {
  srcs: 'The source files of this target.',
  hdrs: 'Headers published by this library to its dependents.',
  textual_hdrs: 'Headers that are included textually, not compiled on their own.',
  deps: 'The libraries this target depends on.',
  runtime_deps: 'Libraries needed at run time only.',
  exports: 'Targets whose contents dependents of this target also see.',
  data: 'Files needed at run time.',
  copts: 'Options added to the C++ compilation command.',
  linkopts: 'Options added to the link command.',
  defines: 'Preprocessor defines for this target and its dependents.',
  local_defines: 'Preprocessor defines for this target only.',
  includes: 'Include directories added for this target and its dependents.',
  linkstatic: 'Link C++ dependencies statically.',
  alwayslink: 'Link every object file of this library into binaries, used or not.',
  strip_include_prefix: 'A prefix removed from the paths of this library\'s headers.',
  include_prefix: 'A prefix added to the paths of this library\'s headers.',
  main_class: 'The class with the main() method.',
  main: 'The source file with the program\'s entry point.',
  test_class: 'The Java class the test runner loads.',
  jars: 'The jar files this target provides.',
  processor_class: 'The annotation processor class javac runs.',
  plugins: 'Annotation processors run when compiling this target.',
  resources: 'Data files put into the jar.',
  javacopts: 'Extra options passed to javac.',
  python_version: 'PY2 or PY3: the Python major version this target runs with.',
  srcs_version: 'Which Python versions the sources are compatible with.',
  imports: 'Directories added to PYTHONPATH.',
  stamp: 'Whether to encode build information into the binary (-1: only with --stamp).',
  malloc: 'The malloc implementation linked in.',
  static_library: 'A static library (.a, .lib).',
  shared_library: 'A shared library (.so, .dll, .dylib).',
  interface_library: 'An interface library for linking against a shared library.',
  toolchain: 'The target implementing this toolchain.',
  toolchain_type: 'The toolchain_type this toolchain implements.',
  target_compatible_with: 'Constraints the target platform must satisfy.',
  exec_compatible_with: 'Constraints the execution platform must satisfy.',
  toolchains: 'Targets whose Make variables this target may use.',
};

/** The rule classes generated from Bazel 4.2.3 that are not described elsewhere (the sh_* rules have their own files). */
const OWN_FILE = new Set(['sh_test', 'sh_binary', 'sh_library']);
const NOT_SHARED_HERE = new Set(['licenses']);

const flagsOf = (a: GeneratedAttr) => a[2];

/** Bazel's attribute order: the table's, with the generator_* attributes (left out of the tables) after `tags`. */
function bazelOrder(table: readonly GeneratedAttr[]): string[] {
  const names = table.map((a) => a[0]);
  const at = names.indexOf('tags') + 1;
  return [...names.slice(0, at), 'generator_name', 'generator_function', 'generator_location', ...names.slice(at)];
}

/**
 * The files some label attributes accept (Bazel's allowedFileTypes; the build-language tables do not list them),
 * each checked against Bazel 4.2.3 ("… is misplaced here (expected …)", "rule/target '…' does not exist", "… does
 * not produce any … files"): C++ deps take linker scripts (CppFileTypes.LINKER_SCRIPT; only file names are
 * checked there), C++ srcs the source, header, assembler, archive, object and shared-library endings of
 * CppRuleClasses.ALLOWED_SRC_FILES, Python deps no file. Current Bazel's Starlark definitions (rules_cc,
 * rules_python) declare the same deps; their cc srcs take any file (the implementation sorts them), so the srcs
 * row is 4.2.3's only.
 */
const CC_SRCS = ['.cc', '.cpp', '.cxx', '.c++', '.C', '.cu', '.cl', '.c', '.h', '.hh', '.hpp', '.ipp', '.hxx', '.h++', '.inc', '.inl', '.tlh', '.tli', '.H', '.tcc', '.S', '.s', '.asm', '.a', '.lib', '.pic.a', '.lo', '.lo.lib', '.pic.lo', '.so', '.dylib', '.dll', '.o', '.obj', '.pic.o'];
// A C++ dependency is one of the C++ library rules, or gives CcInfo (cc_binary and cc_test do; checked with 4.2.3;
// current Bazel's cc rules declare the same allow_rules and providers, AliasTest#testAliasedInvalidDependency).
const CC_DEP_RULES = ['cc_library', 'objc_library', 'cc_proto_library', 'cc_import'];
const CC_DEPS: Partial<AttrSpec> = {
  fileTypes: ['.ld', '.lds', '.ldscript'],
  fileNamesOnly: true,
  ruleClasses: { allowed: CC_DEP_RULES, provider: 'CcInfo', providedBy: [...CC_DEP_RULES, 'cc_binary', 'cc_test', 'objc_import', 'cc_shared_library'] },
};
const FILE_TYPES: Readonly<Record<string, { readonly spec: Partial<AttrSpec>; readonly bazel4Only?: boolean }>> = {
  'cc_library.deps': { spec: CC_DEPS },
  'cc_binary.deps': { spec: CC_DEPS },
  'cc_test.deps': { spec: CC_DEPS },
  'cc_library.srcs': { spec: { fileTypes: CC_SRCS }, bazel4Only: true },
  'cc_binary.srcs': { spec: { fileTypes: CC_SRCS }, bazel4Only: true },
  'cc_test.srcs': { spec: { fileTypes: CC_SRCS }, bazel4Only: true },
  'py_library.deps': { spec: { fileTypes: 'none' } },
  'py_binary.deps': { spec: { fileTypes: 'none' } },
  'py_test.deps': { spec: { fileTypes: 'none' } },
};

/**
 * cc_toolchain's file groups and C++ tools are built in the exec configuration (CcToolchainRule's exec transition,
 * which the build-language proto does not show: it marks host attributes only). Checked with 4.2.3's `cquery
 * deps(//tc:tc)`: all_files … coverage_files in the exec configuration, static/dynamic_runtime_lib, libc_top and
 * toolchain_config in the target one.
 */
const CC_TOOLCHAIN_EXEC = new Set(['all_files', 'compiler_files', 'compiler_files_without_includes', 'strip_files', 'objcopy_files', 'as_files', 'ar_files', 'linker_files', 'dwp_files', 'coverage_files', '$interface_library_builder', '$link_dynamic_library_tool']);

/**
 * The values some of 4.2.3's native string attributes allow (Bazel's allowedValues, which the build-language tables
 * do not list), each checked against Bazel 4.2.3 ("invalid value in 'srcs_version' attribute: has to be one of 'PY2',
 * 'PY3', 'PY2AND3', 'PY2ONLY' or 'PY3ONLY' instead of 'x'"). Current Bazel's rules_python takes any python_version
 * (`X.Y`) and a defunct srcs_version; the values its other attributes allow (stamp, precompile, …) are not recorded
 * in generated/bazel-current-rules.ts, so they are not checked.
 */
const PY_SRCS_VERSIONS = ['PY2', 'PY3', 'PY2AND3', 'PY2ONLY', 'PY3ONLY'];
const PY_VERSIONS = ['PY2', 'PY3'];
const BAZEL4_ALLOWED_VALUES: Readonly<Record<string, readonly string[]>> = {
  'py_library.srcs_version': PY_SRCS_VERSIONS,
  'py_binary.srcs_version': PY_SRCS_VERSIONS,
  'py_test.srcs_version': PY_SRCS_VERSIONS,
  'py_binary.python_version': PY_VERSIONS,
  'py_test.python_version': PY_VERSIONS,
  'py_runtime.python_version': PY_VERSIONS,
};

function withAllowedValues(ruleClass: string, a: AttrSpec): AttrSpec {
  const allowed = BAZEL4_ALLOWED_VALUES[`${ruleClass}.${a.name}`];
  return allowed ? { ...a, allowedValues: allowed } : a;
}

function withFileTypes(ruleClass: string, a: AttrSpec, bazel4: boolean): AttrSpec {
  const row = FILE_TYPES[`${ruleClass}.${a.name}`];
  const typed = row && (bazel4 || !row.bazel4Only) ? { ...a, ...row.spec } : a;
  return ruleClass === 'cc_toolchain' && CC_TOOLCHAIN_EXEC.has(a.name) ? { ...typed, tool: true, exec: true } : typed;
}

function spec(a: GeneratedAttr, withImplicit: boolean): AttrSpec | undefined {
  const [name, type, flags, def] = a;
  const implicit = flags.includes('i');
  if (implicit && !withImplicit) return undefined;
  const t = type as AttrType;
  const labelish = t === 'label' || t === 'label_list';
  return {
    name,
    type: t,
    default: def as AttrDefault,
    ...(flags.includes('m') ? { mandatory: true } : {}),
    ...(flags.includes('n') ? { configurable: false } : {}),
    // Implicit dependencies on Bazel's tools: analysed only where the profile says so (implicitToolsAnalysed).
    ...(implicit ? { implicit: true, queryOnly: true } : {}),
    ...(flags.includes('h') && labelish ? { tool: true } : {}),
    doc: ATTR_DOCS[name] ?? (implicit ? `An implicit dependency of the rule (Bazel 4.2.3 ${name}).` : `The ${name} attribute (see Bazel's reference).`),
  };
}

function schemaOf(ruleClass: string, withImplicit: boolean): RuleSchema {
  const table = BAZEL4_RULE_TABLES[ruleClass]!;
  const attrs: AttrSpec[] = [];
  const shared: string[] = [];
  for (const a of table) {
    // environment and toolchain are tagged manual by default (so `//...` does not build them).
    if (a[0] === 'tags' && Array.isArray(a[3]) && a[3].length > 0) attrs.push(MANUAL_BY_DEFAULT_TAGS);
    else if (Object.prototype.hasOwnProperty.call(SHARED_ATTRIBUTES, a[0]) && !NOT_SHARED_HERE.has(a[0])) shared.push(a[0]);
    else {
      const s = spec(a, withImplicit);
      if (s) attrs.push(withFileTypes(ruleClass, withImplicit ? withAllowedValues(ruleClass, s) : s, withImplicit));
    }
  }
  // Shared attributes of current Bazel (marked modernOnly) that 4.2.3's tables cannot list.
  const base: readonly string[] = ruleClass.endsWith('_test') ? TEST_SHARED : table.some((a) => a[0] === 'args') ? BINARY_SHARED : COMMON_SHARED;
  for (const n of base) if (SHARED_ATTRIBUTES[n]?.modernOnly && !shared.includes(n)) shared.push(n);
  return {
    name: ruleClass,
    doc: RULE_DOCS[ruleClass] ?? `The ${ruleClass} rule.`,
    attrs,
    shared,
    ...(ruleClass.endsWith('_test') ? { test: true } : {}),
    order: bazelOrder(table),
    ...(BAZEL4_IMPLICIT_OUTPUTS[ruleClass] ? { implicitOutputs: (name: string) => BAZEL4_IMPLICIT_OUTPUTS[ruleClass]!.map((t) => t.replace(/%\{name\}/g, name)) } : {}),
  };
}

const GENERATED = Object.keys(BAZEL4_RULE_TABLES).filter((c) => !OWN_FILE.has(c));

/** The language rules and toolchain/environment rules under Bazel 4.2.3 (with implicit dependencies). */
export const BAZEL4_LANGUAGE_RULES: readonly RuleSchema[] = GENERATED.map((c) => schemaOf(c, true));
/** A rule class under current Bazel, from the table read from its Starlark definition. */
function currentSchemaOf(ruleClass: string): RuleSchema {
  const table = CURRENT_RULE_TABLES[ruleClass]!;
  const base: readonly string[] = table.kind === 'test' ? TEST_SHARED : table.kind === 'binary' ? BINARY_SHARED : COMMON_SHARED;
  const outputs = table.outputs;
  // The private attributes through which it finds its C++ toolchain (current_cc_toolchain): analysed, so that a
  // target platform without a C++ toolchain fails there as in Bazel.
  const implicit = (table.implicit ?? []).map(([name, label]): AttrSpec => ({ name, type: 'label', default: label, implicit: true, doc: `The C++ toolchain the rule finds (${label}).` }));
  return {
    name: ruleClass,
    doc: RULE_DOCS[ruleClass] ?? `The ${ruleClass} rule.`,
    attrs: [...table.attrs.map((a) => withFileTypes(ruleClass, spec(a, false)!, false)), ...implicit],
    shared: [...base, ...(table.extraShared ?? []).filter((n) => !base.includes(n))],
    ...(table.toolchains ? { toolchains: table.toolchains.map(([type, mandatory]) => ({ type: parseCanonicalLabel(type), mandatory })) } : {}),
    ...(table.kind === 'test' ? { test: true } : {}),
    ...(outputs ? { implicitOutputs: (name: string) => outputs.map((t) => t.replace(/%\{name\}/g, name)) } : {}),
  };
}

/** The same rules under current Bazel: their Starlark definitions' tables where recorded, else 4.2.3's without implicit dependencies. */
export const MODERN_LANGUAGE_RULES: readonly RuleSchema[] = GENERATED.map((c) => (CURRENT_RULE_TABLES[c] ? currentSchemaOf(c) : schemaOf(c, false)));

/**
 * A hand-written rule (sh_test, sh_binary) with Bazel 4.2.3's implicit dependencies and attribute order added; a
 * Starlark test rule (`like` sh_test) with the implicit dependencies of every test rule, in its own order.
 */
export function withBazel4Implicits(schema: RuleSchema, like?: string): RuleSchema {
  const table = BAZEL4_RULE_TABLES[like ?? schema.name];
  if (!table) return schema;
  const testImplicits = new Set(BAZEL4_QUERY_ATTRIBUTES.starlark_test!.map((a) => a[0]));
  const implicit = table.filter((a) => flagsOf(a).includes('i') && (!like || testImplicits.has(a[0]))).map((a) => spec(a, true)!);
  return like ? { ...schema, attrs: [...schema.attrs, ...implicit] } : { ...schema, attrs: [...schema.attrs, ...implicit], order: bazelOrder(table) };
}
