// Spelling suggestions for error messages: " (did you mean 'x'?)", as Bazel's SpellChecker makes them.

/** Levenshtein distance, or -1 when it exceeds `max`. */
export function editDistance(a: string, b: string, max: number): number {
  if (a === b) return 0;
  if (Math.abs(a.length - b.length) > max) return -1;
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    row[0] = i;
    let best = row[0];
    let prev = i - 1;
    for (let j = 1; j <= b.length; j++) {
      const old = row[j];
      row[j] = Math.min(prev + (a[i - 1] === b[j - 1] ? 0 : 1), 1 + Math.min(row[j - 1], row[j]));
      prev = old;
      best = Math.min(best, row[j]);
    }
    if (best > max) return -1;
  }
  const d = row[b.length];
  return d <= max ? d : -1;
}

/** The candidate closest to `input` (ignoring case), if any is close enough; ties go to the first in sorted order. */
export function suggest(input: string, candidates: Iterable<string>): string | undefined {
  let best: string | undefined;
  let bestDistance = Math.min(5, Math.floor((input.length + 1) / 2));
  const lower = input.toLowerCase();
  for (const c of [...new Set(candidates)].sort()) {
    const d = editDistance(lower, c.toLowerCase(), bestDistance);
    if (d >= 0 && d < bestDistance) {
      bestDistance = d;
      best = c;
    }
  }
  return best;
}

/** " (did you mean 'x'?)" or "". */
export function didYouMean(input: string, candidates: Iterable<string>): string {
  const s = suggest(input, candidates);
  return s === undefined ? '' : ` (did you mean '${s}'?)`;
}
