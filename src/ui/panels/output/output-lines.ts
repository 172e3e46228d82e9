// The Output panel's reading of a command's console text: each line's severity (Bazel's `ERROR:`, `WARNING:`,
// `INFO:` prefixes, and `FAILED:`), and the workspace places it names (`/workspace/pkg/BUILD:3:8:` and a
// traceback's `File "/workspace/pkg/defs.bzl", line 3, column 5`), so that each becomes a link. Pure: the panel
// renders the pieces as text nodes, never as HTML.

export type LineSeverity = 'error' | 'warning' | 'info' | 'plain';

export interface Place {
  path: string;
  line: number;
  column: number;
}

export type Piece = { text: string; place?: Place };

export interface OutputLine {
  severity: LineSeverity;
  pieces: Piece[];
}

const WORKSPACE_DIR = '/workspace/';

export function lineSeverity(line: string): LineSeverity {
  if (/^(ERROR|FAILED|FATAL):/.test(line)) return 'error';
  if (/^WARNING:/.test(line)) return 'warning';
  if (/^(INFO|DEBUG):/.test(line)) return 'info';
  return 'plain';
}

// `/workspace/pkg/BUILD:3:8` (column optional), or `File "/workspace/pkg/defs.bzl", line 3, column 5`.
const PLACE = /(\/workspace\/[^\s:"',]+):(\d+)(?::(\d+))?|File "(\/workspace\/[^"]+)", line (\d+)(?:, column (\d+))?/g;

/** Splits a line into text and places in the workspace; a path not among `files` stays text. */
export function linePieces(line: string, files: ReadonlySet<string>): Piece[] {
  const pieces: Piece[] = [];
  let at = 0;
  for (const m of line.matchAll(PLACE)) {
    const abs = m[1] ?? m[4];
    const path = abs.slice(WORKSPACE_DIR.length);
    if (!files.has(path)) continue;
    if (m.index > at) pieces.push({ text: line.slice(at, m.index) });
    pieces.push({ text: m[0], place: { path, line: Number(m[2] ?? m[5]), column: Number(m[3] ?? m[6] ?? 1) } });
    at = m.index + m[0].length;
  }
  if (at < line.length || pieces.length === 0) pieces.push({ text: line.slice(at) });
  return pieces;
}

/**
 * Console text as lines. A message's continuation lines (a traceback, "To inspect the select()…") take the
 * severity of the line that opened it, up to the next prefixed or empty line.
 */
export function outputLines(text: string, files: ReadonlySet<string>): OutputLine[] {
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  let carried: LineSeverity = 'plain';
  return lines.map((line) => {
    const own = lineSeverity(line);
    if (own !== 'plain') carried = own === 'info' ? 'plain' : own;
    else if (line.trim() === '' || /^(Target |Use --|Executing |Build )/.test(line)) carried = 'plain';
    const severity = own !== 'plain' ? own : carried === 'error' || carried === 'warning' ? carried : 'plain';
    return { severity, pieces: linePieces(line, files) };
  });
}
