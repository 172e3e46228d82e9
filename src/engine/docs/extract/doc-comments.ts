// `#:` doc comments (Bazel 9's DocComments): which global each documents, and which are unused.
//
// Bazel's lexer turns a `#:` comment into a doc-comment token when it is outside brackets: a *block* when only
// whitespace precedes it on its line (consecutive such lines, with nothing between them, form one block), a
// *trailing* doc comment otherwise. The parser attaches the most recent block to the next assignment when the
// block ends on the line just before the assignment's left-hand side, and a trailing doc comment directly after
// an assignment's right-hand side overrides the block (which then counts as unused). The resolver keeps the
// attachments of assignments to global variables only (Program.getDocCommentsMap); every `#:` comment not in
// one of them is unused (Program.getUnusedDocCommentLines), wherever it is.
//
// We compute the same from the parsed file's comment list and top-level statements, without a lexer of our own:
// a comment inside brackets can never sit on the line before an assignment nor right after its right-hand side,
// so the bracket rule needs no separate check.

import type { SourceFile } from '../../base/index.ts';
import { boundIdents, type Comment, type FileNode, type Stmt } from '../../starlark/index.ts';

export interface DocCommentBlock {
  readonly lines: readonly Comment[];
  /** 1-based line of the first comment. */
  readonly startLine: number;
  /** The text: each line without its `#: ` (or `#:`) prefix, joined with \n. */
  readonly text: string;
}

export interface DocComments {
  /** Global variable name → its doc comment. */
  readonly byGlobal: ReadonlyMap<string, DocCommentBlock>;
  /** 1-based lines of the `#:` comments attached to no global, in file order. */
  readonly unusedLines: readonly number[];
}

function commentText(c: Comment): string {
  return c.text.startsWith('#: ') ? c.text.slice(3) : c.text.slice(2);
}

function block(lines: Comment[], source: SourceFile): DocCommentBlock {
  return { lines, startLine: source.lines.position(lines[0]!.start).line, text: lines.map(commentText).join('\n') };
}

interface Simple {
  readonly stmt: Stmt;
  /** Binds globals: at top level or in a top-level if/for body (not in a def). */
  readonly global: boolean;
}

/** Every simple statement (not def/if/for), in source order, and whether its assignments bind globals. */
function simpleStatements(stmts: readonly Stmt[], global: boolean, out: Simple[] = []): Simple[] {
  for (const s of stmts) {
    if (s.kind === 'IfStmt') {
      simpleStatements(s.then, global, out);
      simpleStatements(s.else, global, out);
    } else if (s.kind === 'ForStmt') simpleStatements(s.body, global, out);
    else if (s.kind === 'DefStmt') simpleStatements(s.body, false, out);
    else out.push({ stmt: s, global });
  }
  return out;
}

export function docCommentsOf(file: FileNode, source: SourceFile): DocComments {
  const text = source.text;
  const lineOf = (offset: number) => source.lines.position(offset).line;
  const docs = file.comments.filter((c) => c.text.startsWith('#:'));
  const wholeLine = (c: Comment) => {
    const bol = text.lastIndexOf('\n', c.start - 1) + 1;
    return text.slice(bol, c.start).trim() === '';
  };

  // Blocks: runs of whole-line `#:` comments on consecutive lines.
  const blocks: { lines: Comment[]; endLine: number }[] = [];
  const trailing: Comment[] = [];
  for (const c of docs) {
    if (!wholeLine(c)) {
      trailing.push(c);
      continue;
    }
    const line = lineOf(c.start);
    const last = blocks[blocks.length - 1];
    if (last && last.endLine + 1 === line && onlyWhitespaceBetween(text, last.lines[last.lines.length - 1]!.end, c.start)) {
      last.lines.push(c);
      last.endLine = line;
    } else blocks.push({ lines: [c], endLine: line });
  }

  const byGlobal = new Map<string, DocCommentBlock>();
  const used = new Set<Comment>();
  const simple = simpleStatements(file.stmts, true);
  // The parser keeps the last block for the next simple statement, which takes it if it starts on the line
  // after the block's end (only an assignment uses it).
  const blockOf = new Map<Stmt, Comment[]>();
  for (const b of blocks) {
    const next = simple.find((x) => lineOf(x.stmt.start) === b.endLine + 1);
    if (next) blockOf.set(next.stmt, b.lines);
  }
  for (const { stmt: s, global } of simple) {
    if (s.kind !== 'AssignStmt') continue;
    const endLine = lineOf(Math.max(s.start, s.end - 1));
    const t = trailing.find((c) => lineOf(c.start) === endLine && c.start >= s.end && onlyWhitespaceBetween(text, s.end, c.start));
    const attached = t ? [t] : blockOf.get(s);
    if (!attached || !global) continue;
    const idents = boundIdents(s.lhs);
    if (idents.length === 0) continue;
    const doc = block(attached, source);
    for (const id of idents) byGlobal.set(id.name, doc);
    for (const c of attached) used.add(c);
  }
  // A block followed on the next line by a statement that is not a global assignment is consumed by nothing.
  const unusedLines = docs.filter((c) => !used.has(c)).map((c) => lineOf(c.start));
  return { byGlobal, unusedLines };
}

function onlyWhitespaceBetween(text: string, a: number, b: number): boolean {
  return /^[ \t\r\n\\]*$/.test(text.slice(a, b));
}
