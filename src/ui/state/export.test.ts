import { describe, expect, it } from 'vitest';
import { exportText, exportZip, planExport, splitCommand } from './export.ts';
import { importText, importZip } from './import.ts';
import { parseTxtar } from './txtar.ts';
import { readZip } from './zip.ts';

const ws = { 'MODULE.bazel': 'module(name = "x")\n', 'app/BUILD': 'filegroup(name = "a")\n', 'tools/gen.sh': 'echo hi\n' };

describe('splitCommand', () => {
  it('separates flags, their values and the residue', () => {
    expect(splitCommand(`bazel build //app:a --cpu=arm -c opt --define x=y --keep_going -- -//app:b`)).toMatchObject({
      command: 'build',
      flags: ['--cpu=arm', '-c opt', '--define x=y', '--keep_going'],
      residue: ['//app:a', '-//app:b'],
    });
    expect(splitCommand(`bazel query 'deps(//app:a)' --output label`).residue).toEqual(['deps(//app:a)']);
  });
});

describe('export', () => {
  it('writes .bazelversion, .bazelrc with the flags, and a README with the command', () => {
    const plan = planExport(ws, 'bazel build //app:a -c opt --cpu=arm');
    expect(plan.files['.bazelversion']).toBe('8.4.2\n');
    expect(plan.files['.bazelrc']).toContain('build -c opt\nbuild --cpu=arm\n');
    expect(plan.command).toBe('bazel build //app:a');
    expect(plan.files['README.md']).toContain('```sh\nbazel build //app:a\n```');
    expect(plan.files['README.md']).toContain('bazel build //app:a -c opt --cpu=arm');
    expect(plan.files.WORKSPACE).toBeUndefined();
  });

  it('adds a WORKSPACE for Bazel 4.2.3 and quotes query expressions', () => {
    const plan = planExport({ ...ws, '.bazelversion': '4.2.3\n' }, `query 'deps(//app:a)'`);
    expect(plan.files.WORKSPACE).toBe('workspace(name = "rulepen")\n');
    expect(plan.command).toBe(`bazel query 'deps(//app:a)'`);
  });

  it('zips under one folder and imports back to the same workspace and command', () => {
    const zip = exportZip(ws, 'bazel build //app:a -c opt');
    const names = readZip(zip).map((e) => e.name).sort();
    expect(names).toEqual(['rulepen/.bazelrc', 'rulepen/.bazelversion', 'rulepen/MODULE.bazel', 'rulepen/README.md', 'rulepen/app/BUILD', 'rulepen/tools/gen.sh']);
    expect(readZip(zip).find((e) => e.name.endsWith('gen.sh'))!.mode).toBe(0o755);
    const back = importZip(zip);
    expect(back).toEqual({ ok: true, value: { files: { ...ws, '.bazelversion': '8.4.2\n' }, command: 'bazel build //app:a -c opt' } });
  });

  it('reports a damaged zip', () => {
    const zip = exportZip(ws, 'query //...');
    expect(importZip(zip.slice(0, zip.length - 30)).ok).toBe(false);
    const flipped = zip.slice();
    flipped[60] ^= 0xff;
    expect(importZip(flipped).ok).toBe(false);
    expect(importZip(new Uint8Array([1, 2, 3])).ok).toBe(false);
  });

  it('copies as txtar text and imports that back', () => {
    const text = exportText(ws, 'query //...');
    expect(text.startsWith('$ bazel query //...\n-- MODULE.bazel --\n')).toBe(true);
    expect(parseTxtar(text).files).toEqual(ws);
    expect(importText(text)).toEqual({ ok: true, value: { files: ws, command: 'bazel query //...' } });
    expect(importText('-- ../x --\nhi\n').ok).toBe(false);
    expect(importText('no sections').ok).toBe(false);
  });
});
