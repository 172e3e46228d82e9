import { describe, expect, it } from 'vitest';
import { deflateRaw } from 'pako';
import { decodeShareFragment, encodeShareState, encodeV1ForTests, opensInCompare, toBase64Url, withCompare, type ShareState } from './share-link.ts';

const state: ShareState = {
  files: { 'MODULE.bazel': '', 'app/BUILD': 'genrule(name = "x", outs = ["x.txt"], cmd = "echo é > $@")\n', '.bazelversion': '4.2.3\n' },
  command: 'bazel build //app:x --cpu=arm -c opt',
  activePath: 'app/BUILD',
  panels: { side: 'targets', bottom: 'output' },
  extras: { query: 'deps(//app:x)' },
  lesson: null,
};

function raw(json: string): string {
  return 'rp2.' + toBase64Url(deflateRaw(new TextEncoder().encode(json)));
}

describe('share links', () => {
  it('round-trips the whole state', () => {
    const link = encodeShareState(state);
    expect(link).toMatch(/^rp2\.[A-Za-z0-9_-]+$/);
    expect(decodeShareFragment('#' + link)).toEqual({ ok: true, state, version: 2 });
  });

  it('carries "open in compare view" through a link, and leaves it out when unchecked', () => {
    const decoded = decodeShareFragment(encodeShareState(withCompare(state, true)));
    expect(decoded.ok && opensInCompare(decoded.state)).toBe(true);
    expect(decoded.ok && decoded.state.extras).toEqual({ query: 'deps(//app:x)', compare: '1' });
    const off = decodeShareFragment(encodeShareState(withCompare(withCompare(state, true), false)));
    expect(off).toEqual({ ok: true, state, version: 2 });
    expect(opensInCompare(state)).toBe(false);
  });

  it('is stable: equal states give equal links', () => {
    const reordered = { ...state, files: Object.fromEntries(Object.entries(state.files).reverse()) };
    expect(encodeShareState(reordered)).toBe(encodeShareState(state));
  });

  it('migrates version 1 links', () => {
    const r = decodeShareFragment(encodeV1ForTests({ 'WORKSPACE': '', 'a/BUILD': 'x = 1\n' }, 'bazel query //...'));
    expect(r).toEqual({
      ok: true,
      version: 1,
      state: { files: { 'WORKSPACE': '', 'a/BUILD': 'x = 1\n' }, command: 'bazel query //...', activePath: null, panels: null, extras: {}, lesson: null },
    });
  });

  it('reports truncated, corrupt and foreign links without throwing', () => {
    const link = encodeShareState(state);
    for (const bad of [link.slice(0, link.length - 9), link.slice(0, 12), 'rp2.!!!!', 'rp2.', 'rp9.abcd', 'hello', 'rp2.' + 'A'.repeat(41)]) {
      const r = decodeShareFragment(bad);
      expect(r.ok, bad).toBe(false);
      if (!r.ok) expect(r.reason).toMatch(/link/);
    }
  });

  it('refuses hostile content: bad paths, wrong types, prototype keys, huge counts', () => {
    const cases = [
      JSON.stringify({ v: 2, files: [['../etc/passwd', 'x']], command: '' }),
      JSON.stringify({ v: 2, files: [['__proto__', 'x']], command: '' }),
      JSON.stringify({ v: 2, files: [['a', 1]], command: '' }),
      JSON.stringify({ v: 2, files: [['a', 'x'], ['a', 'y']], command: '' }),
      JSON.stringify({ v: 2, files: [['a', 'x']], command: 'query //...\n<script>' }),
      JSON.stringify({ v: 2, files: Array.from({ length: 501 }, (_, i) => [`f${i}`, '']), command: '' }),
      JSON.stringify({ v: 2, files: {}, command: '' }),
      '[1,2,3]',
      'not json',
    ];
    for (const c of cases) expect(decodeShareFragment(raw(c)).ok, c).toBe(false);
  });

  it('drops unknown or unsafe optional fields but keeps the workspace', () => {
    const r = decodeShareFragment(
      raw(JSON.stringify({ v: 2, files: [['BUILD', '']], command: 'x', active: 'nope', panels: { side: '<img>', bottom: 'output' }, extras: { 'on<x>': 'y', query: 5 }, lesson: 'javascript:alert(1)' })),
    );
    expect(r).toEqual({ ok: true, version: 2, state: { files: { BUILD: '' }, command: 'x', activePath: null, panels: null, extras: {}, lesson: null } });
  });
});
