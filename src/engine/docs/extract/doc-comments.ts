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

/** The top-level assignments (also those in top-level if/for bodies, which bind globals too). */
function globalAssignments(stmts: readonly Stmt[], out: Stmt[] = []): Stmt[] {
  for (const s of stmts) {
    if (s.kind === 'AssignStmt') out.push(s);
    else if (s.kind === 'IfStmt') {
      globalAssignments(s.then, out);
      globalAssignments(s.else, out);
    } else if (s.kind === 'ForStmt') globalAssignments(s.body, out);
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
  const takenBlocks = new Set<unknown>();
  for (const s of globalAssignments(file.stmts)) {
    if (s.kind !== 'AssignStmt') continue;
    let attached: Comment[] | undefined;
    const endLine = lineOf(Math.max(s.start, s.end - 1));
    const t = trailing.find((c) => lineOf(c.start) === endLine && c.start >= s.end && onlyWhitespaceBetween(text, s.end, c.start));
    if (t) attached = [t];
    else {
      const lhsLine = lineOf(s.lhs.start);
      const b = blocks.find((x) => x.endLine + 1 === lhsLine);
      if (b && !takenBlocks.has(b)) {
        takenBlocks.add(b);
        attached = b.lines;
      }
    }
    if (!attached) continue;
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
