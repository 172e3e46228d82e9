// Where in a BUILD file something about a rule is written, for editor markers and related locations: the rule
// call itself, one attribute, one string in it (a label as written: `":x"` for `//pkg:x`), or a select() in it.
//
// Targets keep only the call site of the BUILD file's outermost call (the `(` of `genrule(` or of the macro that
// made the rule), so the places are found again by re-parsing that file and matching the call by its `(`. A value
// that a macro or a variable computed has no literal in the call: the attribute's keyword (or the call) is the
// closest place then. Lookups happen only when a diagnostic is made, so none of this costs anything otherwise.

import { type Range } from '../base/index.ts';
import { parse, walk, type CallExpr, type Expr, type FileNode } from '../starlark/index.ts';
import { LabelSyntaxError, labelToString, parseLabelInPackage } from './label.ts';
import type { RuleTarget } from './packages.ts';
import type { Workspace } from './workspace.ts';

/** A place in a workspace file. */
export interface Place {
  readonly file: string;
  readonly range: Range;
}

const trees = new WeakMap<object, FileNode>();

function treeOf(workspace: Workspace, path: string): { tree: FileNode; offsetOf: (line: number, column: number) => number; range: (s: number, e: number) => Range } | undefined {
  const source = workspace.source(path);
  if (!source) return undefined;
  let tree = trees.get(source);
  if (!tree) {
    tree = parse(source, { dialect: 'build', semantics: workspace.profile.starlark }).file;
    trees.set(source, tree);
  }
  return {
    tree,
    offsetOf: (line, column) => source.lines.offset({ line, column }),
    range: (s, e) => ({ start: source.lines.position(s), end: source.lines.position(e) }),
  };
}

function callAt(tree: FileNode, lparen: number): CallExpr | undefined {
  let found: CallExpr | undefined;
  walk(tree, (n) => {
    if (found) return false;
    if (n.end < lparen || n.start > lparen) return false;
    if (n.kind === 'CallExpr' && n.lparen === lparen) found = n;
    return undefined;
  });
  return found;
}

/** The first node under `root` (itself included) that `pick` accepts, in source order. */
function find<T>(root: Expr, pick: (e: Expr) => T | undefined): T | undefined {
  let out: T | undefined;
  walk(root, (n) => {
    if (out !== undefined) return false;
    const r = pick(n as Expr);
    if (r !== undefined) out = r;
    return undefined;
  });
  return out;
}

export interface LocateRequest {
  /** The attribute; absent: the rule call. */
  readonly attr?: string;
  /** A string in the attribute (a label is matched by what it resolves to in the rule's package). */
  readonly value?: string;
  /** The select() call in the attribute. */
  readonly select?: boolean;
  /** A key of a select() in the attribute (a condition label, matched as `value` is). */
  readonly selectKey?: string;
}

/**
 * Where `what` is written for this rule: the closest place found (the string, the select(), the attribute's
 * keyword argument, the callee of the rule call); undefined when the rule has no BUILD-file call site.
 */
export function locateInRule(workspace: Workspace, rule: RuleTarget, what: LocateRequest = {}): Place | undefined {
  const site = rule.callStack[0] ?? rule.location;
  if (!site.file) return undefined;
  const t = treeOf(workspace, site.file);
  const fallback: Place = { file: site.file, range: { start: { line: site.line, column: site.column }, end: { line: site.line, column: site.column + 1 } } };
  if (!t) return fallback;
  const call = callAt(t.tree, t.offsetOf(site.line, site.column));
  if (!call) return fallback;
  const place = (s: number, e: number): Place => ({ file: site.file, range: t.range(s, e) });
  const callee = place(call.fn.start, call.fn.end);
  if (!what.attr) return callee;
  const arg = call.args.find((a) => a.form === 'keyword' && a.name?.name === what.attr);
  if (!arg) return callee;
  const sameLabel = (text: string, want: string): boolean => {
    if (text === want) return true;
    try {
      const ctx = { repo: rule.label.repo, pkg: rule.label.pkg };
      return labelToString(parseLabelInPackage(text, ctx, workspace.profile.labels)) === labelToString(parseLabelInPackage(want, ctx, workspace.profile.labels));
    } catch (e) {
      if (e instanceof LabelSyntaxError) return false;
      throw e;
    }
  };
  if (what.selectKey !== undefined) {
    const key = what.selectKey;
    const hit = find(arg.value, (e) => {
      if (e.kind !== 'DictExpr') return undefined;
      const entry = e.entries.find((d) => d.key.kind === 'Literal' && typeof d.key.value === 'string' && sameLabel(d.key.value, key));
      return entry ? place(entry.key.start, entry.key.end) : undefined;
    });
    if (hit) return hit;
  }
  if (what.select) {
    const hit = find(arg.value, (e) => (e.kind === 'CallExpr' && e.fn.kind === 'Ident' && e.fn.name === 'select' ? place(e.start, e.end) : undefined));
    if (hit) return hit;
  }
  if (what.value !== undefined) {
    const want = what.value;
    const hit = find(arg.value, (e) => (e.kind === 'Literal' && typeof e.value === 'string' && sameLabel(e.value, want) ? place(e.start, e.end) : undefined));
    if (hit) return hit;
  }
  return place(arg.start, arg.end);
}
