// UTF-8 helpers agree with the platform's TextEncoder/TextDecoder.
import { describe, expect, it } from 'vitest';
import { utf8Decode, utf8Encode } from './utf8.ts';

describe('utf8', () => {
  it.each(['', 'abc', 'é→', '😀 x', '\u0000\u007f\u0080\u07ff\u0800\uffff', 'lone \ud800 surrogate'])('%j', (s) => {
    expect(Array.from(utf8Encode(s))).toEqual(Array.from(new TextEncoder().encode(s)));
    expect(utf8Decode(utf8Encode(s))).toBe(new TextDecoder().decode(new TextEncoder().encode(s)));
  });
  it('decodes each byte of a malformed sequence as U+FFFD and keeps what follows', () => {
    expect(utf8Decode(Uint8Array.from([0xff]))).toBe('\ufffd');
    expect(utf8Decode(Uint8Array.from([0xc3]))).toBe('\ufffd');
    expect(utf8Decode(Uint8Array.from([0xf8, 0x41]))).toBe('\ufffdA');
    expect(utf8Decode(Uint8Array.from([0xed, 0xa0, 0x80]))).toBe('\ufffd');
    expect(utf8Decode(Uint8Array.from([0xc0, 0x80, 0x41]))).toBe('\ufffd\ufffdA');
    expect(utf8Decode(Uint8Array.from([0xe0, 0x80, 0x80]))).toBe('\ufffd');
    expect(utf8Decode(Uint8Array.from([0xf4, 0x90, 0x80, 0x80]))).toBe('\ufffd');
    expect(utf8Decode(Uint8Array.from([0x41, 0xe2, 0x82]))).toBe('A\ufffd\ufffd');
  });
  it('keeps a byte order mark', () => {
    expect(utf8Decode(Uint8Array.from([0xef, 0xbb, 0xbf, 0x41]))).toBe('\ufeffA');
    expect(utf8Decode(Uint8Array.from([0xef, 0xbb, 0xbf, 0xff]))).toBe('\ufeff\ufffd');
  });
});
