// Binary sources reach genrule actions and bazel-bin byte for byte through the CLI (issue 18): the CLI reads an
// action's inputs as bytes from disk, not the UTF-8 text the loader reads BUILD files as.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const BIN = resolve(import.meta.dirname, '../../bin/rulepen.mjs');
const ws = mkdtempSync(join(tmpdir(), 'rulepen-binary-'));
afterAll(() => rmSync(ws, { recursive: true, force: true }));

/** Deterministic "random" bytes covering every byte value, invalid UTF-8 included. */
function bytes(n: number, seed: number): Uint8Array {
  let x = seed;
  return new Uint8Array(n).map(() => ((x = (x * 1103515245 + 12345) >>> 0) >>> 16) & 0xff);
}

describe('binary sources through the CLI', () => {
  it('cp and cat of random binary files come out byte-exact under bazel-bin', { timeout: 60_000 }, () => {
    const a = bytes(256, 1);
    const b = bytes(1000, 2);
    writeFileSync(join(ws, 'WORKSPACE'), '');
    mkdirSync(join(ws, 'pkg'));
    writeFileSync(join(ws, 'pkg/a.bin'), a);
    writeFileSync(join(ws, 'pkg/b.bin'), b);
    writeFileSync(
      join(ws, 'pkg/BUILD'),
      'genrule(name = "cp", srcs = ["a.bin"], outs = ["copy.bin"], cmd = "cp $< $@")\n' +
        'genrule(name = "cat", srcs = ["a.bin", "b.bin"], outs = ["both.bin"], cmd = "cat $(SRCS) > $@")\n',
    );
    const r = spawnSync(process.execPath, [BIN, `--workspace=${ws}`, 'build', '//pkg:all'], { encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    expect(Buffer.from(readFileSync(join(ws, 'bazel-bin/pkg/copy.bin'))).equals(Buffer.from(a))).toBe(true);
    expect(Buffer.from(readFileSync(join(ws, 'bazel-bin/pkg/both.bin'))).equals(Buffer.concat([a, b]))).toBe(true);
  });
});
