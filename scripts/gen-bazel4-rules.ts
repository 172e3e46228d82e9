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
//   tools.loads.json           the load() statements of the BUILD and .bzl files its packages load
//   tools.buildfiles.xml       those BUILD files (a package's default visibility is its BUILD file's)
//   tools.starlark_defaults.json  per rule of a Starlark rule class, the attributes left unset ([name, build.proto
//                              type, value] from --output=proto): the stand-in rule classes declare them too
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
  ['cc_toolchain_alias', 'cta', {}],
  ['cc_host_toolchain_alias', 'chta', {}],
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

/**
 * The C++ toolchain aliases Starlark rules name in a private attribute (`"_cc_toolchain": attr.label(default =
 * "@bazel_tools//tools/cpp:current_cc_toolchain")`, as find_cpp_toolchain asks).
 */
const CC_TOOLCHAIN_ALIASES = '@bazel_tools//tools/cpp:current_cc_toolchain + @bazel_tools//tools/cpp:current_cc_host_toolchain';

/** The tool targets recorded: the closure of the samples' dependencies, and the toolchain types rules request. */
const CLOSURE = `(deps(${CLOSURE_OF.map((n) => `//a:${n}`).join(' + ')} + ${PYTHON_TOOLCHAIN} + ${CC_TOOLCHAIN_ALIASES}) + @bazel_tools//tools/cpp:toolchain_type + @bazel_tools//tools/python:toolchain_type) except //a:*`;

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
  const closure = CLOSURE;
  writeFileSync(join(DATA, 'tools.build'), clean(bazel(['query', ...overrides, closure, '--output=build'])));
  writeFileSync(join(DATA, 'tools.label_kind'), clean(bazel(['query', ...overrides, closure, '--output=label_kind', '--order_output=full'])));
  writeFileSync(join(DATA, 'tools.package_groups.xml'), clean(bazel(['query', ...overrides, `kind("package group", ${closure})`, '--output=xml', '--order_output=full'])));
  writeFileSync(join(DATA, 'tools.source_files.xml'), clean(bazel(['query', ...overrides, `kind("source file", ${closure})`, '--output=xml', '--order_output=full'])));
  writeFileSync(join(DATA, 'tools.starlark_defaults.json'), clean(Buffer.from(starlarkDefaults(bazel(['query', ...overrides, `kind(rule, ${closure})`, '--output=proto', '--order_output=full'])))));
  const licenses = bazel(['query', ...overrides, `kind(rule, ${closure})`, '--output=xml', '--xml:default_values', '--order_output=full']).toString('utf8');
  writeFileSync(join(DATA, 'tools.licenses.xml'), clean(Buffer.from([...licenses.matchAll(/<rule [^>]*>|<license name="licenses">[\s\S]*?<\/license>/g)].map((m) => m[0]).join('\n') + '\n')));
  // The load() statements of each BUILD and .bzl file the closure's packages load (read from the repositories
  // Bazel extracted), so that the stand-in packages load the same files: buildfiles() and loadfiles() name them.
  const files = bazel(['query', ...overrides, `buildfiles(${closure})`, '--order_output=full']).toString('utf8').split('\n').filter((l) => l !== '');
  // Their BUILD files with each package's default visibility (a BUILD file's own).
  writeFileSync(join(DATA, 'tools.buildfiles.xml'), clean(bazel(['query', ...overrides, `buildfiles(${closure})`, '--output=xml', '--order_output=full'])));
  const outputBase = bazel(['info', 'output_base']).toString('utf8').trim();
  writeFileSync(join(DATA, 'tools.loads.json'), JSON.stringify(loadStatements(files, outputBase), null, 1) + '\n');
  rmSync(scratch, { recursive: true, force: true });
}

/**
 * Per file (`repo//path`) of `files` (labels buildfiles() printed), its top-level load() statements whose file is
 * one of them, as [label, [[local name, exported name], …]]; loads inside strings (docstrings) are skipped.
 */
function loadStatements(files: readonly string[], outputBase: string): Record<string, [string, [string, string][]][]> {
  const key = (l: string) => {
    const m = /^@([^/]*)\/\/([^:]*):(.+)$/.exec(l);
    return m ? `${m[1]}//${m[2] ? `${m[2]}/` : ''}${m[3]}` : undefined;
  };
  const all = new Set(files.map(key).filter((k): k is string => k !== undefined));
  const out: Record<string, [string, [string, string][]][]> = {};
  for (const k of [...all].sort()) {
    const [repo, path] = k.split('//') as [string, string];
    if (repo === 'platforms' || repo === 'rules_cc' || repo === 'rules_java') continue;
    let text: string;
    try {
      text = readFileSync(join(outputBase, 'external', repo, path), 'utf8');
    } catch {
      continue;
    }
    // Blank out string literals (docstrings mention load() too), keeping line structure.
    const code = text.replace(/"""[\s\S]*?"""|'''[\s\S]*?'''/g, (m) => m.replace(/[^\n]/g, ' '));
    const pkg = path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '';
    const loads: [string, [string, string][]][] = [];
    for (const m of code.matchAll(/^load\(([^)]*)\)/gm)) {
      const literal = text.slice(m.index!, m.index! + m[0].length);
      const args = [...literal.matchAll(/(?:(\w+)\s*=\s*)?(["'])(.*?)\2/g)].map((a) => [a[1], a[3]!] as const);
      const label = args[0]![1];
      const abs = label.startsWith(':') ? `@${repo}//${pkg}${label}` : label.startsWith('//') ? `@${repo}${label}` : label;
      if (!all.has(key(abs) ?? '')) continue;
      loads.push([label, args.slice(1).map(([local, name]) => [local ?? name, name])]);
    }
    out[k] = loads;
  }
  return out;
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

/**
 * From a QueryResult proto: per rule of a Starlark rule class (one `bazel info build-language` does not list),
 * the attributes not set explicitly, as [name, build.proto Discriminator, value]. JSON, one rule a line.
 */
function starlarkDefaults(pb: Uint8Array): string {
  const natives = new Set(buildLanguage().keys());
  const lines: string[] = [];
  for (const [f, target] of fields(pb)) {
    const rule = f === 1 ? get(fields(target as Uint8Array), 2) : undefined;
    if (!(rule instanceof Uint8Array)) continue;
    const rf = fields(rule);
    if (natives.has(str(get(rf, 2)))) continue;
    const attrs: [string, number, unknown][] = [];
    for (const [g, a] of rf) {
      if (g !== 4) continue;
      const af = fields(a as Uint8Array);
      if (get(af, 13) === 1) continue;
      const type = get(af, 2) as number;
      const strings = af.filter(([n]) => n === 6).map(([, v]) => str(v));
      const dict = af.filter(([n]) => n === 8).map(([, v]) => { const e = fields(v as Uint8Array); return [str(get(e, 1)), str(get(e, 2))]; });
      const value = [5, 6, 11, 12].includes(type) ? strings : type === 10 ? Object.fromEntries(dict) : type === 14 ? get(af, 14) === 1 : type === 1 ? (get(af, 3) ?? 0) : get(af, 5) !== undefined ? str(get(af, 5)) : null;
      attrs.push([str(get(af, 1)), type, value]);
    }
    lines.push(JSON.stringify([str(get(rf, 1)), attrs]));
  }
  return lines.join('\n') + '\n';
}

/**
 * A Starlark attribute for one a rule left unset (build.proto type and value): only those whose default makes
 * no dependency; undefined for the others.
 */
function starlarkDefaultAttr(type: number, value: unknown): string | undefined {
  const py = (v: unknown): string => (typeof v === 'boolean' ? (v ? 'True' : 'False') : Array.isArray(v) ? `[${v.map(py).join(', ')}]` : v !== null && typeof v === 'object' ? `{${Object.entries(v).map(([k, x]) => `${JSON.stringify(k)}: ${py(x)}`).join(', ')}}` : JSON.stringify(v));
  switch (type) {
    case 1:
      return `attr.int(default = ${py(value)})`;
    case 2:
      return `attr.string(default = ${py(value ?? '')})`;
    case 3:
      return value === null || value === '' ? 'attr.label(allow_files = True)' : undefined;
    case 5:
      return `attr.string_list(default = ${py(value)})`;
    case 6:
      return (value as unknown[]).length === 0 ? 'attr.label_list(allow_files = True)' : undefined;
    case 10:
      return `attr.string_dict(default = ${py(value)})`;
    case 14:
      return `attr.bool(default = ${py(value)})`;
    default:
      return undefined;
  }
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

/** The file (`repo//path`) a load() label in file `from` names. */
function labelFile(label: string, from: string): string {
  const [repo, path] = from.split('//') as [string, string];
  const pkg = path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '';
  const m = /^(?:@([^/]*))?(?:\/\/([^:]*))?:?(.*)$/.exec(label)!;
  const r = label.startsWith('@') ? m[1]! : repo;
  const p = label.startsWith(':') ? pkg : m[2]!;
  return `${r}//${p ? `${p}/` : ''}${m[3]}`;
}

/** The names other files load from `file`. */
function exportedFrom(file: string, loads: Record<string, [string, [string, string][]][]>): string[] {
  const out = new Set<string>();
  for (const [from, list] of Object.entries(loads)) for (const [label, symbols] of list) if (labelFile(label, from) === file) for (const [, n] of symbols) out.add(n);
  return [...out];
}

/**
 * A stand-in .bzl file: its load()s first; each rule class on one line whose `(` is where Bazel's "defined at"
 * says; each macro with its calls where Bazel's "instantiated at" says (blank lines pad, spaces before `(` set
 * the column), a macro of several calls handing each the attributes its caller gave for it (`rulepen`); the names
 * others load from it that nothing here defines, as functions that do nothing.
 */
function bzlStandIn(key: string, b: { classes: Map<string, { line: number; col: number; attrs: Map<string, string>; executable?: boolean }>; macros: Map<string, { sites: { line: number; col: number; callee: string }[] }> }, loadLines: string[], exported: string[]): string {
  const lines: (string | undefined)[] = [`# Stand-in for ${key}: its loads, and its rule classes and macros where Bazel reported them.`, ...loadLines];
  const at = (line: number, text: string) => {
    while (lines.length < line) lines.push(undefined);
    if (lines[line - 1] !== undefined) throw new Error(`${key}:${line}: two stand-in lines at one line`);
    lines[line - 1] = text;
  };
  const padTo = (prefix: string, col: number) => {
    if (prefix.length >= col) throw new Error(`${key}: '${prefix}(' cannot have its '(' at column ${col}`);
    return prefix + ' '.repeat(col - 1 - prefix.length) + '(';
  };
  // Implementations first, where nothing else stands (before the first rule class).
  // Every implementation gives ToolchainInfo: some of these rules are toolchains (py_runtime_pair), which must.
  const impls: string[] = ['def _impl(ctx):', '    return [platform_common.ToolchainInfo()]', ''];
  for (const [cls, c] of b.classes) {
    const outs = [...c.attrs].filter(([, t]) => t.startsWith('attr.output')).map(([n]) => n);
    if (!outs.length) continue;
    // A rule with outputs writes them empty (Bazel fails a rule that leaves a declared output without action).
    impls.push(`def _${cls.replace(/^_+/, '')}_impl(ctx):`, `    for out in [${outs.map((n) => `ctx.outputs.${n}`).join(', ')}]:`, '        for f in (out if type(out) == "list" else [out] if out else []):', '            ctx.actions.write(f, "")', '    return [platform_common.ToolchainInfo()]', '');
  }
  if (b.classes.size > 0) {
    const first = Math.min(...[...b.classes.values()].map((c) => c.line));
    if (lines.length + 1 + impls.length >= first) throw new Error(`${key}: no room for the rule implementations before line ${first}`);
    lines.push('', ...impls);
  }
  for (const [cls, c] of b.classes) {
    const outs = [...c.attrs].some(([, t]) => t.startsWith('attr.output'));
    const attrs = [...c.attrs].map(([n, t]) => `${JSON.stringify(n)}: ${t}`).join(', ');
    at(c.line, `${padTo(`${cls} = rule`, c.col)}implementation = ${outs ? `_${cls.replace(/^_+/, '')}_impl` : '_impl'}, attrs = {${attrs}}${c.executable ? ', executable = True' : ''})`);
  }
  for (const [fn, m] of b.macros) {
    const sites = [...m.sites].sort((x, y) => x.line - y.line);
    const several = sites.length > 1;
    at(sites[0]!.line - 1, several ? `def ${fn}(name, rulepen):` : `def ${fn}(**kwargs):`);
    sites.forEach((site, i) => {
      const index = m.sites.indexOf(site);
      at(site.line, `${padTo(`    ${site.callee}`, site.col)}${several ? `**rulepen[${index}]` : '**kwargs'})`);
      // Lines between two calls stay blank (inside the function).
      if (i + 1 < sites.length) for (let l = site.line + 1; l < sites[i + 1]!.line; l++) at(l, '');
    });
  }
  const defined = new Set([...b.classes.keys(), ...b.macros.keys()]);
  const rest = exported.filter((n) => !defined.has(n)).sort();
  if (rest.length) lines.push('', ...rest.flatMap((n) => [`def ${n}(*args, **kwargs):`, '    pass', '']));
  return lines.map((l) => l ?? '').join('\n').replace(/\n*$/, '\n');
}

function toolsModule(natives: ReadonlySet<string>): string {
  const build = readFileSync(join(DATA, 'tools.build'), 'utf8');
  const loads: Record<string, [string, [string, string][]][]> = JSON.parse(readFileSync(join(DATA, 'tools.loads.json'), 'utf8'));
  // Per package: the calls its BUILD file makes (the callee, the rule class it creates, the attribute lines).
  type Call = { line: number; callee: string; cls: string; body: string; close?: string };
  const pkgs = new Map<string, { rules: Call[] }>();
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
    if (!p) pkgs.set(k, (p = { rules: [] }));
    return p;
  };
  // The .bzl files: each stands in for the real one at its path, with its load() statements, the rule classes
  // defined there (their rule() call where Bazel's "defined at" says), and its macros, whose calls stand where
  // Bazel's "instantiated at" stacks say, so that call stacks, generator_* attributes, buildfiles() and
  // loadfiles() come out as Bazel's.
  type Site = { line: number; col: number; callee: string };
  type Bzl = { classes: Map<string, { line: number; col: number; attrs: Map<string, string>; executable?: boolean }>; macros: Map<string, { sites: Site[]; invocations: number }> };
  const bzls = new Map<string, Bzl>();
  const bzlOf = (key: string) => {
    let b = bzls.get(key);
    if (!b) bzls.set(key, (b = { classes: new Map(), macros: new Map() }));
    return b;
  };
  const frameRe = /^#\s+\$\{OUTPUT_BASE\}\/external\/([^/]+)\/(.*):(\d+):(\d+)\s+in (\S+)$/;
  const frames = (block: string, header: RegExp) => {
    const lines = block.split('\n');
    const i = lines.findIndex((l) => header.test(l));
    const out: { file: string; line: number; col: number; fn: string }[] = [];
    for (let j = i + 1; i >= 0 && j < lines.length; j++) {
      const m = frameRe.exec(lines[j]!);
      if (!m) break;
      out.push({ file: `${m[1]}//${m[2]}`, line: Number(m[3]), col: Number(m[4]), fn: m[5]! });
    }
    return out;
  };
  /** The name a file gives a symbol another file exports (its load()s, `local = "name"`), or the name itself. */
  const localName = (file: string, from: string, name: string) => {
    for (const [label, symbols] of loads[file] ?? []) {
      if (labelFile(label, file) !== from) continue;
      const s = symbols.find(([, n]) => n === name);
      if (s) return s[0];
    }
    return name;
  };
  // BUILD calls, grouped by their location: one macro call creates every rule made there.
  // Unset attributes of the Starlark rules, and the names every one of them has (the rule() defaults).
  const starlarkUnset = new Map<string, [string, number, unknown][]>();
  for (const l of readFileSync(join(DATA, 'tools.starlark_defaults.json'), 'utf8').split('\n')) if (l) starlarkUnset.set(...(JSON.parse(l) as [string, [string, number, unknown][]]));
  const digests = new Map<string, string>();
  const everyStarlarkRule = new Set([...starlarkUnset.values()].map((a) => a.map(([n]) => n)).reduce((x, y) => x.filter((n) => y.includes(n))));
  const calls = new Map<string, { repo: string; pkg: string; line: number; col: number; callee: string; top?: string; targets: { cls: string; body: string; site?: number }[] }>();
  for (const block of build.split(/\n\n/)) {
    const loc = /^# \$\{OUTPUT_BASE\}\/external\/([^/]+)\/(?:(.*)\/)?(BUILD(?:\.bazel)?):(\d+):(\d+)$/m.exec(block);
    if (!loc) continue;
    const [, repo, pkg = '', buildName, line, col] = loc;
    const body = block.split('\n').filter((l) => !l.startsWith('#')).join('\n');
    const head = /^([A-Za-z_]\w*)\(/.exec(body);
    if (!head) continue;
    const cls = head[1]!;
    const buildFile = `${repo}//${pkg ? `${pkg}/` : ''}${buildName}`;
    const stack = frames(block, /^# Rule .* instantiated at /);
    const defined = natives.has(cls) ? undefined : frames(block, /^# Rule .* defined at /)[0];
    const attrLines = body.split('\n').slice(1, -1);
    if (defined) {
      const c = bzlOf(defined.file).classes.get(cls) ?? { line: defined.line, col: defined.col, attrs: new Map<string, string>() };
      bzlOf(defined.file).classes.set(cls, c);
      for (const l of attrLines) {
        const m = /^ {2}(\w+) = (.*),$/.exec(l);
        if (!m || m[1] === 'name' || m[1]!.startsWith('generator_') || COMMON_ATTRIBUTES.has(m[1]!)) continue;
        if (!c.attrs.has(m[1]!)) c.attrs.set(m[1]!, starlarkAttrType(m[2]!.replaceAll(`"@${repo}//`, '"//'), isOutput));
      }
      // The ones it left unset, which query outputs list with their defaults (not those every Starlark rule has).
      const name = /^ {2}name = "([^"]*)",$/m.exec(body)?.[1];
      const unset = starlarkUnset.get(`@${repo}//${pkg}:${name}`) ?? [];
      // An executable rule class has `args`, `output_licenses` and `$is_executable` from rule() itself.
      if (unset.some(([attr]) => attr === '$is_executable')) c.executable = true;
      // Bazel's digest of the real .bzl file: the stand-in's rules report it as their $rule_implementation_hash.
      const hash = unset.find(([attr]) => attr === '$rule_implementation_hash')?.[2];
      if (typeof hash === 'string') digests.set(`external/${defined.file.replace('//', '/')}`, hash);
      for (const [attr, type, value] of unset) {
        if (c.executable && (attr === 'args' || attr === 'output_licenses')) continue;
        if (c.attrs.has(attr) || everyStarlarkRule.has(attr) || COMMON_ATTRIBUTES.has(attr) || attr.startsWith('generator_') || !/^[a-z]\w*$/.test(attr)) continue;
        const t = starlarkDefaultAttr(type, value);
        if (t) c.attrs.set(attr, t);
      }
    }
    // Each macro frame: its call of the next frame's function (or of the rule class) is a site of that macro.
    let site: number | undefined;
    for (let i = 1; i < stack.length; i++) {
      const f = stack[i]!;
      const next = stack[i + 1];
      const callee = next ? localName(f.file, next.file, next.fn) : natives.has(cls) ? `native.${cls}` : defined && defined.file !== f.file ? localName(f.file, defined.file, cls) : cls;
      if (f.file.startsWith('rules_cc//')) continue;
      const m = bzlOf(f.file).macros.get(f.fn) ?? { sites: [], invocations: 0 };
      bzlOf(f.file).macros.set(f.fn, m);
      let k = m.sites.findIndex((x) => x.line === f.line && x.col === f.col);
      if (k < 0) k = m.sites.push({ line: f.line, col: f.col, callee }) - 1;
      if (i === 1) site = k;
    }
    const top = stack[1];
    const callee = top ? localName(buildFile, top.file, top.fn) : natives.has(cls) ? cls : defined ? localName(buildFile, defined.file, cls) : cls;
    const key = `${repo}\0${pkg}\0${line}\0${col}`;
    const g = calls.get(key) ?? { repo: repo!, pkg, line: Number(line), col: Number(col), callee, ...(top ? { top: `${top.file}\0${top.fn}` } : {}), targets: [] };
    calls.set(key, g);
    // Inside its own repository a label needs no repository part (as in the BUILD file Bazel read).
    const lines = attrLines.filter((l) => !/^ {2}generator_\w+ = /.test(l)).join('\n');
    g.targets.push({ cls, body: lines.replaceAll(`"@${repo}//`, '"//'), ...(site !== undefined ? { site } : {}) });
    const topMacro = top ? bzls.get(top.file)?.macros.get(top.fn) : undefined;
    if (topMacro && g.targets.length === 1) topMacro.invocations++;
  }
  for (const g of calls.values()) {
    const p = pkgOf(g.repo, g.pkg);
    const topMacro = g.top ? bzls.get(g.top.split('\0')[0]!)?.macros.get(g.top.split('\0')[1]!) : undefined;
    if (g.targets.length === 1 && (topMacro?.sites.length ?? 0) <= 1) {
      p.rules.push({ line: g.line, callee: g.callee, cls: g.targets[0]!.cls, body: g.targets[0]!.body });
      continue;
    }
    // A macro that makes several rules: the call names it once (generator_name) and hands it, per site, the
    // attributes of the rule made there.
    const [file, fn] = g.top!.split('\0') as [string, string];
    const m = bzls.get(file)!.macros.get(fn)!;
    if (m.invocations > 1 || g.targets.length !== m.sites.length) throw new Error(`${file} ${fn}: a macro of several sites must be called once, making one rule per site`);
    const generatorName = /^ {2}generator_name = (".*"),$/m.exec(build.split(/\n\n/).find((b) => b.includes(`/BUILD:${g.line}:${g.col}`) && b.includes(`generator_function = "${fn}"`)) ?? '')?.[1] ?? '""';
    const perSite = [...g.targets].sort((a, b) => a.site! - b.site!).map((t) => `    {${t.body.split('\n').map((l) => l.replace(/^ {2}(\w+) = (.*),$/, '"$1": $2')).join(', ')}},`);
    p.rules.push({ line: g.line, callee: g.callee, cls: g.targets[0]!.cls, body: `  name = ${generatorName},\n  rulepen = [\n${perSite.join('\n')}\n  ],` });
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
  // A package's default visibility is its BUILD file's own (buildfiles() lists every package's).
  const buildXml = readFileSync(join(DATA, 'tools.buildfiles.xml'), 'utf8');
  for (const m of buildXml.matchAll(/<source-file location="[^"]*" name="@([^/]+)\/\/([^:]*):BUILD(?:\.bazel)?" package_contains_errors="false">([\s\S]*?)<\/source-file>/g)) {
    const visibility = [...m[3]!.matchAll(/<visibility-label name="([^"]*)"\/>/g)].map((x) => x[1]!.replace(`@${m[1]}//`, '//'));
    defaultVisibility.set(`${m[1]}\0${m[2]}`, visibility);
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
  // Every package of a loaded file exists (a .bzl file's package: its BUILD file is one buildfiles() names).
  const buildFiles = new Map<string, string>();
  for (const f of Object.keys(loads)) {
    const m = /^([^/]+)\/\/(?:(.*)\/)?(BUILD(?:\.bazel)?)$/.exec(f);
    if (!m || m[1] === 'platforms') continue;
    buildFiles.set(`${m[1]}\0${m[2] ?? ''}`, m[3]!);
    pkgOf(m[1]!, m[2] ?? '');
  }
  const loadLines = (f: string) =>
    (loads[f] ?? []).map(([label, symbols]) => `load(${[JSON.stringify(label), ...symbols.map(([l, n]) => (l === n ? JSON.stringify(n) : `${l} = ${JSON.stringify(n)}`))].join(', ')})`);
  for (const [k, p] of [...pkgs].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const [repo, pkg] = k.split('\0') as [string, string];
    const prefix = pkg ? `${pkg}/` : '';
    const buildName = buildFiles.get(k) ?? 'BUILD';
    const head = [...loadLines(`${repo}//${prefix}${buildName}`), `package(default_visibility = ${JSON.stringify(defaultVisibility.get(k) ?? ['//visibility:public'])})`];
    if (packageLicenses.has(k)) head.push(`licenses(${JSON.stringify(packageLicenses.get(k))})`);
    // Each rule starts on the line Bazel reported for it where the text before leaves room (blank lines pad the
    // gap), so that locations in query outputs name the same lines as Bazel's.
    const out = [...head];
    const rules = p.rules.sort((a, b) => a.line - b.line);
    rules.forEach((r, i) => {
      while (out.length < r.line - 1) out.push('');
      if (out.length > r.line - 1) throw new Error(`${repo}//${prefix}${buildName}:${r.line}: the text before leaves no room for ${r.callee}()`);
      const call = `${r.callee}(\n${r.body}\n)${r.close ?? ''}`.split('\n');
      // A call Bazel's file has on one line, with the next one close below: on one line here too.
      const next = rules[i + 1]?.line;
      out.push(...(next !== undefined && r.line + call.length > next ? [call.map((l) => l.trim()).join(' ').replace('( ', '(').replace(' )', ')')] : call));
    });
    file(repo, `${prefix}${buildName}`, out.join('\n') + '\n');
  }
  for (const [key, b] of [...bzls].sort(([x], [y]) => (x < y ? -1 : 1))) {
    if (key.startsWith('rules_cc//') || key.startsWith('platforms//')) continue;
    const [repo, path] = key.split('//') as [string, string];
    file(repo, path, bzlStandIn(key, b, loadLines(key), exportedFrom(key, loads)));
  }
  // Loaded files no rule of the closure comes from: their loads, and the names others load from them.
  for (const key of Object.keys(loads)) {
    const [repo, path] = key.split('//') as [string, string];
    if (!path.endsWith('.bzl') || bzls.has(key) || repo === 'platforms') continue;
    file(repo, path, bzlStandIn(key, { classes: new Map(), macros: new Map() }, loadLines(key), exportedFrom(key, loads)));
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
  lines.push('};', '', '/** Per stand-in .bzl file (its path under the output base) that defines rule classes: Bazel\'s digest of the real one. */');
  lines.push('export const BAZEL4_TOOL_DIGESTS: Readonly<Record<string, string>> = {');
  for (const [path, hash] of [...digests].sort(([a], [b]) => (a < b ? -1 : 1))) lines.push(`  ${JSON.stringify(path)}: ${JSON.stringify(hash)},`);
  lines.push('};', '');
  return lines.join('\n');
}

if (process.argv.includes('--record')) record();
write(RULES_OUT, rulesModule());
const natives = new Set([...buildLanguage().keys()]);
write(TOOLS_OUT, toolsModule(natives));
console.log(`wrote ${RULES_OUT} and ${TOOLS_OUT}`);
