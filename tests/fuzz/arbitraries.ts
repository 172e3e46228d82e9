// fast-check generators for the fuzz suite: BUILD and .bzl files built from the pieces real workspaces are made
// of (rule calls, selects, globs, macros, loops, comprehensions), query expressions, command lines, and random
// mutations of any of them (a token inserted, a span deleted or duplicated, a character replaced).

import fc from 'fast-check';

/** Strings a hostile user or link may hold: markup, quotes, escapes, control characters, odd Unicode. */
export const HOSTILE_STRINGS: readonly string[] = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '"; rm -rf /; echo "',
  '$(touch /tmp/pwned)',
  '`id`',
  '../../etc/passwd',
  '\\x00\\n\\t',
  '${HOME}',
  '%s%n%x',
  'javascript:alert(1)',
  '\u202e\u0635\u{1F600}',
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
];

const NAMES = ['a', 'b', 'gen', 'lib', 'x_y', 'all', '__proto__', 'constructor', 'toString', 'BUILD', 't', 'data'];
const PKGS = ['', 'p', 'p/q', 'lib', 'app'];

const name = fc.constantFrom(...NAMES);
const label = fc.oneof(
  fc.tuple(fc.constantFrom(...PKGS), name).map(([p, n]) => `//${p}:${n}`),
  name.map((n) => `:${n}`),
  fc.constantFrom('//conditions:default', '//conf:arm', '@foo//bar:baz', '//...', ':all', '//p:*', '//bad::x', '//p:../x'),
);
const strLit = fc.oneof(name, label, fc.constantFrom(...HOSTILE_STRINGS), fc.string({ maxLength: 8 })).map((s) => JSON.stringify(s));
const intLit = fc.oneof(fc.integer({ min: -3, max: 10 }), fc.constantFrom(0, 1, 2 ** 31, -(2 ** 31), 2 ** 53)).map(String);

/** A Starlark expression of bounded depth. */
export const expr: fc.Arbitrary<string> = fc.letrec<{ e: string }>((tie) => ({
  e: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    strLit,
    intLit,
    fc.constantFrom('True', 'False', 'None', 'x', 'n', 'name', 'len', '[]', '{}', '()'),
    fc.array(tie('e'), { maxLength: 3 }).map((xs) => `[${xs.join(', ')}]`),
    fc.tuple(tie('e'), tie('e')).map(([k, v]) => `{${k}: ${v}}`),
    fc.tuple(tie('e'), fc.constantFrom('+', '-', '*', '//', '%', '==', '<', 'in', 'not in', 'and', 'or', '|'), tie('e')).map(([a, o, b]) => `(${a} ${o} ${b})`),
    fc.tuple(tie('e'), tie('e')).map(([a, b]) => `${a}[${b}]`),
    fc.tuple(tie('e'), tie('e'), tie('e')).map(([a, c, b]) => `(${a} if ${c} else ${b})`),
    fc.array(strLit, { maxLength: 3 }).map((xs) => `glob([${xs.join(', ')}])`),
    fc.tuple(label, tie('e'), tie('e')).map(([k, a, b]) => `select({${JSON.stringify(k)}: ${a}, "//conditions:default": ${b}})`),
    fc.tuple(tie('e')).map(([a]) => `[y for y in ${a}]`),
    fc.tuple(tie('e'), fc.constantFrom('len', 'str', 'repr', 'sorted', 'list', 'dict', 'bool', 'int', 'type', 'hash', 'reversed', 'range')).map(([a, f]) => `${f}(${a})`),
    fc.tuple(tie('e'), fc.constantFrom('format', 'split', 'join', 'replace', 'startswith', 'upper', 'get', 'keys', 'append')).map(([a, m]) => `${a}.${m}(${a})`),
  ),
})).e;

const RULES = ['genrule', 'filegroup', 'alias', 'config_setting', 'sh_binary', 'sh_test', 'sh_library', 'test_suite', 'exports_files', 'package', 'licenses', 'package_group', 'my_macro', 'native.genrule'];
const ATTRS = ['name', 'srcs', 'outs', 'cmd', 'deps', 'data', 'actual', 'values', 'define_values', 'tags', 'visibility', 'tests', 'testonly', 'tools', 'args', 'env', 'flag_values', 'bogus'];

const ruleCall = fc
  .tuple(fc.constantFrom(...RULES), fc.option(name, { nil: undefined }), fc.array(fc.tuple(fc.constantFrom(...ATTRS), expr), { maxLength: 4 }))
  .map(([rule, n, attrs]) => {
    const args = [...(n !== undefined ? [`name = ${JSON.stringify(n)}`] : []), ...attrs.map(([a, v]) => `${a} = ${v}`)];
    return `${rule}(${args.join(', ')})`;
  });

/** A genrule that builds: name, outs and a command from a small pool (floods and loops left to runaway tests). */
const goodGenrule = fc
  .tuple(name, fc.constantFrom('echo hi > $@', 'cat $(SRCS) > $@', 'printf "%s" "$(OUTS)" > $@', 'touch $@', 'exit 1', 'echo $(location :a) > $@', 'false', 'for i in 1 2 3; do echo $$i; done > $@'), fc.array(label, { maxLength: 2 }))
  .map(([n, cmd, srcs]) => `genrule(name = ${JSON.stringify(n + '_g')}, srcs = ${JSON.stringify(srcs)}, outs = [${JSON.stringify(n + '.out')}], cmd = ${JSON.stringify(cmd)})`);

/** Statements that load and mostly analyze: well-formed rule calls over a few local names. */
const goodStmt = fc.oneof(
  goodGenrule,
  fc.tuple(name, fc.array(fc.constantFrom('src.txt', ':a_g', ':b_g', '//lib:x_g', 'missing.txt'), { maxLength: 3 })).map(([n, srcs]) => `filegroup(name = ${JSON.stringify(n + '_fg')}, srcs = ${JSON.stringify([...new Set(srcs)])})`),
  fc.tuple(name, fc.constantFrom(':a_g', ':gen_g', '//lib:t_g', ':nope')).map(([n, a]) => `alias(name = ${JSON.stringify(n + '_al')}, actual = select({"//p:arm": ${JSON.stringify(a)}, "//conditions:default": ":a_g"}))`),
  fc.constant('config_setting(name = "arm", values = {"cpu": "arm"})'),
  fc.tuple(name, fc.constantFrom('exit 0', 'exit 1', 'echo "$@"', 'cat $TEST_SRCDIR/* || true')).map(([n, body]) => `sh_test(name = ${JSON.stringify(n + '_test')}, srcs = ["t.sh"], args = [${JSON.stringify(body)}])`),
  fc.constant('load("//p:defs.bzl", "my_macro")\nmy_macro(name = "mm")'),
  fc.constant('test_suite(name = "suite")'),
);

/** A BUILD file made of well-formed statements. */
export const goodBuildFile: fc.Arbitrary<string> = fc.array(goodStmt, { maxLength: 8 }).map((ss) => `genrule(name = "a_g", outs = ["a.out"], cmd = "echo a > $@")\n${[...new Set(ss)].join('\n')}\n`);

const buildStmt = fc.oneof(
  { weight: 5, arbitrary: ruleCall },
  { weight: 3, arbitrary: goodGenrule },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom('//p:defs.bzl', ':defs.bzl', '//lib:defs.bzl', '//nope:x.bzl', 'defs.bzl'), fc.constantFrom('my_macro', 'f', 'missing', 'my_rule')).map(([f, s]) => `load(${JSON.stringify(f)}, ${JSON.stringify(s)})`) },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom('x', 'n', 'L'), expr).map(([v, e]) => `${v} = ${e}`) },
);

/** A BUILD file's text. */
export const buildFile: fc.Arbitrary<string> = fc.array(buildStmt, { maxLength: 6 }).map((ss) => ss.join('\n') + '\n');

const bzlStmt: fc.Arbitrary<string> = fc.oneof(
  fc.tuple(fc.constantFrom('x', 'n', 'L'), expr).map(([v, e]) => `    ${v} = ${e}`),
  expr.map((e) => `    if ${e}:\n        x = 1\n    else:\n        x = 2`),
  fc.tuple(fc.integer({ min: 0, max: 200 }), expr).map(([k, e]) => `    for i in range(${k}):\n        n = ${e}`),
  expr.map((e) => `    return ${e}`),
  expr.map((e) => `    fail(${e})`),
  expr.map((e) => `    print(${e})`),
  fc.constant('    native.genrule(name = name, outs = [name + ".out"], cmd = "echo > $@")'),
  fc.constant('    native.filegroup(name = name + "_fg", srcs = native.glob(["*"]))'),
  fc.constant('    f(name)'),
);

/** A .bzl file: a macro, a helper, a rule and a provider, with generated bodies. */
export const bzlFile: fc.Arbitrary<string> = fc
  .tuple(fc.array(bzlStmt, { minLength: 1, maxLength: 5 }), fc.array(bzlStmt, { minLength: 1, maxLength: 3 }), expr)
  .map(
    ([macro, helper, top]) =>
      [
        'def glob(p):',
        '    return p',
        '',
        'x = 1',
        'n = 2',
        'name = "a"',
        '',
        'def my_macro(name = "m", **kwargs):',
        '    x = 0',
        '    n = 0',
        '    L = []',
        ...macro,
        '',
        'def f(name):',
        '    x = 0',
        '    n = 0',
        '    L = []',
        ...helper,
        '',
        'def _impl(ctx):',
        '    return []',
        '',
        'my_rule = rule(implementation = _impl, attrs = {"srcs": attr.label_list(allow_files = True)})',
        'Info = provider(fields = ["a"])',
        `TOP = ${top}`,
        '',
      ].join('\n'),
  );

const TOKENS = ['(', ')', '[', ']', '{', '}', ':', ',', '"', "'", '"""', '\\', '\n', '    ', '\t', '=', '+', '*', '**', 'def ', 'if ', 'for ', 'lambda', 'load(', 'select(', '#', '\u0000', '\ud800', '€', '//', '...', '@', '$(', '\r'];

/** Random edits of a text: a token inserted, a span deleted or duplicated, a character replaced. */
export function mutated(base: fc.Arbitrary<string>): fc.Arbitrary<string> {
  const edit = fc.tuple(fc.nat(), fc.nat({ max: 12 }), fc.constantFrom('insert', 'delete', 'dup', 'replace'), fc.constantFrom(...TOKENS));
  return fc.tuple(base, fc.array(edit, { minLength: 1, maxLength: 4 })).map(([text, edits]) => {
    let s = text;
    for (const [pos, len, op, tok] of edits) {
      const i = s.length ? pos % (s.length + 1) : 0;
      if (op === 'insert') s = s.slice(0, i) + tok + s.slice(i);
      else if (op === 'delete') s = s.slice(0, i) + s.slice(i + len);
      else if (op === 'dup') s = s.slice(0, i + len) + s.slice(i, i + len) + s.slice(i + len);
      else s = s.slice(0, i) + tok + s.slice(i + 1);
    }
    return s;
  });
}

const QFUNCS1 = ['deps', 'rdeps', 'kind', 'attr', 'filter', 'labels', 'tests', 'buildfiles', 'loadfiles', 'siblings', 'some', 'allpaths', 'somepath', 'same_pkg_direct_rdeps', 'visible', 'rbuildfiles', 'config', 'nosuch'];
const qword = fc.oneof(label, fc.constantFrom('//...', '//p/...', '//p:*', 'rule', '"genrule"', '".*"', "'x'", 'set(//p:a //p:b)', '-//p:a', '//p:all-targets', '@@//p:a'), fc.string({ maxLength: 5 }));

/** A query expression (let, set operations, functions with any arity). */
export const queryExpr: fc.Arbitrary<string> = fc.letrec<{ q: string }>((tie) => ({
  q: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    qword,
    fc.tuple(tie('q'), fc.constantFrom('+', '-', '^', 'union', 'except', 'intersect'), tie('q')).map(([a, o, b]) => `${a} ${o} ${b}`),
    fc.tuple(fc.constantFrom(...QFUNCS1), fc.array(fc.oneof(tie('q'), fc.integer({ min: -1, max: 3 }).map(String)), { maxLength: 3 })).map(([f, as]) => `${f}(${as.join(', ')})`),
    fc.tuple(tie('q'), tie('q')).map(([a, b]) => `let v = ${a} in $v + ${b}`),
    tie('q').map((a) => `(${a})`),
  ),
})).q;

const FLAGS = [
  '-c', 'opt', '--compilation_mode=dbg', '--cpu=arm', '--define=pkg=0_0', '--define', 'x', '--output=label_kind', '--output=graph', '--output=proto',
  '--output=build', '--output=xml', '--output=jsonproto', '--output=streamed_proto', '--output=bogus', '--keep_going', '-k', '--nokeep_going',
  '--noimplicit_deps', '--order_output=no', '--order_output=full', '--universe_scope=//...', '--infer_universe_scope', '--test_output=all',
  '--//p:flag=1', '--no//p:flag', '--config=x', '--platforms=//p:plat', '--verbose_failures', '--nosuch_flag', '--', '-', '---', '--=', '--output',
  '--consistent_labels', '--test_filter=x', '--runs_per_test=3', '--jobs=-1', '--host_cpu=', '--starlark_cpu_profile=/tmp/x', '--build_tests_only',
];

/** A command line: a command word and a mix of targets, query expressions and flags. */
const GOOD_TARGETS = ['//...', '//p:all', '//p/...', '//lib:all', '//p:a_g', '//p:suite', '//p:mm', '//p:*'];
const GOOD_FLAGS = ['-c', 'opt', '--cpu=arm', '--keep_going', '--output=label_kind', '--output=build', '--output=graph', '--define=pkg=0_0', '--test_output=errors', '--noimplicit_deps', '--nokeep_going'];

export const argv: fc.Arbitrary<string[]> = fc.oneof(
  // Mostly well-formed: a command, a target pattern or query, a few known flags.
  {
    weight: 3,
    arbitrary: fc
      .tuple(fc.constantFrom('query', 'cquery', 'build', 'test', 'run'), fc.oneof(fc.constantFrom(...GOOD_TARGETS), queryExpr), fc.subarray(GOOD_FLAGS, { maxLength: 3 }))
      .map(([c, t, flags]) => [c, ...flags.filter((f) => f !== 'opt' && f !== '-c'), ...(flags.includes('-c') ? ['-c', 'opt'] : []), t]),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(
        fc.constantFrom('query', 'cquery', 'build', 'test', 'run', 'version', 'help', 'info', 'nosuch', '--batch'),
        fc.array(fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...FLAGS) }, { weight: 2, arbitrary: label }, { weight: 2, arbitrary: queryExpr }, { weight: 1, arbitrary: fc.string({ maxLength: 6 }) }), { maxLength: 5 }),
      )
      .map(([c, rest]) => [c, ...rest]),
  },
);

/** A .bzl file that loads cleanly: the macro BUILD files call, with a select and a glob. */
const GOOD_BZL = `def my_macro(name, **kwargs):
    native.genrule(
        name = name,
        srcs = native.glob(["*.txt"]),
        outs = [name + ".out"],
        cmd = select({"//p:arm": "cat $(SRCS) > $@", "//conditions:default": "echo $(OUTS) > $@"}),
        **kwargs
    )
    native.filegroup(name = name + "_files", srcs = [":" + name])

def _impl(ctx):
    return []

my_rule = rule(implementation = _impl)
`;

/** A workspace of a few packages with generated or mutated BUILD and .bzl files. */
export const workspace: fc.Arbitrary<Record<string, string>> = fc
  .tuple(
    fc.oneof({ weight: 3, arbitrary: goodBuildFile }, { weight: 1, arbitrary: buildFile }, { weight: 1, arbitrary: mutated(goodBuildFile) }),
    fc.oneof({ weight: 3, arbitrary: goodBuildFile }, { weight: 1, arbitrary: mutated(buildFile) }),
    fc.oneof({ weight: 2, arbitrary: fc.constant(GOOD_BZL) }, { weight: 2, arbitrary: bzlFile }, { weight: 1, arbitrary: mutated(bzlFile) }),
    fc.constantFrom('MODULE.bazel', 'WORKSPACE', '.bazelversion'),
    fc.constantFrom('', 'build --cpu=arm\nquery --output=label\n', 'build:x -c opt\n', 'garbage ] [\n'),
  )
  .map(([b1, b2, bzl, marker, rc]) => {
    const files: Record<string, string> = { [marker === '.bazelversion' ? 'WORKSPACE' : marker]: '', 'p/BUILD': b1, 'p/defs.bzl': bzl, 'lib/BUILD': b2, 'lib/defs.bzl': bzl, 'p/src.txt': 'hello\n', 'p/t.sh': 'echo test "$@"\n', 'lib/t.sh': 'exit 0\n' };
    if (marker === '.bazelversion') files['.bazelversion'] = '4.2.3\n';
    if (rc) files['.bazelrc'] = rc;
    return files;
  });
