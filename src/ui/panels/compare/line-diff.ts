// A line diff for the Compare panel: two texts as aligned rows, side by side. Lines common to both (a longest
// common subsequence) sit on the same row; between two common lines, the lines only one side has are paired row
// by row and marked changed, the shorter side padded with empty rows so that the common lines stay level.
// The LCS table is quadratic, so a long middle (after the common head and tail are set aside) is compared row by
// row instead: Bazel's output of one command rarely runs to thousands of differing lines.

export interface DiffRow {
  /** The line on each side; null where that side has no line on this row. */
  left: string | null;
  right: string | null;
  changed: boolean;
}

/** Above this many cells the LCS table is not built (≈8 MB of Uint16). */
const MAX_CELLS = 4_000_000;

/** A text as lines; a final newline ends the last line rather than starting an empty one. */
export function textLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

export function diffLines(a: readonly string[], b: readonly string[]): DiffRow[] {
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  const rows: DiffRow[] = [];
  for (let i = 0; i < head; i++) rows.push({ left: a[i], right: b[i], changed: false });
  const midA = a.slice(head, a.length - tail);
  const midB = b.slice(head, b.length - tail);
  rows.push(...middle(midA, midB));
  for (let i = a.length - tail; i < a.length; i++) rows.push({ left: a[i], right: b[i - a.length + b.length], changed: false });
  return rows;
}

function middle(a: readonly string[], b: readonly string[]): DiffRow[] {
  if (a.length === 0 && b.length === 0) return [];
  if (a.length === 0 || b.length === 0 || (a.length + 1) * (b.length + 1) > MAX_CELLS) return paired(a, b);
  // lcs[i * w + j] = length of the LCS of a[i..] and b[j..].
  const w = b.length + 1;
  const lcs = new Uint16Array((a.length + 1) * w);
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      lcs[i * w + j] = a[i] === b[j] ? lcs[(i + 1) * w + j + 1] + 1 : Math.max(lcs[(i + 1) * w + j], lcs[i * w + j + 1]);
    }
  }
  const rows: DiffRow[] = [];
  let onlyA: string[] = [];
  let onlyB: string[] = [];
  const flush = () => {
    rows.push(...paired(onlyA, onlyB));
    onlyA = [];
    onlyB = [];
  };
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      flush();
      rows.push({ left: a[i], right: b[j], changed: false });
      i++;
      j++;
    } else if (j >= b.length || (i < a.length && lcs[(i + 1) * w + j] >= lcs[i * w + j + 1])) {
      onlyA.push(a[i++]);
    } else {
      onlyB.push(b[j++]);
    }
  }
  flush();
  return rows;
}

/** Lines only one side has, row by row, all changed. */
function paired(a: readonly string[], b: readonly string[]): DiffRow[] {
  const rows: DiffRow[] = [];
  for (let k = 0; k < Math.max(a.length, b.length); k++) rows.push({ left: a[k] ?? null, right: b[k] ?? null, changed: a[k] !== b[k] });
  return rows;
}
