// Content digests for the action cache: a 64-bit FNV-1a over bytes and strings, printed as 16 hex digits.
//
// Not cryptographic: the cache only needs a stable, fast fingerprint of an action's inputs, command and
// environment that is the same in Node and in a browser worker (no crypto.subtle, which is async-only there).

const PRIME_LO = 0x1b3;
const PRIME_HI = 0x100;

/** An incremental 64-bit FNV-1a hash (two 32-bit halves). */
export class Digest {
  private hi = 0xcbf29ce4;
  private lo = 0x84222325;

  bytes(b: Uint8Array): this {
    let hi = this.hi;
    let lo = this.lo;
    for (let i = 0; i < b.length; i++) {
      lo ^= b[i]!;
      // (hi:lo) * 0x100000001b3, keeping 64 bits.
      const lo16 = lo & 0xffff;
      const loHi16 = lo >>> 16;
      const a = lo16 * PRIME_LO;
      const c = loHi16 * PRIME_LO + (a >>> 16);
      const newLo = ((c & 0xffff) << 16) | (a & 0xffff);
      hi = (Math.imul(hi, PRIME_LO) + Math.imul(lo, PRIME_HI) + (c >>> 16)) >>> 0;
      lo = newLo >>> 0;
    }
    this.hi = hi;
    this.lo = lo;
    return this;
  }

  string(s: string): this {
    // Length-prefixed, so that ("ab","c") and ("a","bc") differ.
    this.number(s.length);
    for (let i = 0; i < s.length; i++) {
      const c = s.charCodeAt(i);
      this.bytes(Uint8Array.of(c & 0xff, c >>> 8));
    }
    return this;
  }

  number(n: number): this {
    return this.bytes(Uint8Array.of(n & 0xff, (n >>> 8) & 0xff, (n >>> 16) & 0xff, (n >>> 24) & 0xff));
  }

  hex(): string {
    return this.hi.toString(16).padStart(8, '0') + this.lo.toString(16).padStart(8, '0');
  }
}

export function digestBytes(b: Uint8Array): string {
  return new Digest().bytes(b).hex();
}
