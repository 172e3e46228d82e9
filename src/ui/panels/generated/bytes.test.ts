import { describe, expect, it } from 'vitest';
import { formatSize, hexDump, isBinary, isGzip, outputTree } from './bytes.ts';

const enc = (s: string) => new TextEncoder().encode(s);

describe('bytes', () => {
  it('tells text from binary', () => {
    expect(isBinary(enc('hello\nwörld\n'))).toBe(false);
    expect(isBinary(new Uint8Array([0x1f, 0x8b, 0, 1]))).toBe(true);
    expect(isBinary(new Uint8Array([0xff, 0xfe, 0x41]))).toBe(true);
  });

  it('recognises gzip', () => {
    expect(isGzip(new Uint8Array([0x1f, 0x8b, 8]))).toBe(true);
    expect(isGzip(enc('plain'))).toBe(false);
  });

  it('dumps hex like hexdump -C', () => {
    expect(hexDump(enc('hello\n'))).toBe('00000000  68 65 6c 6c 6f 0a                                 |hello.|\n00000006');
  });

  it('sizes and trees', () => {
    expect(formatSize(1)).toBe('1 byte');
    expect(formatSize(2048)).toBe('2.0 KiB');
    expect(outputTree(['bazel-bin/p/b.txt', 'bazel-bin/a.txt', 'bazel-bin/p/a.txt'])).toEqual([
      { dir: 'bazel-bin', files: ['bazel-bin/a.txt'] },
      { dir: 'bazel-bin/p', files: ['bazel-bin/p/a.txt', 'bazel-bin/p/b.txt'] },
    ]);
  });
});
