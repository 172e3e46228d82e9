// Binary sources through the worker's API (issue 18): bytes given for a file reach a genrule byte for byte and
// come back as its output unchanged, and a change to those bytes reruns the action (the caches compare bytes).

import { describe, expect, it } from 'vitest';
import * as engine from '../engine/index.ts';
import { createApi } from './api.ts';

/** Deterministic "random" bytes covering every byte value, invalid UTF-8 and NUL included. */
function bytes(n: number, seed: number): Uint8Array {
  let x = seed;
  return new Uint8Array(n).map(() => ((x = (x * 1103515245 + 12345) >>> 0) >>> 16) & 0xff);
}

const BUILD =
  'genrule(name = "cp", srcs = ["a.bin"], outs = ["copy.bin"], cmd = "cp $< $@")\n' +
  'genrule(name = "cat", srcs = ["a.bin", "b.bin"], outs = ["both.bin"], cmd = "cat $(SRCS) > $@")\n' +
  'genrule(name = "size", srcs = ["a.bin"], outs = ["size.txt"], cmd = "wc -c < $< > $@")\n';

describe('binary files through the worker', () => {
  it('cp, cat and wc of random binary sources see and give their exact bytes', async () => {
    const api = createApi(async () => engine, () => 0);
    const a = bytes(256, 7);
    const b = bytes(1000, 8);
    const files = { 'MODULE.bazel': '', 'pkg/BUILD': BUILD, 'pkg/a.bin': a, 'pkg/b.bin': b };
    const { result } = await api.run(files, ['build', '//pkg:all']);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.outputs['bazel-bin/pkg/copy.bin']).toEqual(a);
    const both = new Uint8Array(a.length + b.length);
    both.set(a);
    both.set(b, a.length);
    expect(result.outputs['bazel-bin/pkg/both.bin']).toEqual(both);
    expect(new TextDecoder().decode(result.outputs['bazel-bin/pkg/size.txt']).trim()).toBe('256');

    // The same bytes in a new array (each message to the worker is a copy) are no change; other bytes are.
    const again = await api.run({ ...files, 'pkg/a.bin': Uint8Array.from(a) }, ['build', '//pkg:cp']);
    expect(again.result.outputs['bazel-bin/pkg/copy.bin']).toEqual(a);
    const changed = Uint8Array.from(a);
    changed[255] ^= 0xff;
    const edited = await api.run({ ...files, 'pkg/a.bin': changed }, ['build', '//pkg:cp']);
    expect(edited.result.outputs['bazel-bin/pkg/copy.bin']).toEqual(changed);
  });

  it('loads a workspace whose binary file is listed by a glob', async () => {
    const api = createApi(async () => engine, () => 0);
    const files = { 'MODULE.bazel': '', 'pkg/BUILD': 'filegroup(name = "all", srcs = glob(["*.bin"]))\n', 'pkg/a.bin': bytes(64, 1) };
    const { result } = await api.load(files);
    expect(result.diagnostics).toEqual([]);
    expect(result.targets.map((t) => t.label)).toEqual(['//pkg:BUILD', '//pkg:a.bin', '//pkg:all']);
  });
});
