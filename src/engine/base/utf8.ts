// UTF-8 encoding and decoding without relying on TextEncoder/TextDecoder, which the engine's DOM-free, Node-free
// type environment does not declare. Lone surrogates encode as U+FFFD, as TextEncoder does. Decoding uses the
// host's TextDecoder when there is one (browsers, workers and Node all have it) for well-formed input, where every
// decoder agrees; malformed input is decoded here, each bad byte as U+FFFD (not the WHATWG decoder's way).

export function utf8Encode(s: string): Uint8Array {
  const out: number[] = [];
  for (let i = 0; i < s.length; i++) {
    let c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        c = 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00);
        i++;
      } else c = 0xfffd;
    } else if (c >= 0xd800 && c <= 0xdfff) c = 0xfffd;
    if (c < 0x80) out.push(c);
    else if (c < 0x800) out.push(0xc0 | (c >> 6), 0x80 | (c & 63));
    else if (c < 0x10000) out.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
    else out.push(0xf0 | (c >> 18), 0x80 | ((c >> 12) & 63), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
  }
  return Uint8Array.from(out);
}

interface StrictDecoder {
  decode(b: Uint8Array): string;
}

/** The host's TextDecoder, failing on malformed input and keeping a byte order mark; undefined without one. */
const strictDecoder: StrictDecoder | undefined = (() => {
  const TextDecoder = (globalThis as { TextDecoder?: new (label: string, options: { fatal: boolean; ignoreBOM: boolean }) => StrictDecoder }).TextDecoder;
  try {
    return TextDecoder ? new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }) : undefined;
  } catch {
    return undefined;
  }
})();

/** Decodes UTF-8; malformed sequences become U+FFFD. */
export function utf8Decode(b: Uint8Array): string {
  if (strictDecoder) {
    try {
      return strictDecoder.decode(b);
    } catch {
      // malformed: decoded below
    }
  }
  return decodeLeniently(b);
}

/** utf8Decode by hand: each byte of a malformed sequence as U+FFFD. */
function decodeLeniently(b: Uint8Array): string {
  let out = '';
  for (let i = 0; i < b.length; ) {
    const c = b[i];
    let cp = 0xfffd;
    let n = 1;
    if (c < 0x80) cp = c;
    else if (c >= 0xc2 && c < 0xe0 && i + 1 < b.length && (b[i + 1] & 0xc0) === 0x80) {
      cp = ((c & 31) << 6) | (b[i + 1] & 63);
      n = 2;
    } else if (c >= 0xe0 && c < 0xf0 && i + 2 < b.length && (b[i + 1] & 0xc0) === 0x80 && (b[i + 2] & 0xc0) === 0x80) {
      cp = ((c & 15) << 12) | ((b[i + 1] & 63) << 6) | (b[i + 2] & 63);
      n = 3;
      if (cp < 0x800 || (cp >= 0xd800 && cp <= 0xdfff)) cp = 0xfffd;
    } else if (c >= 0xf0 && c < 0xf5 && i + 3 < b.length && (b[i + 1] & 0xc0) === 0x80 && (b[i + 2] & 0xc0) === 0x80 && (b[i + 3] & 0xc0) === 0x80) {
      cp = ((c & 7) << 18) | ((b[i + 1] & 63) << 12) | ((b[i + 2] & 63) << 6) | (b[i + 3] & 63);
      n = 4;
      if (cp < 0x10000 || cp > 0x10ffff) cp = 0xfffd;
    }
    out += String.fromCodePoint(cp);
    i += n;
  }
  return out;
}
