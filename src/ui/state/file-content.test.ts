// Binary files in the store (issue 18): what is text and what is bytes, and that a zip import, a zip export and a
// share link keep the bytes exact; txtar text, which cannot hold them, names what it left out.

import { deflateRaw } from 'pako';
import { describe, expect, it } from 'vitest';
import { contentOf } from './file-content.ts';
import { exportText, exportZip } from './export.ts';
import { importZip } from './import.ts';
import { decodeShareFragment, encodeShareState, toBase64Url, type ShareState } from './share-link.ts';
import { readZip, writeZip } from './zip.ts';

/** Deterministic "random" bytes covering every byte value, invalid UTF-8 and NUL included. */
function bytes(n: number, seed: number): Uint8Array {
  let x = seed;
  return new Uint8Array(n).map(() => ((x = (x * 1103515245 + 12345) >>> 0) >>> 16) & 0xff);
}

const enc = new TextEncoder();

describe('contentOf', () => {
  it('is text for UTF-8 without NUL (a byte-order mark kept), bytes otherwise', () => {
    expect(contentOf(enc.encode('héllo\n'))).toBe('héllo\n');
    expect(contentOf(Uint8Array.from([0xef, 0xbb, 0xbf, 0x41]))).toBe('\ufeffA');
    const nul = Uint8Array.from([0x41, 0x00, 0x42]);
    expect(contentOf(nul)).toBe(nul);
    const bad = Uint8Array.from([0x41, 0xc3, 0x28]);
    expect(contentOf(bad)).toBe(bad);
  });
});

describe('binary files in a zip', () => {
  const data = bytes(256, 3);
  const zip = writeZip([
    { name: 'proj/MODULE.bazel', data: enc.encode('') },
    { name: 'proj/pkg/BUILD', data: enc.encode('genrule(name = "cp", srcs = ["data.bin"], outs = ["out.bin"], cmd = "cp $< $@")\n') },
    { name: 'proj/pkg/data.bin', data },
  ]);

  it('an import keeps a binary file as its bytes and the texts as text', () => {
    const r = importZip(zip);
    if (!r.ok) throw new Error(r.reason);
    expect(r.value.files['pkg/data.bin']).toEqual(data);
    expect(r.value.files['pkg/BUILD']).toMatch(/^genrule/);
  });

  it('an export writes the bytes back unchanged, and an import of the export gives the same files', () => {
    const r = importZip(zip);
    if (!r.ok) throw new Error(r.reason);
    const out = exportZip(r.value.files, 'bazel build //pkg:cp', 'w');
    expect(readZip(out).find((e) => e.name === 'w/pkg/data.bin')?.data).toEqual(data);
    const back = importZip(out);
    if (!back.ok) throw new Error(back.reason);
    expect(back.value.files).toEqual({ ...r.value.files, '.bazelversion': '8.4.2\n' });
  });

  it('txtar text leaves a binary file out and says so', () => {
    const text = exportText({ 'MODULE.bazel': '', 'pkg/data.bin': data }, 'bazel build //pkg:cp');
    expect(text).toContain('binary files left out (export a .zip to keep them): pkg/data.bin\n');
    expect(text).toContain('-- MODULE.bazel --');
    expect(text).not.toContain('-- pkg/data.bin --');
  });
});

describe('binary files in a share link', () => {
  it('round-trip as base64url', () => {
    const state: ShareState = {
      files: { 'MODULE.bazel': '', 'pkg/data.bin': bytes(300, 5) },
      command: 'bazel build //pkg:cp',
      activePath: 'pkg/data.bin',
      panels: null,
      extras: {},
      lesson: null,
    };
    expect(decodeShareFragment(encodeShareState(state))).toEqual({ ok: true, state, version: 2 });
  });

  it('a damaged base64 content is a located error, not a crash', () => {
    const json = JSON.stringify({ v: 2, files: [['a.bin', { base64: '!!' }]], command: '' });
    // The same framing as encodeShareState, around a content that is not base64url.
    const r = decodeShareFragment(rawLink(json));
    expect(r).toEqual({ ok: false, reason: 'the link is damaged (a.bin has no text)' });
  });
});

function rawLink(json: string): string {
  return 'rp2.' + toBase64Url(deflateRaw(enc.encode(json)));
}
