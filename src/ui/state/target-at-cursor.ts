// Which target a cursor is in: the rule call (or macro call) whose text, from the callee's name to the closing
// parenthesis, contains the cursor. Targets are located at their call's opening parenthesis (as Bazel reports
// them); the call's end is found by matching parentheses, skipping strings and comments.

import type { TargetSummary } from '../../worker/protocol.ts';

export interface Position {
  line: number;
  column: number;
}

function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === '\n') starts.push(i + 1);
  return starts;
}

function offsetOf(starts: number[], p: Position): number {
  return (starts[p.line - 1] ?? Infinity) + p.column - 1;
}

/** The offset of the parenthesis closing the one at `open`, or the text's end when it is not closed. */
export function matchingParen(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const c = text[i];
    if (c === '#') {
      while (i < text.length && text[i] !== '\n') i++;
    } else if (c === '"' || c === "'") {
      const triple = text.startsWith(c.repeat(3), i);
      const quote = triple ? c.repeat(3) : c;
      i += quote.length;
      while (i < text.length && !text.startsWith(quote, i)) {
        if (text[i] === '\\') i++;
        else if (!triple && text[i] === '\n') break;
        i++;
      }
      i += quote.length - 1;
    } else if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') {
      depth--;
      if (depth === 0) return i;
    }
  }
  return text.length;
}

/** A load's targets by the file that declares them, made once per targets array (a keystroke moves the cursor). */
const byFileCache = new WeakMap<readonly TargetSummary[], Map<string, TargetSummary[]>>();

function targetsDeclaredIn(targets: readonly TargetSummary[], path: string): readonly TargetSummary[] {
  let byFile = byFileCache.get(targets);
  if (!byFile) {
    byFile = new Map();
    for (const t of targets) {
      let list = byFile.get(t.location.file);
      if (!list) byFile.set(t.location.file, (list = []));
      list.push(t);
    }
    byFileCache.set(targets, byFile);
  }
  return byFile.get(path) ?? [];
}

/** The rule target whose declaring call in `path` contains the cursor, or null. */
export function targetAtCursor(text: string, path: string, targets: readonly TargetSummary[], cursor: Position): TargetSummary | null {
  const starts = lineStarts(text);
  const at = offsetOf(starts, cursor);
  let best: { t: TargetSummary; start: number; end: number } | null = null;
  for (const t of targetsDeclaredIn(targets, path)) {
    if (t.location.file !== path || t.kind === 'source file' || t.kind === 'generated file') continue;
    const open = offsetOf(starts, t.location);
    if (text[open] !== '(') continue;
    let start = open;
    while (start > 0 && /[\w.]/.test(text[start - 1])) start--;
    const end = matchingParen(text, open);
    if (at < start || at > end + 1) continue;
    // Nested calls cannot declare targets, but a macro may declare several: prefer the one named in the call.
    if (!best || (best.start === start && !callNames(text, open, end, best.t.name) && callNames(text, open, end, t.name))) {
      best = { t, start, end };
    } else if (start > best.start) best = { t, start, end };
  }
  return best?.t ?? null;
}

function callNames(text: string, open: number, end: number, name: string): boolean {
  return new RegExp(`\\bname\\s*=\\s*["']${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}["']`).test(text.slice(open, end));
}
