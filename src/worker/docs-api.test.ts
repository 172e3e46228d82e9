// The worker's docs() and decodeModuleInfo(): the real engine's answers, and failures kept inside the result.

import { describe, expect, it } from 'vitest';
import * as engine from '../engine/index.ts';
import { createApi, type EngineModule } from './api.ts';

const DEFS = `"""Module doc."""

def _impl(ctx):
    pass

my_rule = rule(
    implementation = _impl,
    doc = "Builds a thing.",
    attrs = {"srcs": attr.label_list(doc = "The sources.", allow_files = True)},
)

def greet(name):
    """Says hello.

    Args:
      name: who
    """
    return name
`;

describe('worker docs', () => {
  const api = createApi(async () => engine as EngineModule, () => 0);

  it('documents the whole file when no starlark_doc_extract names it', async () => {
    const r = await api.docs({ 'MODULE.bazel': '', 'pkg/BUILD': '', 'pkg/defs.bzl': DEFS }, 'pkg/defs.bzl');
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.target).toBeNull();
    expect(r.text).toContain('rule_name: "my_rule"');
    expect(r.text).toContain('function_name: "greet"');
    expect((r.json as { moduleDocstring: string }).moduleDocstring).toBe('Module doc.');
  });

  it("uses a starlark_doc_extract target's symbol_names", async () => {
    const build = 'starlark_doc_extract(name = "x", src = "defs.bzl", symbol_names = ["greet"])\n';
    const r = await api.docs({ 'MODULE.bazel': '', 'pkg/BUILD': build, 'pkg/defs.bzl': DEFS }, 'pkg/defs.bzl');
    expect(r.ok && r.target).toBe('//pkg:x');
    expect(r.ok && r.text).not.toContain('my_rule');
    const byLabel = await api.docs({ 'MODULE.bazel': '', 'pkg/BUILD': build, 'pkg/defs.bzl': DEFS }, '//pkg:x');
    expect(byLabel.ok && byLabel.text).toContain('greet');
  });

  it("reports Bazel's error text", async () => {
    const r = await api.docs({ 'MODULE.bazel': '', 'pkg/BUILD': '', 'pkg/defs.bzl': 'def f(:\n' }, 'pkg/defs.bzl');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toContain('ERROR: ');
  });

  it('decodes a binaryproto and refuses garbage', async () => {
    const run = await engine.runCommand(
      { 'MODULE.bazel': '', 'pkg/BUILD': 'starlark_doc_extract(name = "x", src = "defs.bzl")\n', 'pkg/defs.bzl': DEFS },
      ['build', '//pkg:x'],
    );
    const bytes = Object.entries(run.outputs).find(([p]) => p.endsWith('x.binaryproto'))?.[1];
    expect(bytes).toBeDefined();
    const d = await api.decodeModuleInfo(bytes!);
    expect(d.ok && d.text).toContain('rule_name: "my_rule"');
    const bad = await api.decodeModuleInfo(new Uint8Array([0xff, 0xff, 0xff]));
    expect(bad.ok).toBe(false);
  });
});
