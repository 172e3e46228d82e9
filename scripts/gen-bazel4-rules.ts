// Generates the Bazel 4.2.3 rule tables and the @bazel_tools stand-in from Bazel itself:
//
//   src/engine/loading/rules/generated/bazel-4.2.3-rules.ts     every attribute of the rule classes below, in
//     Bazel's RuleClass order, with type, mandatory, configurable, nodep, host (tool) and default, and the
//     implicit (`$name`) and late-bound (`:name`) dependencies with the labels query follows;
//   src/engine/loading/builtin-repos/generated/bazel-tools-4.2.3.ts   the packages of @bazel_tools,
//     @local_config_cc and @remote_coverage_tools that `deps()` of sh_*, cc_*, objc_library and py_* targets
//     reaches, as BUILD text (every rule of the closure with its select()s) and empty source files.
//
// Two steps. `--record` runs Bazel 4.2.3 (/usr/bin/bazel, offline: rules_cc, rules_java and remote_coverage_tools
// are replaced by the stub repositories conformance/record.sh uses) in a scratch workspace holding one target of
// each rule class, and keeps its raw answers in scripts/data/bazel-4.2.3-rules/:
//   build-language.pb   `bazel info build-language` (a binary BuildLanguage proto, build.proto of Bazel 4.2.3)
//   rules.xml           `bazel query //a:* --output=xml --xml:default_values` (attribute order and values)
//   tools.build         `bazel query 'deps(…) except //a:*' --output=build` (the tool packages' rules)
//   tools.label_kind    the same closure as `--output=label_kind` (its source files)
//   tools.package_groups.xml   its package groups (visibility names them; query follows them)
//   tools.source_files.xml     its source files (where each is declared, and its visibility)
//   tools.licenses.xml         its rules' licenses (with the defaults: a package's licenses() shows there)
// Without `--record` it only regenerates the two modules from those files. Java's and proto's implicit
// dependencies need repositories Bazel downloads (remote_java_tools, com_google_protobuf): their packages are
// not recorded, so deps() of java_* and proto_library fails as Bazel's does offline.
//
//   node --import tsx scripts/gen-bazel4-rules.ts [--record]

import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

const ROOT = join(import.meta.dirname, '..');
const DATA = join(import.meta.dirname, 'data/bazel-4.2.3-rules');
const RULES_OUT = join(ROOT, 'src/engine/loading/rules/generated/bazel-4.2.3-rules.ts');
const TOOLS_OUT = join(ROOT, 'src/engine/loading/builtin-repos/generated/bazel-tools-4.2.3.ts');

/** One sample target per rule class: [class, name, the attributes it sets (their values are not defaults)]. */
const SAMPLES: readonly (readonly [string, string, Readonly<Record<string, string>>])[] = [
  ['cc_library', 'cl', { srcs: '["a.cc"]' }],
  ['cc_binary', 'cb', { srcs: '["a.cc"]' }],
  ['cc_test', 'ct', { srcs: '["a.cc"]' }],
  ['cc_import', 'ci', { static_library: '"a.a"' }],
  ['proto_library', 'pl', { srcs: '["a.proto"]' }],
  ['cc_proto_library', 'cpl', { deps: '[":pl"]' }],
  ['java_library', 'jl', { srcs: '["A.java"]' }],
  ['java_binary', 'jb', { srcs: '["A.java"]', main_class: '"A"' }],
  ['java_test', 'jt', { srcs: '["ATest.java"]', test_class: '"ATest"' }],
  ['java_import', 'ji', { jars: '["a.jar"]' }],
  ['java_plugin', 'jp', { srcs: '["A.java"]' }],
  ['java_proto_library', 'jpl', { deps: '[":pl"]' }],
  ['py_library', 'pyl', { srcs: '["a.py"]' }],
  ['py_binary', 'pyb', { srcs: '["a.py"]', main: '"a.py"' }],
  ['py_test', 'pyt', { srcs: '["a.py"]', main: '"a.py"' }],
  ['py_runtime', 'pyr', { interpreter_path: '"/usr/bin/python3"', python_version: '"PY3"' }],
  ['objc_library', 'ol', { srcs: '["a.m"]' }],
  ['sh_test', 'st', { srcs: '["t.sh"]' }],
  ['sh_binary', 'sb', { srcs: '["t.sh"]' }],
  ['sh_library', 'sl', { srcs: '["t.sh"]' }],
  ['environment', 'env1', {}],
  ['toolchain_type', 'tt', {}],
  ['toolchain', 'tc', { toolchain: '":cl"', toolchain_type: '":tt"' }],
  ['cc_toolchain_suite', 'cts', { toolchains: '{"k8": ":cl"}' }],
  ['cc_toolchain', 'cctc', { all_files: '":cl"', compiler_files: '":cl"', dwp_files: '":cl"', linker_files: '":cl"', objcopy_files: '":cl"', strip_files: '":cl"', toolchain_config: '":cl"' }],
  ['xcode_config', 'xc', {}],
];

/**
 * Rule classes whose schemas rulepen writes by hand (the seven general rules, platforms, sh_*) or defines in
 * Starlark: recorded only for the attribute lists query's xml/proto outputs print (BAZEL4_QUERY_ATTRIBUTES).
 */
const QUERY_SAMPLES: readonly (readonly [string, string, Readonly<Record<string, string>>])[] = [
  ['alias', 'al', { actual: '":fg"' }],
  ['config_setting', 'cs', { values: '{"cpu": "x"}' }],
  ['filegroup', 'fg', { srcs: '["f.txt"]' }],
  ['genquery', 'gq', { expression: '"//a:fg"', scope: '[":fg"]' }],
  ['genrule', 'gr', { outs: '["gr.out"]', cmd: '"true"' }],
  ['test_suite', 'ts', {}],
  ['platform', 'pf', {}],
  ['constraint_setting', 'cset', {}],
  ['constraint_value', 'cval', { constraint_setting: '":cset"' }],
  // Starlark rule classes: the attributes every one gets (starlark_rule.bzl declares them with no own attrs).
  ['starlark_rule', 'sr', {}],
  ['starlark_test', 'srt', {}],
  ['starlark_binary', 'srb', {}],
  ['starlark_attrs', 'sra', {}],
];

const STARLARK_RULES_BZL = [
  'def _impl(ctx):',
  '    return []',
  '',
  'starlark_rule = rule(implementation = _impl)',
  'starlark_test = rule(implementation = _impl, test = True)',
  'starlark_binary = rule(implementation = _impl, executable = True)',
  'starlark_attrs = rule(implementation = _impl, attrs = {"zz": attr.string(), "aa": attr.label_list(), "_hidden": attr.label(default = "//a:f.txt"), "mm": attr.bool()})',
  '',
].join('\n');

/** The targets whose deps() closure the tool packages are recorded from (Java and proto need downloads). */
const CLOSURE_OF = ['st', 'sb', 'cl', 'cb', 'ct', 'ci', 'ol', 'pyb', 'pyt'];

/**
 * The Python toolchain 4.2.3's WORKSPACE suffix registers (py_binary and py_test resolve it), and what it names
 * (its `toolchain` attribute is a nodep label, which deps() does not follow).
 */
const PYTHON_TOOLCHAIN = '@bazel_tools//tools/python:autodetecting_toolchain + @bazel_tools//tools/python:_autodetecting_py_runtime_pair';

function reexports(rules: string[]): string {
  return rules.map((r) => `def ${r}(**kwargs):\n    native.${r}(**kwargs)\n`).join('');
}

/** The offline stub repositories of conformance/record.sh. */
const STUBS: Readonly<Record<string, string>> = {
  'remote_coverage_tools/WORKSPACE': '',
  'remote_coverage_tools/BUILD': 'package(default_visibility = ["//visibility:public"])\nfilegroup(name = "coverage_report_generator")\nfilegroup(name = "lcov_merger")\n',
  'rules_cc/WORKSPACE': '',
  'rules_cc/BUILD': '',
  'rules_cc/cc/BUILD': '',
  'rules_cc/cc/defs.bzl': reexports(['cc_binary', 'cc_library', 'cc_test', 'cc_import', 'cc_proto_library', 'cc_toolchain', 'cc_toolchain_suite', 'objc_library', 'objc_import', 'fdo_profile', 'fdo_prefetch_hints']),
  'rules_java/WORKSPACE': '',
  'rules_java/BUILD': '',
  'rules_java/java/BUILD': '',
  'rules_java/java/defs.bzl': reexports(['java_binary', 'java_library', 'java_test', 'java_import', 'java_plugin', 'java_runtime', 'java_toolchain', 'java_proto_library', 'java_lite_proto_library', 'java_package_configuration']),
};

function record(): void {
  const scratch = mkdtempSync('/tmp/rulepen-gen-bazel4.');
  const outputRoot = process.env.RULEPEN_GEN_OUTPUT_USER_ROOT ?? '/tmp/rulepen-gen-bazel4-root';
  const ws = join(scratch, 'ws');
  for (const [rel, text] of Object.entries(STUBS)) write(join(scratch, 'stubs', rel), text);
  write(join(ws, 'WORKSPACE'), '');
  const call = ([cls, name, attrs]: (typeof SAMPLES)[number]) => `${cls}(name = "${name}"${Object.entries(attrs).map(([k, v]) => `, ${k} = ${v}`).join('')})\n`;
  write(join(ws, 'a/starlark_rules.bzl'), STARLARK_RULES_BZL);
  write(join(ws, 'a/BUILD'), 'load(":starlark_rules.bzl", "starlark_rule", "starlark_test", "starlark_binary", "starlark_attrs")\n' + [...SAMPLES, ...QUERY_SAMPLES].map(call).join(''));
  const overrides = ['remote_coverage_tools', 'rules_cc', 'rules_java'].map((r) => `--override_repository=${r}=${join(scratch, 'stubs', r)}`);
  const bazel = (args: string[]): Buffer =>
    execFileSync('bazel', ['--batch', `--output_user_root=${outputRoot}`, ...args], { cwd: ws, stdio: ['ignore', 'pipe', process.env.RULEPEN_GEN_DEBUG ? 'inherit' : 'ignore'], maxBuffer: 1 << 28 });
  // Absolute paths of the scratch workspace and output base are machine-specific: put placeholders in.
  const clean = (b: Buffer) => b.toString('utf8').replaceAll(ws, '${WORKSPACE}').replace(/\/[^\s"]*\/external\//g, '${OUTPUT_BASE}/external/');
  mkdirSync(DATA, { recursive: true });
  writeFileSync(join(DATA, 'build-language.pb'), bazel(['info', 'build-language']));
  writeFileSync(join(DATA, 'rules.xml'), clean(bazel(['query', ...overrides, '//a:*', '--output=xml', '--xml:default_values'])));
  // The C++ and Python toolchain types too, and the Python toolchain Bazel registers: rules request them by
  // toolchain resolution (nodep attributes deps() skips), and cquery lists what they resolve to.
  const closure = `(deps(${CLOSURE_OF.map((n) => `//a:${n}`).join(' + ')} + ${PYTHON_TOOLCHAIN}) + @bazel_tools//tools/cpp:toolchain_type + @bazel_tools//tools/python:toolchain_type) except //a:*`;
  writeFileSync(join(DATA, 'tools.build'), clean(bazel(['query', ...overrides, closure, '--output=build'])));
  writeFileSync(join(DATA, 'tools.label_kind'), clean(bazel(['query', ...overrides, closure, '--output=label_kind', '--order_output=full'])));
  writeFileSync(join(DATA, 'tools.package_groups.xml'), clean(bazel(['query', ...overrides, `kind("package group", ${closure})`, '--output=xml', '--order_output=full'])));
  writeFileSync(join(DATA, 'tools.source_files.xml'), clean(bazel(['query', ...overrides, `kind("source file", ${closure})`, '--output=xml', '--order_output=full'])));
  const licenses = bazel(['query', ...overrides, `kind(rule, ${closure})`, '--output=xml', '--xml:default_values', '--order_output=full']).toString('utf8');
  writeFileSync(join(DATA, 'tools.licenses.xml'), clean(Buffer.from([...licenses.matchAll(/<rule [^>]*>|<license name="licenses">[\s\S]*?<\/license>/g)].map((m) => m[0]).join('\n') + '\n')));
  rmSync(scratch, { recursive: true, force: true });
}

function write(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
}

// ---- build-language.pb: a minimal protobuf wire decoder (build.proto's BuildLanguage of Bazel 4.2.3) ----

type Field = readonly [number, number | Uint8Array];

function fields(b: Uint8Array): Field[] {
  const out: Field[] = [];
  let i = 0;
  const varint = (): number => {
    let r = 0n;
    let s = 0n;
    for (;;) {
      const c = b[i++]!;
      r |= BigInt(c & 0x7f) << s;
      s += 7n;
      if (c < 0x80) break;
    }
    return Number(BigInt.asIntN(64, r));
  };
  while (i < b.length) {
    const key = varint();
    const f = key >>> 3;
    switch (key & 7) {
      case 0:
        out.push([f, varint()]);
        break;
      case 2: {
        const n = varint();
        out.push([f, b.subarray(i, i + n)]);
        i += n;
        break;
      }
      case 5:
        i += 4;
        break;
      case 1:
        i += 8;
        break;
      default:
        throw new Error(`unexpected wire type ${key & 7}`);
    }
  }
  return out;
}

const str = (v: number | Uint8Array | undefined) => (v instanceof Uint8Array ? new TextDecoder().decode(v) : '');
const get = (fs: Field[], n: number) => fs.find(([f]) => f === n)?.[1];

/** AttributeValue (build.proto 4.2.3): int = 1, string = 2, bool = 3, list = 4, dict = 5 (key = 1, value = 2). */
function attributeValue(b: Uint8Array): unknown {
  const fs = fields(b);
  const list = fs.filter(([f]) => f === 4);
  const dict = fs.filter(([f]) => f === 5);
  if (list.length) return list.map(([, v]) => attributeValue(v as Uint8Array));
  if (dict.length) return Object.fromEntries(dict.map(([, v]) => { const e = fields(v as Uint8Array); return [str(get(e, 1)), attributeValue(get(e, 2) as Uint8Array)]; }));
  const i = get(fs, 1);
  if (typeof i === 'number') return i;
  const s = get(fs, 2);
  if (s !== undefined) return str(s);
  const bo = get(fs, 3);
  if (typeof bo === 'number') return bo !== 0;
  return undefined;
}

interface ProtoAttr {
  type: number;
  mandatory: boolean;
  configurable: boolean;
  nodep: boolean;
  host: boolean;
  allowed?: string[];
  default?: unknown;
}

function buildLanguage(): Map<string, Map<string, ProtoAttr>> {
  const out = new Map<string, Map<string, ProtoAttr>>();
  for (const [f, rule] of fields(readFileSync(join(DATA, 'build-language.pb')))) {
    if (f !== 1) continue;
    const rf = fields(rule as Uint8Array);
    const attrs = new Map<string, ProtoAttr>();
    for (const [g, a] of rf) {
      if (g !== 2) continue;
      const af = fields(a as Uint8Array);
      const allowedInfo = get(af, 4);
      const allowed = allowedInfo instanceof Uint8Array ? fields(allowedInfo) : [];
      const def = get(af, 9);
      attrs.set(str(get(af, 1)), {
        type: get(af, 2) as number,
        mandatory: get(af, 3) === 1,
        configurable: get(af, 11) === 1,
        nodep: get(af, 12) === 1,
        host: get(af, 13) === 1,
        ...(get(allowed, 1) === 2 ? { allowed: allowed.filter(([k]) => k === 2).map(([, v]) => str(v)) } : {}),
        ...(def instanceof Uint8Array ? { default: attributeValue(def) } : {}),
      });
    }
    out.set(str(get(rf, 1)), attrs);
  }
  return out;
}

// ---- rules.xml: attribute order and the values Bazel shows for unset attributes ----

interface XmlAttr {
  name: string;
  value: unknown;
}

function xmlRules(): Map<string, XmlAttr[]> {
  const text = readFileSync(join(DATA, 'rules.xml'), 'utf8');
  const out = new Map<string, XmlAttr[]>();
  const unescape = (s: string) => s.replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&apos;/g, "'").replace(/&amp;/g, '&');
  for (const m of text.matchAll(/<rule class="([^"]+)"[^>]*>\n([\s\S]*?)\n {4}<\/rule>/g)) {
    const lines = m[2]!.split('\n');
    const attrs: XmlAttr[] = [];
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i]!;
      const top = /^ {8}<(\w+) name="([^"]+)"(?: value="([^"]*)")?(\/?)>$/.exec(line);
      if (!top) continue;
      const [, tag, name, value, selfClosing] = top;
      if (tag === 'rule-input' || tag === 'rule-output') continue;
      if (selfClosing) {
        const v = value === undefined ? (tag === 'list' ? [] : tag === 'dict' ? {} : null) : tag === 'boolean' ? value === 'true' : tag === 'int' ? Number(value) : unescape(value);
        attrs.push({ name: name!, value: v });
        continue;
      }
      // A list, dict or license over several lines.
      const items: string[] = [];
      const dict: Record<string, string> = {};
      for (i++; i < lines.length && lines[i] !== `        </${tag}>`; i++) {
        const item = /^ {12}<\w+ value="([^"]*)"\/>$/.exec(lines[i]!);
        if (item) items.push(unescape(item[1]!));
        const pair = /^ {12}<pair key="([^"]*)" value="([^"]*)"\/>$/.exec(lines[i]!);
        if (pair) dict[unescape(pair[1]!)] = unescape(pair[2]!);
      }
      attrs.push({ name: name!, value: tag === 'dict' ? dict : tag === 'license' ? null : items });
    }
    out.set(m[1]!, attrs);
  }
  return out;
}

// ---- the rules module ----

const TYPES: Readonly<Record<number, string>> = {
  1: 'int', 2: 'string', 3: 'label', 4: 'output', 5: 'string_list', 6: 'label_list', 7: 'output_list', 8: 'distribs',
  9: 'license', 10: 'string_dict', 12: 'label_list_dict', 13: 'string_list_dict', 14: 'bool', 15: 'tristate',
  16: 'int_list', 19: 'string_keyed_label_dict', 21: 'label_keyed_string_dict',
};

/** Attributes Bazel keeps on every rule that rulepen does not model (nothing in a BUILD file sets them). */
const UNMODELLED = new Set(['transitive_configs', 'applicable_licenses', 'distribs', ':action_listener', '$config_dependencies', 'generator_name', 'generator_function', 'generator_location', 'name']);

function attrType(name: string, a: ProtoAttr): string {
  if (name === 'visibility') return 'nodep_label_list';
  const t = TYPES[a.type];
  if (!t) throw new Error(`attribute ${name}: unknown type ${a.type}`);
  // The proto reports nodep labels as STRING / STRING_LIST with the nodep flag (toolchain's `toolchain`).
  if (a.nodep && (t === 'label' || t === 'string')) return 'nodep_label';
  if (a.nodep && (t === 'label_list' || t === 'string_list')) return 'nodep_label_list';
  return t;
}

function emptyValue(type: string): unknown {
  if (type.endsWith('_list') || type === 'distribs') return [];
  if (type.endsWith('dict')) return {};
  if (type === 'bool') return false;
  if (type === 'int') return 0;
  if (type === 'tristate') return -1;
  if (type === 'string') return '';
  return null;
}

function rulesModule(): string {
  const proto = buildLanguage();
  const xml = xmlRules();
  const lines = [
    '// Generated by scripts/gen-bazel4-rules.ts from `bazel info build-language` and `bazel query --output=xml',
    '// --xml:default_values` of Bazel 4.2.3 (scripts/data/bazel-4.2.3-rules/). Do not edit: re-run the script.',
    '//',
    '// Per rule class, every attribute in Bazel\'s RuleClass order (name and the attributes rulepen does not model left',
    '// out): [name, type, flags, default]. Flags: m mandatory, n not configurable, h host (tool) dependency, i an',
    '// implicit (`$`) or late-bound (`:`) dependency, whose default is the label(s) query follows.',
    '',
    'export type GeneratedAttr = readonly [name: string, type: string, flags: string, defaultValue: unknown];',
    '',
    'export const BAZEL4_RULE_TABLES: Readonly<Record<string, readonly GeneratedAttr[]>> = {',
  ];
  for (const [cls, , set] of SAMPLES) {
    const p = proto.get(cls);
    const x = xml.get(cls);
    if (!p || !x) throw new Error(`no data for ${cls}`);
    lines.push(`  ${cls}: [`);
    for (const { name, value } of x) {
      if (UNMODELLED.has(name)) continue;
      const a = p.get(name);
      if (!a) throw new Error(`${cls}.${name}: not in build-language`);
      const type = attrType(name, a);
      const implicit = name.startsWith('$') || name.startsWith(':');
      const flags = (a.mandatory ? 'm' : '') + (a.configurable ? '' : 'n') + (a.host ? 'h' : '') + (implicit ? 'i' : '');
      // A value the sample set is not a default: take build-language's, else the type's empty value.
      let def: unknown = Object.prototype.hasOwnProperty.call(set, name) || a.mandatory ? (a.default ?? emptyValue(type)) : value;
      if (type === 'license') def = null;
      if (type === 'tristate' && typeof def !== 'number') def = a.default ?? -1;
      lines.push(`    [${JSON.stringify(name)}, ${JSON.stringify(type)}, ${JSON.stringify(flags)}, ${JSON.stringify(def)}],`);
    }
    lines.push('  ],');
  }
  lines.push('};', '');
  lines.push(...queryAttributesTable(proto, xml));
  // Implicit outputs: the sample target's <rule-output>s with its name as `%{name}` (cc_binary's .stripped…).
  const text = readFileSync(join(DATA, 'rules.xml'), 'utf8');
  lines.push('/** Implicit output files per rule class, `%{name}` standing for the target\'s name. */');
  lines.push('export const BAZEL4_IMPLICIT_OUTPUTS: Readonly<Record<string, readonly string[]>> = {');
  for (const [cls, name] of SAMPLES) {
    const m = new RegExp(`<rule class="${cls}"[^>]* name="//a:${name}">([\\s\\S]*?)</rule>`).exec(text);
    const outs = [...(m?.[1] ?? '').matchAll(/<rule-output name="\/\/a:([^"]+)"\/>/g)].map((x) => x[1]!.split(name).join('%{name}'));
    if (outs.length) lines.push(`  ${cls}: ${JSON.stringify(outs)},`);
  }
  lines.push('};', '');
  return lines.join('\n');
}

/** The type of an attribute only Starlark rules have, from the element Bazel's xml output writes for it. */
const XML_TAG_TYPES: Readonly<Record<string, string>> = { string: 'string', boolean: 'bool', int: 'int', label: 'label', list: 'string_list', dict: 'string_dict', license: 'license' };

/**
 * Every attribute query's xml and proto outputs list for a rule class, in Bazel's order, with the build.proto
 * discriminator, the nodep flag and the value shown when unset. Starlark rule classes have no build-language
 * entry: their attributes' types come from the native class that has the same attribute, else the xml element.
 */
function queryAttributesTable(proto: Map<string, Map<string, ProtoAttr>>, xml: Map<string, XmlAttr[]>): string[] {
  const anyNative = new Map<string, ProtoAttr>();
  for (const attrs of proto.values()) for (const [n, a] of attrs) if (!anyNative.has(n)) anyNative.set(n, a);
  const text = readFileSync(join(DATA, 'rules.xml'), 'utf8');
  const lines = [
    '/**',
    ' * Per rule class, every attribute Bazel 4.2.3\'s `query --output=xml/proto` lists, in its order: [name, type (as',
    ' * the tables above name it), the value shown when unset]. `starlark_rule`, `starlark_test` and `starlark_binary`',
    ' * are the attributes of every Starlark rule class (its own attributes follow, in declaration order).',
    ' */',
    'export type QueryAttr = readonly [name: string, type: string, unset: unknown];',
    '',
    'export const BAZEL4_QUERY_ATTRIBUTES: Readonly<Record<string, readonly QueryAttr[]>> = {',
  ];
  for (const [cls, , set] of [...SAMPLES, ...QUERY_SAMPLES]) {
    if (cls === 'starlark_attrs') continue;
    const x = xml.get(cls);
    if (!x) throw new Error(`no xml for ${cls}`);
    const p = proto.get(cls);
    lines.push(`  ${cls}: [`);
    for (const { name, value } of x) {
      const a = p?.get(name) ?? (p ? undefined : anyNative.get(name));
      let type = a ? attrType(name, a) : undefined;
      if (type === undefined) {
        const tag = new RegExp(`<rule class="${cls}"[\\s\\S]*?\\n {8}<(\\w+) name="${name.replace(/\$/g, '\\$')}"`).exec(text)?.[1];
        type = XML_TAG_TYPES[tag ?? ''];
        if (type === undefined) throw new Error(`${cls}.${name}: no type`);
      }
      // A value the sample set is not what an unset attribute shows: build-language's default instead.
      const unset = Object.prototype.hasOwnProperty.call(set, name) ? (a?.default ?? null) : value;
      lines.push(`    [${JSON.stringify(name)}, ${JSON.stringify(type)}, ${JSON.stringify(unset)}],`);
    }
    lines.push('  ],');
  }
  lines.push('};', '');
  return lines;
}

// ---- the tools module ----

/** Infers a Starlark attribute type for a rule class defined in a .bzl file from the values the BUILD output shows. */
/** Attributes every rule has: a Starlark rule class cannot declare them. */
const COMMON_ATTRIBUTES = new Set(['visibility', 'tags', 'testonly', 'deprecation', 'features', 'licenses', 'compatible_with', 'restricted_to', 'target_compatible_with', 'exec_compatible_with', 'exec_properties']);

/** A Starlark attribute type for a value query printed; labels of generated files are outputs. */
function starlarkAttrType(value: string, generated: { has(label: string): boolean }): string {
  const v = value.startsWith('select(') ? value.slice(value.indexOf('": ') + 3) : value;
  if (/^"\/\/[^"]*"$/.test(v) && generated.has(JSON.parse(v))) return 'attr.output()';
  if (/^\["\/\/[^"]*"(, "\/\/[^"]*")*\]$/.test(v) && (JSON.parse(v) as string[]).every((l) => generated.has(l))) return 'attr.output_list()';
  if (/^(True|False)\b/.test(v)) return 'attr.bool()';
  if (/^-?\d/.test(v)) return 'attr.int()';
  if (v.startsWith('{')) return 'attr.string_dict()';
  // A label starts with `//`, `:` or `@repo//` (`@echo …` is a string).
  if (v.startsWith('[')) return /^\["(@[\w.~+-]*\/\/|\/\/|:)/.test(v) ? 'attr.label_list(allow_files = True)' : 'attr.string_list()';
  return /^"(@[\w.~+-]*\/\/|\/\/|:)/.test(v) ? 'attr.label(allow_files = True)' : 'attr.string()';
}

function toolsModule(natives: ReadonlySet<string>): string {
  const build = readFileSync(join(DATA, 'tools.build'), 'utf8');
  // Per package: its rules (the callee, the rule class it creates, the attribute lines), the Starlark rule
  // classes it loads (attribute types) and the macros it calls (the rule classes each creates).
  type Call = { line: number; callee: string; cls: string; body: string; viaMacro?: boolean; close?: string };
  const pkgs = new Map<string, { rules: Call[]; starlark: Map<string, Map<string, string>>; macros: Map<string, Set<string>> }>();
  // A label a Starlark rule's attribute names is one of its outputs when it is a generated file of the closure,
  // or not in the closure at all (deps() reaches every input; an output the closure does not use is not in it).
  const known = new Set<string>();
  const generated = new Set<string>();
  for (const l of readFileSync(join(DATA, 'tools.label_kind'), 'utf8').split('\n')) {
    const m = /^(.*) @([^/]+)\/\/([^:]*):(.+)$/.exec(l);
    if (!m) continue;
    known.add(`//${m[3]}:${m[4]}`);
    if (m[1] === 'generated file') generated.add(`//${m[3]}:${m[4]}`);
  }
  const isOutput = { has: (l: string) => generated.has(l) || !known.has(l) };
  const pkgOf = (repo: string, pkg: string) => {
    const k = `${repo}\0${pkg}`;
    let p = pkgs.get(k);
    if (!p) pkgs.set(k, (p = { rules: [], starlark: new Map(), macros: new Map() }));
    return p;
  };
  for (const block of build.split(/\n\n/)) {
    const loc = /^# \$\{OUTPUT_BASE\}\/external\/([^/]+)\/(?:(.*)\/)?BUILD(?:\.bazel)?:(\d+):\d+$/m.exec(block);
    if (!loc) continue;
    const [, repo, pkg = '', line] = loc;
    const body = block.split('\n').filter((l) => !l.startsWith('#')).join('\n');
    const head = /^([A-Za-z_]\w*)\(/.exec(body);
    if (!head) continue;
    const cls = head[1]!;
    const p = pkgOf(repo!, pkg);
    const attrLines = body.split('\n').slice(1, -1);
    let callee: string | undefined;
    if (!natives.has(cls)) {
      // A rule class from a .bzl file: declared in the package's stand-in .bzl with the attributes used.
      const attrs = p.starlark.get(cls) ?? new Map<string, string>();
      p.starlark.set(cls, attrs);
      let macro: string | undefined;
      for (const l of attrLines) {
        const m = /^ {2}(\w+) = (.*),$/.exec(l);
        if (!m) continue;
        if (m[1] === 'generator_function') macro = JSON.parse(m[2]!);
        if (m[1] === 'name' || m[1]!.startsWith('generator_') || COMMON_ATTRIBUTES.has(m[1]!)) continue;
        if (!attrs.has(m[1]!)) attrs.set(m[1]!, starlarkAttrType(m[2]!.replaceAll(`"@${repo}//`, '"//'), isOutput));
      }
      // A private rule class (`_write_xfile`) is called through its macro, as the real BUILD file does.
      if (cls.startsWith('_') && macro) callee = macro;
    } else {
      // A native rule a macro created (`win_cc_binary`, or rules_cc's `cc_library` wrapper) is called through a
      // stand-in of that macro, so that its location is the macro call's and its generator_* attributes are set,
      // as in the BUILD file Bazel read.
      const macro = attrLines.map((l) => /^ {2}generator_function = (".*"),$/.exec(l)?.[1]).find((m) => m !== undefined);
      if (macro) callee = JSON.parse(macro) as string;
    }
    if (callee !== undefined) {
      const made = p.macros.get(callee) ?? new Set<string>();
      p.macros.set(callee, made.add(natives.has(cls) ? `native.${cls}` : cls));
    }
    // Inside its own repository a label needs no repository part (as in the BUILD file Bazel read).
    const lines = attrLines.filter((l) => !/^ {2}generator_\w+ = /.test(l)).join('\n');
    p.rules.push({ line: Number(line), callee: callee ?? cls, cls, body: lines.replaceAll(`"@${repo}//`, '"//'), viaMacro: callee !== undefined });
  }
  // Package groups (the BUILD output shows rules only).
  const groups = readFileSync(join(DATA, 'tools.package_groups.xml'), 'utf8');
  for (const m of groups.matchAll(/<package-group location="\$\{OUTPUT_BASE\}\/external\/([^/]+)\/(?:(.*)\/)?BUILD(?:\.bazel)?:(\d+):\d+" name="[^"]*:([^"]+)">([\s\S]*?)<\/package-group>/g)) {
    const [, repo, pkg = '', line, name, body] = m;
    const list = (n: string) => [...(new RegExp(`<list name="${n}">([\\s\\S]*?)</list>`).exec(body!)?.[1] ?? '').matchAll(/value="([^"]*)"/g)].map((x) => x[1]!);
    const packages = list('packages').map((p) => (p.startsWith('//') || p === 'public' || p === 'private' || p.startsWith('-') ? p : `//${p}`));
    const includes = list('includes').map((l) => l.replace(`@${repo}//`, '//'));
    pkgOf(repo!, pkg).rules.push({ line: Number(line), callee: 'package_group', cls: 'package_group', body: `  name = ${JSON.stringify(name)},\n  packages = ${JSON.stringify(packages)},\n  includes = ${JSON.stringify(includes)},` });
  }
  // Source files no recorded rule declares, where they are declared: exports_files() at that line (its '(' at
  // column 14, with the visibility it gives), else a rule outside the closure, for which a filegroup stands in.
  // One a rule declares has its package's default visibility, which the package gets.
  const defaultVisibility = new Map<string, string[]>();
  const exported = new Map<string, Map<number, { names: string[]; visibility: string[]; column: number }>>();
  const xml = readFileSync(join(DATA, 'tools.source_files.xml'), 'utf8');
  for (const m of xml.matchAll(/<source-file location="\$\{OUTPUT_BASE\}\/external\/([^/]+)\/(?:(.*)\/)?BUILD(?:\.bazel)?:(\d+):(\d+)" name="[^"]*:([^"]+)">([\s\S]*?)<\/source-file>/g)) {
    const [, repo, pkg = '', lineText, column, name, body] = m;
    if (repo === 'platforms' || name === 'BUILD' || name!.endsWith('.bzl')) continue;
    const line = Number(lineText);
    const visibility = [...body!.matchAll(/<visibility-label name="([^"]*)"\/>/g)].map((x) => x[1]!.replace(`@${repo}//`, '//'));
    const k = `${repo}\0${pkg}`;
    const byRule = pkgs.get(k)?.rules.some((r) => r.line === line) ?? false;
    if ((byRule || column !== '14') && !defaultVisibility.has(k)) defaultVisibility.set(k, visibility);
    if (byRule) continue;
    const byLine = exported.get(k) ?? new Map<number, { names: string[]; visibility: string[]; column: number }>();
    exported.set(k, byLine);
    const at = byLine.get(line) ?? { names: [], visibility, column: Number(column) };
    byLine.set(line, at);
    at.names.push(name!);
  }
  for (const [k, byLine] of exported) {
    for (const [line, { names, visibility, column }] of byLine) {
      const [repo, pkg] = k.split('\0') as [string, string];
      const srcs = JSON.stringify(names.sort());
      // A filegroup in as many brackets as put its '(' where the real rule's was (a cc_library's: column 11).
      const depth = column - 10;
      if (column !== 14 && depth >= 0) pkgOf(repo, pkg).rules.push({ line, callee: `${'['.repeat(depth)}filegroup`, cls: 'filegroup', body: `  name = "rulepen_sources_of_line_${line}",\n  srcs = ${srcs},`, close: ']'.repeat(depth) });
      else {
        const vis = visibility.length === 1 && visibility[0] === '//visibility:public' ? '' : `\n  visibility = ${JSON.stringify(visibility)},`;
        pkgOf(repo, pkg).rules.push({ line, callee: 'exports_files', cls: 'exports_files', body: `  ${srcs},${vis}` });
      }
    }
  }
  // A package's licenses(): what its rules that set none have (tools.build shows the ones set on the rule).
  const packageLicenses = new Map<string, string[]>();
  const explicitLicense = new Set<string>();
  for (const block of build.split(/\n\n/)) {
    const name = /^ {2}name = "([^"]*)",$/m.exec(block)?.[1];
    const loc = /^# \$\{OUTPUT_BASE\}\/external\/([^/]+)\/(?:(.*)\/)?BUILD(?:\.bazel)?:\d+:\d+$/m.exec(block);
    if (name && loc && /^ {2}licenses = /m.test(block)) explicitLicense.add(`${loc[1]}\0${loc[2] ?? ''}\0${name}`);
  }
  const licenseXml = readFileSync(join(DATA, 'tools.licenses.xml'), 'utf8');
  for (const m of licenseXml.matchAll(/<rule [^>]*location="\$\{OUTPUT_BASE\}\/external\/([^/]+)\/(?:(.*)\/)?BUILD(?:\.bazel)?:\d+:\d+" name="[^"]*:([^"]+)">\n<license name="licenses">([\s\S]*?)<\/license>/g)) {
    const [, repo, pkg = '', name, body] = m;
    const k = `${repo}\0${pkg}`;
    if (explicitLicense.has(`${k}\0${name}`) || packageLicenses.has(k)) continue;
    const types = [.../<list name="license-types">([\s\S]*?)<\/list>/.exec(body!)?.[1]?.matchAll(/value="([^"]*)"/g) ?? []].map((x) => x[1]!.toLowerCase());
    if (types.length > 0 && !(types.length === 1 && types[0] === 'none')) packageLicenses.set(k, types);
  }
  // Source files of the closure, so that globs and file checks see them.
  const sources: [string, string, string][] = [];
  for (const l of readFileSync(join(DATA, 'tools.label_kind'), 'utf8').split('\n')) {
    const m = /^source file @([^/]+)\/\/([^:]*):(.+)$/.exec(l);
    if (m) sources.push([m[1]!, m[2]!, m[3]!]);
  }
  const repos = new Map<string, Map<string, string>>();
  const file = (repo: string, path: string, text: string) => {
    let r = repos.get(repo);
    if (!r) repos.set(repo, (r = new Map([['WORKSPACE', '']])));
    r.set(path, text);
  };
  // @platforms is rulepen's own stand-in (builtin-repos/index.ts), which has the constraint values these name.
  for (const k of [...pkgs.keys()]) if (k.startsWith('platforms\0')) pkgs.delete(k);
  for (const [k, p] of [...pkgs].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const [repo, pkg] = k.split('\0') as [string, string];
    const prefix = pkg ? `${pkg}/` : '';
    const head = [`package(default_visibility = ${JSON.stringify(defaultVisibility.get(k) ?? ['//visibility:public'])})`];
    if (packageLicenses.has(k)) head.push(`licenses(${JSON.stringify(packageLicenses.get(k))})`);
    if (p.starlark.size || p.macros.size) {
      const bzl = ['# Stand-ins for the rule classes and macros this package loads from .bzl files: the attributes its targets use.', '', 'def _impl(ctx):', '    return []', ''];
      for (const [cls, attrs] of p.starlark) {
        // A rule with outputs writes them empty (Bazel fails a rule that leaves a declared output without action).
        const outs = [...attrs].filter(([, t]) => t.startsWith('attr.output')).map(([n]) => n);
        const impl = outs.length ? `_${cls.replace(/^_+/, '')}_impl` : '_impl';
        if (outs.length) {
          bzl.push(`def ${impl}(ctx):`, `    for out in [${outs.map((n) => `ctx.outputs.${n}`).join(', ')}]:`);
          bzl.push('        for f in (out if type(out) == "list" else [out] if out else []):', '            ctx.actions.write(f, "")', '    return []', '');
        }
        bzl.push(`${cls} = rule(`, `    implementation = ${impl},`, '    attrs = {');
        for (const [n, t] of attrs) bzl.push(`        ${JSON.stringify(n)}: ${t},`);
        bzl.push('    },', ')', '');
      }
      // A macro that creates rules of several classes (Python's define_autodetecting_toolchain: a toolchain and
      // py_runtimes) is told which by a `rulepen_class` argument (not an attribute: query does not show it).
      for (const [macro, made] of p.macros) {
        const classes = [...made];
        if (classes.length === 1) bzl.push(`def ${macro}(**kwargs):`, `    ${classes[0]}(**kwargs)`, '');
        else bzl.push(`def ${macro}(rulepen_class, **kwargs):`, ...classes.map((c, i) => `    ${i ? 'elif' : 'if'} rulepen_class == "${c}":\n        ${c}(**kwargs)`), '');
      }
      file(repo, `${prefix}rulepen_stand_ins.bzl`, bzl.join('\n'));
      const exported = [...p.starlark.keys()].filter((c) => !c.startsWith('_')).concat([...p.macros.keys()]);
      head.unshift(`load(":rulepen_stand_ins.bzl", ${exported.map((c) => JSON.stringify(c)).join(', ')})`);
    }
    // Each rule starts on the line Bazel reported for it where the text before leaves room (blank lines pad the
    // gap), so that locations in query outputs name the same lines as Bazel's.
    const out = [...head];
    for (const r of p.rules.sort((a, b) => a.line - b.line)) {
      while (out.length < r.line - 1) out.push('');
      const made = r.viaMacro ? p.macros.get(r.callee)! : undefined;
      const kind = made && made.size > 1 ? `\n  rulepen_class = "${natives.has(r.cls) ? `native.${r.cls}` : r.cls}",` : '';
      out.push(...`${r.callee}(${kind}\n${r.body}\n)${r.close ?? ''}`.split('\n'));
    }
    file(repo, `${prefix}BUILD`, out.join('\n') + '\n');
  }
  for (const [repo, pkg, name] of sources) if (repo !== 'platforms' && !repos.get(repo)?.has(`${pkg ? pkg + '/' : ''}${name}`)) file(repo, `${pkg ? pkg + '/' : ''}${name}`, '');
  const lines = [
    '// Generated by scripts/gen-bazel4-rules.ts from `bazel query \'deps(…)\' --output=build` of Bazel 4.2.3',
    '// (scripts/data/bazel-4.2.3-rules/tools.build). Do not edit: re-run the script.',
    '//',
    '// The packages of Bazel\'s own repositories that the implicit dependencies of sh_*, cc_*, objc_library and py_*',
    '// rules reach under Bazel 4.2.3 (test wrappers, launchers, the C++ toolchain of a Linux x86_64 machine),',
    '// every rule with its select()s; rule classes defined in .bzl files get stand-in declarations.',
    '',
    'export const BAZEL4_TOOL_REPOS: Readonly<Record<string, Readonly<Record<string, string>>>> = {',
  ];
  for (const [repo, files] of [...repos].sort(([a], [b]) => (a < b ? -1 : 1))) {
    lines.push(`  ${JSON.stringify(repo)}: {`);
    for (const [path, text] of [...files].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) lines.push(`    ${JSON.stringify(path)}: ${JSON.stringify(text)},`);
    lines.push('  },');
  }
  lines.push('};', '');
  return lines.join('\n');
}

if (process.argv.includes('--record')) record();
write(RULES_OUT, rulesModule());
const natives = new Set([...buildLanguage().keys()]);
write(TOOLS_OUT, toolsModule(natives));
console.log(`wrote ${RULES_OUT} and ${TOOLS_OUT}`);
