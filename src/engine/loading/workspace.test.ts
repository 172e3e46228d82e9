// The workspace reads a file's content only when asked for it, and keeps bytes as bytes (issue 18).

import { describe, expect, it } from 'vitest';
import { LoadCache, Loader } from './loader.ts';
import { Workspace, type FileContent, type FileSource } from './workspace.ts';
import { labelToString } from './label.ts';
import { runCommand } from '../commands/index.ts';

/** A FileSource over a record that notes every path it is asked to read. */
function recorded(files: Record<string, FileContent>): FileSource & { reads: string[] } {
  const reads: string[] = [];
  return { paths: Object.keys(files), read: (p) => (reads.push(p), files[p]), reads };
}

const BINARY = Uint8Array.from([0x00, 0xff, 0xfe, 0x80, 0x0a, 0xc3, 0x28, 0x41]);

describe('Workspace over a FileSource', () => {
  it('knows packages and globs from the paths alone, and reads a BUILD file when its package loads', () => {
    const src = recorded({
      WORKSPACE: '',
      'a/BUILD': 'filegroup(name = "x", srcs = glob(["*.txt"]))\n',
      'a/one.txt': 'one',
      'b/BUILD': 'filegroup(name = "y")\n',
      'b/big.bin': BINARY,
    });
    const ws = new Workspace(src);
    expect(ws.packages).toEqual(['a', 'b']);
    expect(src.reads).toEqual([]);
    const loader = new Loader(ws, { workspaceDir: '/ws' });
    const pkg = loader.getPackage('a');
    expect([...pkg!.sortedTargets()].map((t) => labelToString(t.label))).toEqual(['//a:BUILD', '//a:one.txt', '//a:x']);
    expect(src.reads).toEqual(['a/BUILD']);
    // A second ask is answered from what was decoded.
    ws.read('a/BUILD');
    expect(src.reads).toEqual(['a/BUILD']);
  });

  it('reads .bazelversion eagerly (it picks the profile) and nothing else', () => {
    const src = recorded({ WORKSPACE: '', '.bazelversion': '4.2.3\n', 'p/BUILD': '' });
    const ws = new Workspace(src);
    expect(ws.profile.bazelVersion).toBe('4.2.3');
    expect(src.reads).toEqual(['.bazelversion']);
  });

  it('gives bytes unchanged and text decoded, for byte and text contents alike', () => {
    const ws = new Workspace({ WORKSPACE: '', 'p/BUILD': '', 'p/b.bin': BINARY, 'p/t.txt': 'é\n' });
    expect(ws.bytes('p/b.bin')).toEqual(BINARY);
    expect(ws.read('p/b.bin')).toBe('\u0000\ufffd\ufffd\ufffd\n\ufffd(A');
    expect(ws.bytes('p/t.txt')).toEqual(Uint8Array.from([0xc3, 0xa9, 0x0a]));
    expect(ws.bytes('p/none')).toBeUndefined();
  });

  it('an edit of a binary file is an edit; equal bytes in a new array are not', () => {
    const files = { WORKSPACE: '', 'p/BUILD': 'filegroup(name = "f", srcs = ["b.bin"])\n', 'p/b.bin': BINARY };
    const cache = new LoadCache();
    const first = cache.workspaceFor(files);
    expect(cache.workspaceFor({ ...files, 'p/b.bin': Uint8Array.from(BINARY) })).toBe(first);
    const changed = Uint8Array.from(BINARY);
    changed[0] = 1;
    const next = cache.workspaceFor({ ...files, 'p/b.bin': changed });
    expect(next).not.toBe(first);
    expect(next.bytes('p/b.bin')).toEqual(changed);
    expect(first.bytes('p/b.bin')).toEqual(BINARY);
  });

  it('a FileSource is never taken as an edit of the last workspace', () => {
    const files = { WORKSPACE: '', 'p/BUILD': '' };
    const cache = new LoadCache();
    const first = cache.workspaceFor(files);
    const second = cache.workspaceFor(recorded(files));
    expect(second).not.toBe(first);
    expect(second.packages).toEqual(['p']);
  });

  it('a listed file that cannot be read is a located loading error, not a crash', async () => {
    const files: Record<string, FileContent> = {
      WORKSPACE: '',
      'a/BUILD': 'filegroup(name = "a")\n',
      'b/BUILD': 'load("//b:defs.bzl", "x")\nfilegroup(name = "b")\n',
      'b/defs.bzl': 'x = 1\n',
    };
    const gone = new Set(['a/BUILD', 'b/defs.bzl']);
    const source: FileSource = { paths: Object.keys(files), read: (p) => (gone.has(p) ? undefined : files[p]) };
    const a = await runCommand(source, ['query', '//a:a'], { workspaceDir: '/ws' });
    expect(a.exitCode).toBe(7);
    expect(a.stderr).toContain("ERROR: error loading package 'a': cannot read /ws/a/BUILD\n");
    const b = await runCommand(source, ['query', '//b:b'], { workspaceDir: '/ws' });
    expect(b.exitCode).toBe(7);
    expect(b.stderr).toContain("error loading package 'b': cannot read /ws/b/defs.bzl");
  });
});
