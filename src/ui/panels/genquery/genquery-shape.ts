// The Genquery panel's reading of a build: the explanation the engine puts in CommandResult.explanations.genqueries
// (its own GenqueryExplanation, through the worker protocol) and the diagnostic of a genquery that failed, plus the
// plain sentence that opens the panel and the edit that writes an expression back into the genquery's
// `expression = "…"` attribute.

import type { CommandResult, Diagnostic, GenqueryExplanation } from '../../../worker/protocol.ts';
import { matchingParen } from '../../state/target-at-cursor.ts';

export type { GenqueryExplanation };

/** The explanation for `label` in a result, or null. */
export function genqueryFor(result: CommandResult | null | undefined, label: string): GenqueryExplanation | null {
  return result?.explanations?.genqueries?.[label] ?? null;
}

/** The error the genquery failed with (its diagnostic), or null. */
export function genqueryFailure(result: CommandResult | null | undefined, label: string): Diagnostic | null {
  return result?.diagnostics.find((d) => d.target === label && d.severity === 'error') ?? null;
}

/** A failure's message without Bazel's `in genquery rule //pkg:q: ` prefix. */
export function failureText(d: Diagnostic, label: string): string {
  const prefix = `in genquery rule ${label}: `;
  return d.message.startsWith(prefix) ? d.message.slice(prefix.length) : d.message;
}

function plural(n: number, one: string, many = one + 's'): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** `:name` for a target of the package, else the label. */
export function shortLabel(label: string): string {
  const i = label.indexOf(':');
  return i >= 0 ? label.slice(i) : label;
}

/** The first thing the panel says, in plain words. `failed` is the build's error for the target, if any. */
export function genquerySentence(label: string, e: GenqueryExplanation, failed: string | null): string {
  const ran = `${shortLabel(label)} ran ${e.expression} over the closure of ${plural(e.scope.length, 'scope target')} (${plural(e.closure.length, 'target')})`;
  if (e.violation && e.strict) {
    return `${ran} and failed: ${e.violation.target} is not within the scope of the query; path: ${e.violation.path.join(' → ')}`;
  }
  if (e.result) {
    const skipped = e.outOfScope.length ? `, skipping ${plural(e.outOfScope.length, 'target')} outside the scope (strict = False)` : '';
    return `${ran} and found ${plural(e.result.length, 'target')}${skipped}`;
  }
  return `${ran} and failed${failed ? `: ${failed}` : ''}`;
}

/** The `--output` among genquery opts (the last wins), and the other opts. */
export function splitOpts(opts: readonly string[]): { output: string | null; rest: string[] } {
  let output: string | null = null;
  const rest: string[] = [];
  for (let i = 0; i < opts.length; i++) {
    const o = opts[i];
    const m = /^--output=(.*)$/.exec(o);
    if (m) output = m[1];
    else if (o === '--output' && i + 1 < opts.length) output = opts[++i];
    else rest.push(o);
  }
  return { output, rest };
}

function lineStart(text: string, line: number): number {
  let at = 0;
  for (let l = 1; l < line; l++) {
    const nl = text.indexOf('\n', at);
    if (nl < 0) return -1;
    at = nl + 1;
  }
  return at;
}

/** A Starlark double-quoted string literal for `s`. */
export function starlarkString(s: string): string {
  return '"' + s.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n') + '"';
}

/**
 * `text` with the string given to `expression =` in the rule call whose opening parenthesis is at line:column
 * (1-based, as targets are located) replaced by `expression`; null when the call or a plain string literal
 * there cannot be found (a variable, a concatenation…).
 */
export function replaceExpression(text: string, at: { line: number; column: number }, expression: string): string | null {
  const ls = lineStart(text, at.line);
  if (ls < 0) return null;
  const open = ls + at.column - 1;
  if (text[open] !== '(') return null;
  const close = matchingParen(text, open);
  const body = text.slice(open, close);
  // Find `expression =` at the call's top level, outside strings and comments.
  let depth = 0;
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (c === '#') {
      while (i < body.length && body[i] !== '\n') i++;
    } else if (c === '"' || c === "'") {
      const q = body.startsWith(c.repeat(3), i) ? c.repeat(3) : c;
      i += q.length;
      while (i < body.length && !body.startsWith(q, i)) i += body[i] === '\\' ? 2 : 1;
      i += q.length - 1;
    } else if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') depth--;
    else if (depth === 1 && /^expression\s*=(?!=)/.test(body.slice(i)) && !/[\w.]/.test(body[i - 1] ?? '')) {
      const m = /^expression\s*=\s*/.exec(body.slice(i))!;
      const vs = i + m[0].length;
      const lit = /^(?:"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*')/.exec(body.slice(vs));
      if (!lit) return null;
      const after = body.slice(vs + lit[0].length);
      if (!/^\s*(?:,|\)|$|#)/.test(after)) return null;
      const from = open + vs;
      return text.slice(0, from) + starlarkString(expression) + text.slice(from + lit[0].length);
    }
  }
  return null;
}
