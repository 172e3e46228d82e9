// Spelling suggestions for error messages: " (did you mean 'x'?)", as Bazel's SpellChecker.

/** Levenshtein distance, or -1 if above max. */
export function editDistance(s1: string, s2: string, max: number): number {
  if (s1 === s2) return 0;
  if (Math.abs(s1.length - s2.length) > max) return -1;
  const row = new Array<number>(s2.length + 1);
  for (let i = 0; i <= s2.length; i++) row[i] = i;
  for (let i = 1; i <= s1.length; i++) {
    row[0] = i;
    let best = i;
    let prev = i - 1;
    for (let j = 1; j <= s2.length; j++) {
      const old = row[j]!;
      row[j] = Math.min(prev + (s1[i - 1] === s2[j - 1] ? 0 : 1), 1 + Math.min(row[j - 1]!, row[j]!));
      prev = old;
      best = Math.min(best, row[j]!);
    }
    if (best > max) return -1;
  }
  const r = row[s2.length]!;
  return r <= max ? r : -1;
}

/** The most similar word (case-insensitive), or undefined; ties go to the first. */
export function suggest(input: string, words: Iterable<string>): string | undefined {
  let best: string | undefined;
  let bestDistance = Math.min(5, Math.floor((input.length + 1) / 2));
  const lower = input.toLowerCase();
  for (const w of words) {
    const d = editDistance(lower, w.toLowerCase(), bestDistance);
    if (d >= 0 && d < bestDistance) {
      bestDistance = d;
      best = w;
    }
  }
  return best;
}

/** "" or " (did you mean 'x'?)". */
export function didYouMean(input: string, words: Iterable<string>): string {
  const s = suggest(input, words);
  return s === undefined ? '' : ` (did you mean '${s}'?)`;
}
