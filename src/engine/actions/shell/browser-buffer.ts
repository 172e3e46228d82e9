// A minimal Buffer for browsers, where just-bash's browser bundle still calls Buffer.from(…).toString(…)
// (gzip, base64 -d, od). It covers what that bundle uses: from(string|bytes, encoding), toString(encoding)
// for utf8/latin1/binary/base64/hex, alloc, concat, isBuffer and byteLength. Node's own Buffer wins
// wherever it exists; ensureBufferGlobal() installs this one only when there is none.

import { utf8Decode, utf8Encode } from '../../base/index.ts';

type Encoding = 'utf8' | 'utf-8' | 'latin1' | 'binary' | 'ascii' | 'base64' | 'hex';

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

function fromLatin1(s: string): number[] {
  const out: number[] = [];
  for (let i = 0; i < s.length; i++) out.push(s.charCodeAt(i) & 0xff);
  return out;
}

function fromBase64(s: string): number[] {
  const out: number[] = [];
  let acc = 0;
  let bits = 0;
  for (const ch of s.replace(/-/g, '+').replace(/_/g, '/')) {
    const v = B64.indexOf(ch);
    if (v < 0) continue; // padding, whitespace and stray characters are skipped, as Node does
    acc = (acc << 6) | v;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out.push((acc >> bits) & 0xff);
    }
  }
  return out;
}

function toBase64(b: Uint8Array): string {
  let out = '';
  for (let i = 0; i < b.length; i += 3) {
    const n = (b[i] << 16) | ((b[i + 1] ?? 0) << 8) | (b[i + 2] ?? 0);
    out += B64[(n >> 18) & 63] + B64[(n >> 12) & 63];
    out += i + 1 < b.length ? B64[(n >> 6) & 63] : '=';
    out += i + 2 < b.length ? B64[n & 63] : '=';
  }
  return out;
}

/** The instances: bytes with Buffer's toString(encoding). */
class BufferBytes extends Uint8Array {
  override toString(encoding: Encoding = 'utf8', start = 0, end = this.length): string {
    const part = this.subarray(start, end);
    switch (encoding) {
      case 'latin1':
      case 'binary':
      case 'ascii': {
        let s = '';
        for (let i = 0; i < part.length; i += 8192) s += String.fromCharCode(...part.subarray(i, i + 8192));
        return s;
      }
      case 'base64':
        return toBase64(part);
      case 'hex':
        return Array.from(part, (c) => c.toString(16).padStart(2, '0')).join('');
      default:
        return utf8Decode(part);
    }
  }
}

function bufferFrom(value: unknown, encoding: Encoding = 'utf8'): BufferBytes {
  if (typeof value === 'string') {
    switch (encoding) {
      case 'latin1':
      case 'binary':
      case 'ascii':
        return new BufferBytes(fromLatin1(value));
      case 'base64':
        return new BufferBytes(fromBase64(value));
      case 'hex':
        return new BufferBytes((value.match(/[0-9a-fA-F]{2}/g) ?? []).map((h) => parseInt(h, 16)));
      default:
        return new BufferBytes(utf8Encode(value));
    }
  }
  if (value instanceof ArrayBuffer) return new BufferBytes(new Uint8Array(value));
  return new BufferBytes(value as ArrayLike<number>);
}

function concat(list: readonly Uint8Array[], total?: number): BufferBytes {
  const size = total ?? list.reduce((n, b) => n + b.length, 0);
  const out = new BufferBytes(size);
  let at = 0;
  for (const b of list) {
    if (at >= size) break;
    out.set(b.subarray(0, size - at), at);
    at += b.length;
  }
  return out;
}

export interface BrowserBufferConstructor {
  new (size: number): BufferBytes;
  from(value: unknown, encoding?: Encoding): BufferBytes;
  alloc(size: number, fill?: number): BufferBytes;
  isBuffer(value: unknown): boolean;
  byteLength(value: string | Uint8Array, encoding?: Encoding): number;
  concat(list: readonly Uint8Array[], total?: number): BufferBytes;
}

/** The class with Buffer's static methods; its own `from` shadows Uint8Array.from, as Node's Buffer does. */
export const BrowserBuffer: BrowserBufferConstructor = Object.assign(BufferBytes, {
  from: bufferFrom,
  alloc: (size: number, fill = 0): BufferBytes => new BufferBytes(size).fill(fill),
  isBuffer: (value: unknown): boolean => value instanceof BufferBytes,
  byteLength: (value: string | Uint8Array, encoding: Encoding = 'utf8'): number =>
    typeof value === 'string' ? bufferFrom(value, encoding).length : value.length,
  concat,
});

/** Installs BrowserBuffer as globalThis.Buffer when the host has no Buffer (browsers, workers). */
export function ensureBufferGlobal(): void {
  const g = globalThis as { Buffer?: unknown };
  if (g.Buffer === undefined) g.Buffer = BrowserBuffer;
}
