// `rulepen version` and `help` start from the prebuilt bundle without reading the workspace: a preload records
// every directory listing and file read under the workspace (fs patched before the CLI imports it).
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const BIN = resolve(import.meta.dirname, '../../bin/rulepen.mjs');
const ws = mkdtempSync(join(tmpdir(), 'rulepen-startup-'));
afterAll(() => rmSync(ws, { recursive: true, force: true }));

const PRELOAD = `
import fs from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
const ws = process.env.WS;
for (const name of ['readdirSync', 'readFileSync', 'statSync', 'opendirSync']) {
  const f = fs[name];
  fs[name] = function (p, ...rest) {
    if (String(p).startsWith(ws)) process.stderr.write('READ ' + name + ' ' + p + '\\n');
    return f.call(this, p, ...rest);
  };
}
syncBuiltinESMExports();
`;

function rulepen(args: string[]) {
  return spawnSync(process.execPath, ['--import', `data:text/javascript,${encodeURIComponent(PRELOAD)}`, BIN, `--workspace=${ws}`, ...args], {
    encoding: 'utf8',
    env: { ...process.env, WS: ws },
  });
}

describe('rulepen startup', () => {
  writeFileSync(join(ws, 'WORKSPACE'), '');
  mkdirSync(join(ws, 'pkg'));
  writeFileSync(join(ws, 'pkg/BUILD'), 'genrule(name = "g", outs = ["o"], cmd = "touch $@")\n');

  it('version reads no workspace file but .bazelversion', { timeout: 60_000 }, () => {
    writeFileSync(join(ws, '.bazelversion'), '4.2.3\n');
    const r = rulepen(['version']);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^Build label: 4\.2\.3\n/);
    expect(r.stderr.split('\n').filter((l) => l.startsWith('READ'))).toEqual([`READ readFileSync ${join(ws, '.bazelversion')}`]);
    rmSync(join(ws, '.bazelversion'));
  });

  it('help reads nothing without a .bazelversion', { timeout: 60_000 }, () => {
    const r = rulepen(['help']);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('Usage: bazel');
    expect(r.stderr.split('\n').filter((l) => l.startsWith('READ') && !l.endsWith('.bazelversion'))).toEqual([]);
  });

  it('query skips what .bazelignore lists', { timeout: 60_000 }, () => {
    mkdirSync(join(ws, 'ignored/deep'), { recursive: true });
    writeFileSync(join(ws, 'ignored/BUILD'), 'genrule(name = "i", outs = ["i"], cmd = "touch $@")\n');
    writeFileSync(join(ws, 'ignored/deep/BUILD'), 'genrule(name = "d", outs = ["d"], cmd = "touch $@")\n');
    writeFileSync(join(ws, '.bazelignore'), '# generated\nignored/\n');
    const r = rulepen(['query', '//...']);
    expect(r.stdout).toBe('//pkg:g\n');
    expect(r.stderr).not.toContain(join(ws, 'ignored'));
    rmSync(join(ws, '.bazelignore'));
    rmSync(join(ws, 'ignored'), { recursive: true });
  });

  it('query still reads the workspace', { timeout: 60_000 }, () => {
    const r = rulepen(['query', '//...']);
    expect(r.stdout).toBe('//pkg:g\n');
    expect(r.stderr).toContain(`READ readFileSync ${join(ws, 'pkg/BUILD')}`);
  });

  it('query //a:x reads the BUILD file of a alone: no other package, no data file', { timeout: 60_000 }, () => {
    mkdirSync(join(ws, 'a'));
    mkdirSync(join(ws, 'b/data'), { recursive: true });
    writeFileSync(join(ws, 'a/BUILD'), 'filegroup(name = "x", srcs = ["x.txt"])\n');
    writeFileSync(join(ws, 'a/x.txt'), 'x\n');
    writeFileSync(join(ws, 'b/BUILD'), 'filegroup(name = "y", srcs = glob(["data/*"]))\n');
    for (let i = 0; i < 50; i++) writeFileSync(join(ws, `b/data/f${i}.txt`), `${i}\n`);
    writeFileSync(join(ws, 'big.bin'), new Uint8Array(8 << 20).fill(0xff));
    const r = rulepen(['query', '//a:x']);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toBe('//a:x\n');
    const reads = r.stderr.split('\n').filter((l) => l.startsWith('READ readFileSync '));
    // .bazelignore is looked for (it is absent here), then a/BUILD is the one file read.
    expect(reads).toEqual([`READ readFileSync ${join(ws, '.bazelignore')}`, `READ readFileSync ${join(ws, 'a/BUILD')}`]);
    // The tree was listed (names only), so the data directory was visited but none of its files opened.
    expect(r.stderr).toContain(`READ readdirSync ${join(ws, 'b/data')}`);
    rmSync(join(ws, 'a'), { recursive: true });
    rmSync(join(ws, 'b'), { recursive: true });
    rmSync(join(ws, 'big.bin'));
  });

  it('build reads its action inputs and the BUILD files it loads, nothing else', { timeout: 60_000 }, () => {
    mkdirSync(join(ws, 'c'));
    writeFileSync(join(ws, 'c/BUILD'), 'genrule(name = "c", srcs = ["in.txt"], outs = ["out.txt"], cmd = "cp $< $@")\n');
    writeFileSync(join(ws, 'c/in.txt'), 'in\n');
    writeFileSync(join(ws, 'c/unused.txt'), 'unused\n');
    const r = rulepen(['build', '//c:c']);
    expect(r.status, r.stderr).toBe(0);
    const reads = new Set(r.stderr.split('\n').filter((l) => l.startsWith('READ readFileSync ')).map((l) => l.slice('READ readFileSync '.length)));
    expect(reads).toContain(join(ws, 'c/BUILD'));
    expect(r.stderr.split('\n').filter((l) => l === `READ readFileSync ${join(ws, 'c/in.txt')}`)).toHaveLength(1);
    expect(reads).not.toContain(join(ws, 'c/unused.txt'));
    expect(reads).not.toContain(join(ws, 'pkg/BUILD'));
    // The outputs it wrote are never listed or read back by the next command.
    const again = rulepen(['query', '//c:all']);
    expect(again.stdout).toBe('//c:c\n');
    expect(again.stderr.split('\n').filter((l) => l.startsWith('READ') && l.includes(join(ws, 'bazel-')))).toEqual([]);
    rmSync(join(ws, 'c'), { recursive: true });
    rmSync(join(ws, 'bazel-bin'), { recursive: true, force: true });
  });
});
