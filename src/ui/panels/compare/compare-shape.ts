// What the Compare panel shows of two runs of one command: a one-line verdict, and each stream (stderr, then
// stdout, as the Output panel orders them) as aligned diff rows.

import type { CompareColumn } from '../../../worker/protocol.ts';
import { diffLines, textLines, type DiffRow } from './line-diff.ts';

export interface CompareShape {
  same: boolean;
  /** "Same result under Bazel 4.2.3 and current Bazel (exit code 0)" or "Differs: exit 0 vs 1". */
  summary: string;
  stderr: DiffRow[];
  stdout: DiffRow[];
}

export function compareShape(left: CompareColumn, right: CompareColumn): CompareShape {
  const stderr = diffLines(textLines(left.result.stderr), textLines(right.result.stderr));
  const stdout = diffLines(textLines(left.result.stdout), textLines(right.result.stdout));
  const differing = [stdout.some((r) => r.changed) && 'stdout', stderr.some((r) => r.changed) && 'stderr'].filter(Boolean);
  const a = left.result.exitCode;
  const b = right.result.exitCode;
  let summary: string;
  if (a !== b) summary = `Differs: exit ${a} vs ${b}` + (differing.length ? `, different ${differing.join(' and ')}` : '');
  else if (differing.length) summary = `Differs: the same exit code (${a}), different ${differing.join(' and ')}`;
  else summary = `Same result under ${left.title} and ${right.title} (exit code ${a})`;
  return { same: a === b && differing.length === 0, summary, stderr, stdout };
}
