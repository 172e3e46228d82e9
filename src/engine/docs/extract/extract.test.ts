// extractModuleInfo against the doc-extract conformance corpus (textproto byte for byte; errors by Bazel's
// message), a binary round trip of every result, and unit cases for docstrings, doc comments and labels.

import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Loader, Workspace, type RuleTarget } from '../../loading/index.ts';
import { moduleInfoFromBinary, moduleInfoToBinary, moduleInfoToText } from '../proto/index.ts';
import { parseDocstring } from './docstring.ts';
import { extractModuleInfo } from './index.ts';

const CORPUS = resolve(import.meta.dirname, '../../../../tests/conformance/corpus/doc-extract');

function readTree(dir: string, out: Record<string, string> = {}, root = dir): Record<string, string> {
  for (const n of readdirSync(dir)) {
    const p = join(dir, n);
    if (statSync(p).isDirectory()) readTree(p, out, root);
    else out[relative(root, p)] = readFileSync(p, 'utf8');
  }
  return out;
}

function extractFiles(files: Record<string, string>, target = '//pkg:extract') {
  const loader = new Loader(new Workspace(files), { workspaceDir: '/ws' });
  const m = /^\/\/([^:]*):(.*?)(\.textproto|\.binaryproto)?$/.exec(target)!;
  const rule = loader.getPackage(m[1]!)!.targets.get(m[2]!) as RuleTarget;
  return { loader, result: extractModuleInfo(loader, rule) };
}

const cases = existsSync(CORPUS) ? readdirSync(CORPUS).sort() : [];

describe('doc-extract corpus', () => {
  it('has cases', () => expect(cases.length).toBeGreaterThan(15));

  it.each(cases)('%s', (name) => {
    const dir = join(CORPUS, name);
    const c = JSON.parse(readFileSync(join(dir, 'case.json'), 'utf8')) as { args: string[]; outputs: string[] };
    const exit = Number(readFileSync(join(dir, 'expected/exit_code'), 'utf8').trim());
    const { loader, result } = extractFiles(readTree(join(dir, 'files')), c.args[1]!);
    if (exit === 0) {
      if ('error' in result) throw new Error(result.error);
      const golden = readFileSync(join(dir, 'expected/outputs', c.outputs[0]!), 'utf8');
      expect(moduleInfoToText(result.moduleInfo)).toBe(golden);
      expect(moduleInfoToText(moduleInfoFromBinary(moduleInfoToBinary(result.moduleInfo)))).toBe(golden);
    } else {
      expect('error' in result).toBe(true);
      const text = ('error' in result ? result.error : '') + '\n' + loader.events.map((e) => e.text).join('\n');
      const keys = readFileSync(join(dir, 'expected/stderr_key'), 'utf8').split('\n').filter((l) => l.trim() !== '');
      for (const k of keys) expect(text).toContain(k);
    }
  });
});

const MODULE = { 'MODULE.bazel': '', 'pkg/BUILD': 'starlark_doc_extract(name = "extract", src = "foo.bzl")\n' };

function extractText(bzl: string, build?: string): string {
  const { result } = extractFiles({ ...MODULE, 'pkg/foo.bzl': bzl, ...(build ? { 'pkg/BUILD': build } : {}) });
  if ('error' in result) return 'ERROR: ' + result.error;
  return moduleInfoToText(result.moduleInfo);
}

describe('extraction details', () => {
  it('parses Args/Returns/Deprecated and multi-line parameter docs', () => {
    const text = extractText(
      [
        'def f(a, b = Label("//x:y")):',
        '    """Summary.',
        '',
        '    More text.',
        '',
        '    Args:',
        '      a: The a.',
        '        Continued.',
        '      b: The b.',
        '',
        '    Returns:',
        '      Something.',
        '',
        '    Deprecated:',
        '      Use g.',
        '    """',
      ].join('\n'),
    );
    // The blank line before `Args:` stays in the long description (DocstringUtils@f0ff430e).
    expect(text).toContain('doc_string: "Summary.\\n\\nMore text.\\n"');
    expect(text).toContain('doc_string: "The a.\\nContinued."');
    expect(text).toContain('default_value: "Label(\\"//x:y\\")"');
    expect(text).toContain('return {\n    doc_string: "Something."\n  }');
    expect(text).toContain('deprecated {\n    doc_string: "Use g."\n  }');
  });

  it('fails on a malformed docstring with Bazel\'s message', () => {
    const text = extractText('def f(a):\n    """Summary.\n    Args:\n      a: x\n    """\n');
    expect(text).toContain('ERROR: Unable to generate documentation for function f (defined at /ws/pkg/foo.bzl:1:5) due to malformed docstring. Parse errors:\n');
    expect(text).toContain('/ws/pkg/foo.bzl:1:5 line 2: the one-line summary should be followed by a blank line');
  });

  it('reports docstring errors as DocstringUtils does', () => {
    expect(parseDocstring('S\n\nArgs:\n  a:\n').errors.map((e) => e.message)).toEqual(["invalid parameter documentation (expected format: \"parameter_name: documentation\"). For more details, please have a look at the documentation.", 'section is empty or badly formatted']);
    expect(parseDocstring('S\n\nReturns:\n  x\n\nArgs:\n  a: b').errors.map((e) => e.message)).toEqual(["'Args:' section should go before the 'Returns:' section"]);
    expect(parseDocstring('S\n\nDEPRECATED do not use').errors.length).toBe(1);
  });

  it('documents rules, providers, aspects, macros, repository rules and module extensions', () => {
    const text = extractText(
      [
        'P = provider(doc = "A provider.", fields = {"f": "The f.", "_p": "private"})',
        'r = rule(implementation = lambda ctx: None, doc = "A rule.", attrs = {"x": attr.string(doc = "X.", values = ["a", "b"]), "_h": attr.int()})',
        'a = aspect(implementation = lambda t, c: [], attr_aspects = ["deps", "_x"], attrs = {"v": attr.bool()})',
        'm = macro(implementation = lambda name, visibility: None, doc = "M.")',
        'rr = repository_rule(implementation = lambda c: None, environ = ["E"])',
        'e = module_extension(implementation = lambda c: None, tag_classes = {"t": tag_class(doc = "T.", attrs = {"s": attr.string_list()})})',
      ].join('\n'),
    );
    expect(text).toContain('values: "\\"a\\""');
    expect(text).not.toContain('_h');
    expect(text).toContain('aspect_attribute: "deps"\n');
    expect(text).not.toContain('"_x"');
    expect(text).toContain('macro_info {\n  macro_name: "m"');
    expect(text).toContain('repository_rule_info {\n  rule_name: "rr"');
    expect(text).toContain('environ: "E"');
    expect(text).toContain('module_extension_info {\n  extension_name: "e"');
    expect(text).toContain('tag_class {\n    tag_name: "t"\n    doc_string: "T."');
    expect(text).toContain('field_info {\n    name: "f"\n    doc_string: "The f."\n  }');
    expect(text).not.toContain('"_p"');
  });

  it('renders attr.license()\'s default as Bazel\'s NO_LICENSE, ["none"]', () => {
    const t = extractText('r = rule(implementation = lambda ctx: None, attrs = {"l": attr.license()})\n');
    expect(t).toContain('    type: STRING_LIST\n    default_value: "[\\"none\\"]"\n    nonconfigurable: true\n');
  });

  it('documents a macro\'s inherited attributes: default None, native ones natively defined', () => {
    const t = extractText(
      'def _i(ctx):\n    pass\n_r = rule(implementation = _i, attrs = {"srcs": attr.label_list(doc = "S"), "deps": attr.label_list(), "_h": attr.int()})\n' +
        'def _m(name, visibility, **kwargs):\n    pass\n' +
        'm = macro(implementation = _m, inherit_attrs = _r, attrs = {"deps": None, "own": attr.int()})\n' +
        'c = macro(implementation = _m, inherit_attrs = "common")\n',
    );
    const [m, c] = t.split('macro_info {').slice(1);
    expect(m).toContain('    name: "srcs"\n    doc_string: "S"\n    type: LABEL_LIST\n    default_value: "None"\n  }');
    expect(m).toContain('    name: "own"\n    type: INT\n    default_value: "0"\n  }');
    expect(m).toContain('    name: "tags"\n    type: STRING_LIST\n    default_value: "None"\n    nonconfigurable: true\n    natively_defined: true\n');
    expect(m).not.toContain('name: "deps"');
    expect(m).not.toContain('name: "_h"');
    expect(m).not.toContain('name: "transitive_configs"');
    expect(c).toContain('    name: "testonly"\n    type: BOOLEAN\n    default_value: "None"\n    nonconfigurable: true\n    natively_defined: true\n');
    expect(c).not.toContain('name: "srcs"');
  });

  it('does not document a built-in provider held by a global (it is no Starlark provider)', () => {
    expect(extractText('MY = DefaultInfo\n')).toBe('file: "//pkg:foo.bzl"\n');
  });

  it('handles doc comments: blocks, trailing, unused and on functions', () => {
    expect(extractText('#: Doc\n#: two\nX = 1\n')).toContain('doc: "Doc\\ntwo"');
    expect(extractText('#: Doc\n\nX = 1\n')).toBe('ERROR: in /ws/pkg/foo.bzl: unexpected or conflicting doc comments on line 1; a doc comment must be attached to the declaration of a global variable');
    expect(extractText('X = [\n  #: inner\n  1,\n]\n#: a\n#: b\n')).toContain('on lines 2, 5, 6;');
    expect(extractText('#: no\ndef f():\n    pass\n')).toContain('on line 1;');
    expect(extractText('def f():\n    #: local\n    x = 1\n    return x\n')).toContain('on line 2;');
    expect(extractText('#: first\nX = 1; Y = 2 #: second\n')).toMatch(/name: "X"\n  doc: "first"[^]*name: "Y"\n  doc: "second"/);
    expect(extractText('#: to print\nprint(1); Z = 3\n')).toContain('on line 1;');
    expect(extractText('def _f():\n    pass\n\n#: F\nF = _f\n')).toBe(
      'ERROR: in /ws/pkg/foo.bzl: unexpected doc comment for F on line 4; API documentation for a function must be provided in a docstring at the top of the function body',
    );
  });

  it('resolves src through a generated file error and checks deps with generated files', () => {
    const build = 'genrule(name = "g", outs = ["gen.bzl"], cmd = "touch $@")\nstarlark_doc_extract(name = "extract", src = "gen.bzl")\n';
    expect(extractText('', build)).toBe('ERROR: pkg/gen.bzl (generated by rule //pkg:g) is not a source file and cannot be loaded in Starlark');
    const build2 =
      'genrule(name = "g", outs = ["gen.bzl"], cmd = "touch $@")\nbzl_library(name = "lib", srcs = [":gen.bzl"])\nstarlark_doc_extract(name = "extract", src = "foo.bzl", deps = [":lib"])\n';
    const { result } = extractFiles({ ...MODULE, 'pkg/foo.bzl': 'load(":dep.bzl", "x")\n', 'pkg/dep.bzl': 'x = 1\n', 'pkg/BUILD': build2 });
    expect(result).toEqual({
      error:
        'missing bzl_library targets for Starlark module(s) //pkg:dep.bzl\nNote the following are generated file(s) and cannot be loaded in Starlark: pkg/gen.bzl (generated by rule //pkg:g)',
      attribute: 'deps',
    });
  });

  it('resolves src through a single-file filegroup and a genrule\'s srcs are not its files', () => {
    const build =
      'filegroup(name = "one", srcs = ["foo.bzl"])\ngenrule(name = "g", srcs = ["dep.bzl"], outs = ["o.txt"], cmd = "x")\nstarlark_doc_extract(name = "extract", src = ":one", deps = [":g"])\n';
    const { result } = extractFiles({ ...MODULE, 'pkg/foo.bzl': 'load(":dep.bzl", "x")\n', 'pkg/dep.bzl': 'x = 1\n', 'pkg/BUILD': build });
    expect(result).toEqual({
      error: 'missing bzl_library targets for Starlark module(s) //pkg:dep.bzl\nNote the following are generated file(s) and cannot be loaded in Starlark: pkg/o.txt (generated by rule //pkg:g)',
      attribute: 'deps',
    });
  });
});

describe('starlark_doc_extract through build', () => {
  it('a src with syntax errors prints the parser errors, as loading that .bzl from a BUILD file does', async () => {
    const { runCommand } = await import('../../commands/index.ts');
    const files = {
      'MODULE.bazel': '',
      'p/BUILD': 'starlark_doc_extract(name = "d", src = "bad.bzl")\n',
      'p/bad.bzl': 'def f(:\n    pass\n',
    };
    const r = await runCommand(files, ['build', '//p:d'], { workspaceDir: '/ws' });
    expect(r.exitCode).toBe(1);
    const errors = r.stderr.split('\n').filter((l) => l.startsWith('ERROR:'));
    expect(errors[0]).toBe("ERROR: /ws/p/bad.bzl:1:7: syntax error at ':': expected )");
    // Every parser error first, then the rule's own.
    const rule = errors.findIndex((l) => l.includes("compilation of module 'p/bad.bzl' failed"));
    expect(rule).toBeGreaterThan(0);
    expect(errors.slice(0, rule).every((l) => l.startsWith('ERROR: /ws/p/bad.bzl:'))).toBe(true);
  }, 30_000);
});
