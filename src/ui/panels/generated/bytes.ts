// Looking at output bytes: text or binary, a hex dump, gzip detection, human sizes.

/** True when the bytes are not readable text: a NUL, invalid UTF-8, or many control characters. */
export function isBinary(bytes: Uint8Array): boolean {
  const n = Math.min(bytes.length, 8192);
  let control = 0;
  for (let i = 0; i < n; i++) {
    const b = bytes[i];
    if (b === 0) return true;
    if (b < 32 && b !== 9 && b !== 10 && b !== 13 && b !== 12 && b !== 27) control++;
  }
  if (control > n / 10) return true;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(0, n));
    return false;
  } catch {
    // A multi-byte character cut at the sample's end is still text.
    return n === bytes.length || !isCutUtf8(bytes.subarray(0, n));
  }
}

function isCutUtf8(sample: Uint8Array): boolean {
  for (let k = 1; k <= 3 && k <= sample.length; k++) {
    try {
      new TextDecoder('utf-8', { fatal: true }).decode(sample.subarray(0, sample.length - k));
      return true;
    } catch {
      // try a shorter prefix
    }
  }
  return false;
}

export function isGzip(bytes: Uint8Array): boolean {
  return bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;
}

/** `00000000  68 65 6c 6c 6f 0a …  |hello.|`, 16 bytes a line like `hexdump -C` (or `perRow`, for a narrow view). */
export function hexDump(bytes: Uint8Array, limit = 64 * 1024, perRow = 16): string {
  const lines: string[] = [];
  const end = Math.min(bytes.length, limit);
  for (let off = 0; off < end; off += perRow) {
    const row = bytes.subarray(off, Math.min(off + perRow, end));
    let hex = '';
    let ascii = '';
    for (let i = 0; i < perRow; i++) {
      if (i === 8) hex += ' ';
      if (i < row.length) {
        hex += row[i].toString(16).padStart(2, '0') + ' ';
        ascii += row[i] >= 32 && row[i] < 127 ? String.fromCharCode(row[i]) : '.';
      } else hex += '   ';
    }
    lines.push(`${off.toString(16).padStart(8, '0')}  ${hex} |${ascii}|`);
  }
  if (bytes.length > end) lines.push(`… ${bytes.length - end} more bytes`);
  else lines.push(bytes.length.toString(16).padStart(8, '0'));
  return lines.join('\n');
}

export function formatSize(n: number): string {
  if (n < 1024) return `${n} byte${n === 1 ? '' : 's'}`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KiB`;
  return `${(n / 1024 / 1024).toFixed(1)} MiB`;
}

export interface TreeEntry {
  /** Directory path, '' at the top. */
  dir: string;
  files: string[];
}

/** Output paths grouped by directory, directories in order, files by name. */
export function outputTree(paths: readonly string[]): TreeEntry[] {
  const dirs = new Map<string, string[]>();
  for (const p of [...paths].sort()) {
    const i = p.lastIndexOf('/');
    const d = i < 0 ? '' : p.slice(0, i);
    let list = dirs.get(d);
    if (!list) dirs.set(d, (list = []));
    list.push(p);
  }
  return [...dirs].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([dir, files]) => ({ dir, files }));
}
