// Doc-string trimming as Bazel's Starlark.trimDocString does it (PEP 257's trim): applied to module and `def`
// docstrings and to every `doc =` argument of rule(), provider(), attr.*(), aspect(), macro(), …
//
// Tabs expand to the next multiple of 8; the first line is stripped on both sides; the other lines lose their
// common indentation (blank lines do not count towards it) and their trailing whitespace; leading and trailing
// blank lines go. Bazel's own examples (StarlarkClassTest#trimDocString):
//   "   Hello    \n   world \n  and  \n     good-bye     "  →  "Hello\n world\nand\n   good-bye"
//   "\n\n  \nHello\nworld\n\n \n\t"                          →  "Hello\nworld"

function expandTabs(line: string): string {
  if (line.indexOf('\t') < 0) return line;
  let out = '';
  for (const ch of line) {
    if (ch === '\t') out += ' '.repeat(8 - (out.length % 8));
    else out += ch;
  }
  return out;
}

function indentOf(line: string): number {
  let i = 0;
  while (i < line.length && line[i] === ' ') i++;
  return i;
}

const TRAILING_WS = /[ \t\n\r\f\v]+$/;
const LEADING_WS = /^[ \t\n\r\f\v]+/;

export function trimDocString(doc: string): string {
  const lines = doc.replace(/\r\n/g, '\n').split('\n').map(expandTabs);
  const first = lines[0]!.replace(LEADING_WS, '').replace(TRAILING_WS, '');
  let minIndent = Infinity;
  for (let i = 1; i < lines.length; i++) {
    const l = lines[i]!;
    if (l.trim() === '') continue;
    minIndent = Math.min(minIndent, indentOf(l));
  }
  const out = [first];
  for (let i = 1; i < lines.length; i++) {
    const l = lines[i]!;
    out.push((l.trim() === '' ? '' : l.slice(minIndent)).replace(TRAILING_WS, ''));
  }
  while (out.length > 0 && out[0] === '') out.shift();
  while (out.length > 0 && out[out.length - 1] === '') out.pop();
  return out.join('\n');
}
