// Bazel 4.2.3 orders multi-line cquery output by configuration hash, and that order changes with unrelated flags,
// so cquery stdout is compared as a set (shared/conformance/README.md): lines sorted with their configuration ids
// masked, then the ids numbered (cfg1), (cfg2), … in that order. Works on raw hashes and on already numbered ids.

const ID = /\((cfg\d+|[0-9a-f]{7,})\)/g;

export function cquerySetForm(text: string): string {
  const lines = text.split('\n');
  const trailing = lines.length > 0 && lines[lines.length - 1] === '' ? lines.pop() : undefined;
  // Ties (one label in two configurations) keep the order of their ids' first appearance.
  const firstSeen = new Map<string, number>();
  for (const l of lines) for (const m of l.matchAll(ID)) if (!firstSeen.has(m[1]!)) firstSeen.set(m[1]!, firstSeen.size);
  const rank = (l: string) => [...l.matchAll(ID)].map((m) => firstSeen.get(m[1]!)!);
  const keyed = lines.map((l) => ({ l, masked: l.replace(ID, '(ID)'), r: rank(l) }));
  keyed.sort((a, b) => (a.masked < b.masked ? -1 : a.masked > b.masked ? 1 : compareRanks(a.r, b.r)));
  const ids = new Map<string, string>();
  const out = keyed.map(({ l }) =>
    l.replace(ID, (_m, h: string) => {
      if (!ids.has(h)) ids.set(h, `(cfg${ids.size + 1})`);
      return ids.get(h)!;
    }),
  );
  return out.join('\n') + (trailing !== undefined ? '\n' : '');
}

function compareRanks(a: number[], b: number[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return a.length - b.length;
}
