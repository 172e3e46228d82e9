// Bazel 4.2.3 orders multi-line cquery output by configuration hash, and that order changes with unrelated flags,
// so cquery stdout is compared as a set (shared/conformance/README.md): lines sorted with their configuration ids
// masked, then the ids numbered (cfg1), (cfg2), … in that order. Works on raw hashes and on already numbered ids,
// and on the ids --output=transitions prints after `-> ` at the end of an edge line.

const ID = /\((cfg\d+|[0-9a-f]{7,})\)|(?<=-> )(cfg\d+|[0-9a-f]{7,})$/gm;
const idOf = (m: RegExpMatchArray) => (m[1] ?? m[2])!;

export function cquerySetForm(text: string): string {
  const lines = text.split('\n');
  const trailing = lines.length > 0 && lines[lines.length - 1] === '' ? lines.pop() : undefined;
  // Ties (one label in two configurations) keep the order of their ids' first appearance.
  const firstSeen = new Map<string, number>();
  for (const l of lines) for (const m of l.matchAll(ID)) if (!firstSeen.has(idOf(m))) firstSeen.set(idOf(m), firstSeen.size);
  const rank = (l: string) => [...l.matchAll(ID)].map((m) => firstSeen.get(idOf(m))!);
  const keyed = lines.map((l) => ({ l, masked: l.replace(ID, (_m, paren?: string) => (paren !== undefined ? '(ID)' : 'ID')), r: rank(l) }));
  keyed.sort((a, b) => (a.masked < b.masked ? -1 : a.masked > b.masked ? 1 : compareRanks(a.r, b.r)));
  const ids = new Map<string, string>();
  const out = keyed.map(({ l }) =>
    l.replace(ID, (_m, paren?: string, bare?: string) => {
      const h = (paren ?? bare)!;
      if (!ids.has(h)) ids.set(h, `cfg${ids.size + 1}`);
      return paren !== undefined ? `(${ids.get(h)!})` : ids.get(h)!;
    }),
  );
  return out.join('\n') + (trailing !== undefined ? '\n' : '');
}

function compareRanks(a: number[], b: number[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return a.length - b.length;
}
