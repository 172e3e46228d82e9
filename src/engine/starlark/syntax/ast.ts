// The Starlark syntax tree: one interface per node, named as in starlark-go, each with its UTF-16 span.
//
// Nodes are plain objects discriminated by `kind`. The resolver annotates them in place: every Ident gets its
// `binding`, every DefStmt/LambdaExpr its `fn` (the resolved function), and the FileNode its `toplevel`. Those
// annotations' types are declared here, at the end, with the tree they annotate (Bazel keeps Resolver.Binding and
// Resolver.Function in its syntax package too): they refer to nodes, and nodes refer to them.

import type { Comment } from './scanner.ts';

export interface NodeBase {
  /** Offset of the node's first character. */
  start: number;
  /** Offset just past the node's last character. */
  end: number;
}

// ---- expressions ----

export interface Ident extends NodeBase {
  kind: 'Ident';
  name: string;
  /** Set by the resolver. */
  binding?: Binding;
}

export interface Literal extends NodeBase {
  kind: 'Literal';
  token: 'INT' | 'FLOAT' | 'STRING';
  /** number or bigint for INT (bigint only outside the safe range), number for FLOAT, string for STRING. */
  value: number | bigint | string;
}

export type BinaryOp =
  | 'or' | 'and' | '==' | '!=' | '<' | '<=' | '>' | '>=' | 'in' | 'not in'
  | '|' | '^' | '&' | '<<' | '>>' | '-' | '+' | '*' | '/' | '//' | '%';

export interface BinaryExpr extends NodeBase {
  kind: 'BinaryExpr';
  op: BinaryOp;
  opPos: number;
  x: Expr;
  y: Expr;
}

export interface UnaryExpr extends NodeBase {
  kind: 'UnaryExpr';
  op: '-' | '+' | '~' | 'not';
  x: Expr;
}

export interface CondExpr extends NodeBase {
  kind: 'CondExpr';
  cond: Expr;
  then: Expr;
  else: Expr;
}

export interface Argument extends NodeBase {
  kind: 'Argument';
  /** f(x) | f(name=x) | f(*x) | f(**x) */
  form: 'positional' | 'keyword' | 'star' | 'starstar';
  /** The keyword, for form 'keyword'. */
  name?: Ident;
  value: Expr;
}

export interface CallExpr extends NodeBase {
  kind: 'CallExpr';
  fn: Expr;
  lparen: number;
  args: Argument[];
}

export interface DotExpr extends NodeBase {
  kind: 'DotExpr';
  x: Expr;
  dot: number;
  name: Ident;
}

export interface IndexExpr extends NodeBase {
  kind: 'IndexExpr';
  x: Expr;
  lbrack: number;
  index: Expr;
}

export interface SliceExpr extends NodeBase {
  kind: 'SliceExpr';
  x: Expr;
  lbrack: number;
  lo?: Expr;
  hi?: Expr;
  step?: Expr;
}

export interface ListExpr extends NodeBase {
  kind: 'ListExpr';
  elems: Expr[];
}

/** A tuple, parenthesized or not (`a, b = …`, `for k, v in …`). */
export interface TupleExpr extends NodeBase {
  kind: 'TupleExpr';
  elems: Expr[];
  parenthesized: boolean;
}

export interface DictEntry extends NodeBase {
  kind: 'DictEntry';
  key: Expr;
  colon: number;
  value: Expr;
}

export interface DictExpr extends NodeBase {
  kind: 'DictExpr';
  entries: DictEntry[];
}

export interface ForClause extends NodeBase {
  kind: 'ForClause';
  vars: Expr;
  iterable: Expr;
}

export interface IfClause extends NodeBase {
  kind: 'IfClause';
  cond: Expr;
}

export interface Comprehension extends NodeBase {
  kind: 'Comprehension';
  /** true for {k: v for …}; then `body` is a DictEntry. */
  curly: boolean;
  body: Expr | DictEntry;
  /** The first clause is always a ForClause. */
  clauses: (ForClause | IfClause)[];
}

export interface Param extends NodeBase {
  kind: 'Param';
  /** x | x=default | * or *args | **kwargs */
  form: 'mandatory' | 'optional' | 'star' | 'starstar';
  /** Absent only for a bare `*`. */
  name?: Ident;
  default?: Expr;
}

export interface LambdaExpr extends NodeBase {
  kind: 'LambdaExpr';
  params: Param[];
  body: Expr;
  /** Set by the resolver. */
  fn?: ResolvedFunction;
}

/** What the parser leaves where it could not read an expression; evaluating one is a bug. */
export interface BadExpr extends NodeBase {
  kind: 'BadExpr';
}

export type Expr =
  | Ident
  | Literal
  | BinaryExpr
  | UnaryExpr
  | CondExpr
  | CallExpr
  | DotExpr
  | IndexExpr
  | SliceExpr
  | ListExpr
  | TupleExpr
  | DictExpr
  | Comprehension
  | LambdaExpr
  | BadExpr;

// ---- statements ----

export type AssignOp = '=' | '+=' | '-=' | '*=' | '/=' | '//=' | '%=' | '&=' | '|=' | '^=' | '<<=' | '>>=';

export interface AssignStmt extends NodeBase {
  kind: 'AssignStmt';
  op: AssignOp;
  opPos: number;
  lhs: Expr;
  rhs: Expr;
}

export interface ExprStmt extends NodeBase {
  kind: 'ExprStmt';
  x: Expr;
}

export interface IfStmt extends NodeBase {
  kind: 'IfStmt';
  /** 'elif' for the IfStmt that an elif clause produces (it is the sole statement of its parent's else). */
  token: 'if' | 'elif';
  cond: Expr;
  then: Stmt[];
  else: Stmt[];
}

export interface ForStmt extends NodeBase {
  kind: 'ForStmt';
  vars: Expr;
  iterable: Expr;
  body: Stmt[];
}

export interface DefStmt extends NodeBase {
  kind: 'DefStmt';
  name: Ident;
  params: Param[];
  body: Stmt[];
  /** Set by the resolver. */
  fn?: ResolvedFunction;
}

export interface ReturnStmt extends NodeBase {
  kind: 'ReturnStmt';
  result?: Expr;
}

export interface BranchStmt extends NodeBase {
  kind: 'BranchStmt';
  token: 'break' | 'continue' | 'pass';
}

export interface LoadBinding {
  /** The name bound in this file. */
  local: Ident;
  /** The name exported by the loaded module (same text as `local` for `load("m", "x")`). */
  orig: Ident;
}

export interface LoadStmt extends NodeBase {
  kind: 'LoadStmt';
  module: Literal;
  bindings: LoadBinding[];
}

export type Stmt = AssignStmt | ExprStmt | IfStmt | ForStmt | DefStmt | ReturnStmt | BranchStmt | LoadStmt;

export interface FileNode extends NodeBase {
  kind: 'File';
  path: string;
  stmts: Stmt[];
  /** Every `#` comment in the file, in order. */
  comments: Comment[];
  /** Set by the resolver: the implicit function holding the top-level statements. */
  toplevel?: ResolvedFunction;
}

export type Node = Expr | Stmt | FileNode | Argument | Param | DictEntry | ForClause | IfClause;

// ---- resolver annotations: a Binding per identifier, a ResolvedFunction per def/lambda/file ----

/**
 * Where a variable lives. 'local' is a slot in the current frame; 'cell' is a local shared with a nested
 * function (its slot holds a Cell); 'free' is a cell of an enclosing function, carried by the closure;
 * 'global' is a slot of the module; 'predeclared' and 'universal' are looked up by name in the
 * application's environment and in the builtins.
 */
export type Scope = 'local' | 'cell' | 'free' | 'global' | 'predeclared' | 'universal';

export interface Binding {
  /** Mutable: a 'local' becomes a 'cell' when a nested function turns out to use it. */
  scope: Scope;
  /** The slot: in the frame (local, cell), in the closure's free variables (free), in the module (global). */
  readonly index: number;
  readonly name: string;
  /** The first binding occurrence, or for predeclared/universal names the first use. */
  readonly first: Ident;
}

/** A function as the resolver sees it: its parameters in run-time order and the layout of its frame. */
export interface ResolvedFunction {
  /** The def's name, 'lambda', or '<toplevel>' for a file's top-level statements. */
  readonly name: string;
  /** Offset of the function's name (of `lambda`; 0 for a file): the location Bazel gives a function. */
  readonly pos: number;
  /** Ordinary parameters, keyword-only parameters, *args, **kwargs; a bare `*` is dropped. */
  readonly params: readonly Param[];
  readonly paramNames: readonly string[];
  /** For a lambda, a synthesized return of its body. */
  readonly body: readonly Stmt[];
  readonly hasVarargs: boolean;
  readonly hasKwargs: boolean;
  readonly numKeywordOnly: number;
  /** Every local of the frame, parameters first; comprehension variables included. */
  readonly locals: readonly Binding[];
  /** Indices in `locals` of the bindings that are cells. Complete only once the whole file is resolved. */
  cellIndices: number[];
  /** The enclosing cell/free bindings whose cells the closure captures, in FREE index order. */
  readonly freevars: readonly Binding[];
  /** The file's global names, in slot order (shared by every function of the file). */
  readonly globals: readonly string[];
  readonly doc?: string;
}

/** The identifiers that an assignment to `lhs` binds, left to right (Bazel's Identifier.boundIdentifiers). */
export function boundIdents(lhs: Expr, out: Ident[] = []): Ident[] {
  switch (lhs.kind) {
    case 'Ident':
      out.push(lhs);
      break;
    case 'ListExpr':
    case 'TupleExpr':
      for (const e of lhs.elems) boundIdents(e, out);
      break;
    default:
      break;
  }
  return out;
}

/** The docstring of a function body or file: its first statement when that is a string literal. */
export function docString(body: readonly Stmt[]): string | undefined {
  const first = body[0];
  if (first?.kind === 'ExprStmt' && first.x.kind === 'Literal' && first.x.token === 'STRING') {
    return first.x.value as string;
  }
  return undefined;
}
