// The Starlark parser: tokens to a syntax tree, recovering from errors so that one pass reports them all.
//
// A recursive-descent parser with one token of lookahead, shaped like Bazel's Parser so that it fails where
// Bazel fails and says what Bazel says. The grammar, highest level first:
//
//   file        = (NEWLINE | stmt)* EOF
//   stmt        = def_stmt | if_stmt | for_stmt | simple_stmt
//   def_stmt    = 'def' IDENT '(' params ')' ':' suite
//   if_stmt     = 'if' test ':' suite ('elif' test ':' suite)* ['else' ':' suite]
//   for_stmt    = 'for' loop_vars 'in' expr ':' suite
//   suite       = simple_stmt | NEWLINE INDENT stmt+ OUTDENT
//   simple_stmt = small_stmt (';' small_stmt)* [';'] NEWLINE
//   small_stmt  = 'return' [expr] | 'break' | 'continue' | 'pass' | load_stmt | expr [('=' | augop) expr]
//   load_stmt   = 'load' '(' STRING (',' (STRING | IDENT '=' STRING))+ [','] ')'
//   expr        = test (',' test)*                      -- an unparenthesized tuple takes no trailing comma
//   test        = lambda | binop ['if' binop 'else' test]
//   binop       = precedence climbing over:  or < and < not < (== != < > <= >= in, not in) < | < ^ < & <
//                 (<< >>) < (+ -) < (* / // %); comparisons do not associate (a < b < c is an error)
//   primary     = INT | FLOAT | STRING | IDENT | list | dict | '(' … ')' | ('-' | '+' | '~') primary_suffix
//   primary_suffix = primary ('.' IDENT | '[' slice ']' | '(' args ')')*
//
// Error recovery is Bazel's: the first error puts the parser in recovery mode, which silences further
// complaints until the next statement boundary (NEWLINE); expression-level errors skip to a plausible
// terminator and leave a BadExpr in the tree. Errors that do not derail parsing (a non-associative
// comparison, implicit string concatenation, a forbidden keyword) are reported without entering recovery.
// The dialect switches of the semantics (no lambda, no nested def) are enforced here because Bazel 4.2.3
// reports them as syntax errors.

import type { StarlarkSemantics } from '../../base/index.ts';
import type {
  Argument,
  AssignOp,
  BinaryOp,
  DefStmt,
  DictEntry,
  Expr,
  FileNode,
  ForClause,
  ForStmt,
  Ident,
  IfClause,
  IfStmt,
  LambdaExpr,
  Literal,
  LoadBinding,
  LoadStmt,
  Param,
  ReturnStmt,
  Stmt,
} from './ast.ts';
import { Scanner, type ScanError } from './scanner.ts';
import { kindName, tokenText, type Token, type TokenKind } from './tokens.ts';

export interface ParseOptions {
  readonly semantics?: Pick<StarlarkSemantics, 'allowLambda' | 'allowNestedDef'>;
}

export interface ParseResult {
  readonly file: FileNode;
  /** Scanner and parser errors, in the order found. */
  readonly errors: ScanError[];
  /**
   * Whether the tree may hold what the BUILD dialect forbids (a def, lambda, for, if, or a *args/**kwargs
   * argument); when false, the dialect check has nothing to find and need not walk the tree.
   */
  readonly restricted: boolean;
}

const STATEMENT_TERMINATORS: ReadonlySet<TokenKind> = new Set(['EOF', 'NEWLINE', ';']);
const LIST_TERMINATORS: ReadonlySet<TokenKind> = new Set(['EOF', ']', ';']);
const DICT_TERMINATORS: ReadonlySet<TokenKind> = new Set(['EOF', '}', ';']);
const EXPR_LIST_TERMINATORS: ReadonlySet<TokenKind> = new Set(['EOF', 'NEWLINE', '=', '}', ']', ')', ';']);
const EXPR_TERMINATORS: ReadonlySet<TokenKind> = new Set([':', ',', 'EOF', 'for', '-', '%', '+', ']', ')', '/']);

const AUGMENTED: ReadonlySet<TokenKind> = new Set(['+=', '-=', '*=', '/=', '//=', '%=', '&=', '|=', '^=', '<<=', '>>=']);

// Binary operator precedence levels, lowest first. Level 2 is the prefix `not`.
const PRECEDENCE: readonly ReadonlySet<TokenKind>[] = [
  new Set(['or']),
  new Set(['and']),
  new Set(['not']),
  new Set(['==', '!=', '<', '<=', '>', '>=', 'in', 'not in']),
  new Set(['|']),
  new Set(['^']),
  new Set(['&']),
  new Set(['<<', '>>']),
  new Set(['-', '+']),
  new Set(['*', '/', '//', '%']),
];
const NOT_LEVEL = 2;
const COMPARISON_LEVEL = 3;
/** The level of each binary operator (the prefix `not` excluded). */
const BINARY_PRECEDENCE: ReadonlyMap<TokenKind, number> = new Map(
  PRECEDENCE.flatMap((ops, level) => (level === NOT_LEVEL ? [] : [...ops].map((op) => [op, level] as const))),
);

const FORBIDDEN: Readonly<Partial<Record<TokenKind, string>>> = {
  assert: "'assert' not supported, use 'fail' instead",
  del: "'del' not supported, use '.pop()' to delete an item from a dictionary or a list",
  import: "'import' not supported, use 'load' instead",
  is: "'is' not supported, use '==' instead",
  raise: "'raise' not supported, use 'fail' instead",
  try: "'try' not supported, all exceptions are fatal",
  while: "'while' not supported, use 'for' instead",
  as: "keyword 'as' not supported",
  class: "keyword 'class' not supported",
  except: "keyword 'except' not supported",
  finally: "keyword 'finally' not supported",
  from: "keyword 'from' not supported",
  global: "keyword 'global' not supported",
  nonlocal: "keyword 'nonlocal' not supported",
  with: "keyword 'with' not supported",
  yield: "keyword 'yield' not supported",
};

/** Parses a whole file. Never throws on user input: the tree is partial where `errors` says so. */
export function parseFile(path: string, text: string, options: ParseOptions = {}): ParseResult {
  const p = new Parser(text, options);
  let stmts: Stmt[] = [];
  try {
    stmts = p.parseFileInput();
  } catch (e) {
    if (!(e instanceof RangeError)) throw e;
    // Deeply nested input exhausted the JavaScript stack: an error of the input's, not a crash.
    p.errors.push({ start: p.tok.start, end: p.tok.end, message: 'expression is too deeply nested' });
  }
  const file: FileNode = { kind: 'File', path, stmts, comments: p.scanner.comments, start: 0, end: text.length };
  const errors = [...p.scanner.errors, ...p.errors].sort((a, b) => a.start - b.start);
  return { file, errors, restricted: p.restricted };
}

/**
 * Parses a lone expression, as Bazel's Expression.parse does (for flags that take Starlark code, such as cquery's
 * --starlark:expr): the expression, then only newlines up to the end. `expr` is undefined when nothing parsed.
 */
export function parseExpression(text: string, options: ParseOptions = {}): { expr: Expr | undefined; errors: ScanError[] } {
  const p = new Parser(text, options);
  let expr: Expr | undefined;
  try {
    expr = p.parseExpressionInput();
  } catch (e) {
    if (!(e instanceof RangeError)) throw e;
    p.errors.push({ start: p.tok.start, end: p.tok.end, message: 'expression is too deeply nested' });
  }
  const errors = [...p.scanner.errors, ...p.errors].sort((a, b) => a.start - b.start);
  return { expr: errors.length === 0 ? expr : undefined, errors };
}

class Parser {
  readonly scanner: Scanner;
  readonly errors: ScanError[] = [];
  tok: Token;
  /** End offset of the last consumed token: the end of the node being built. */
  private prevEnd = 0;
  private recovering = false;
  /** Set on parsing a def, lambda, for, if or *args/**kwargs argument (see ParseResult.restricted). */
  restricted = false;
  private defDepth = 0;
  private readonly allowLambda: boolean;
  private readonly allowNestedDef: boolean;

  constructor(
    private readonly text: string,
    options: ParseOptions,
  ) {
    this.scanner = new Scanner(text);
    this.allowLambda = options.semantics?.allowLambda ?? true;
    this.allowNestedDef = options.semantics?.allowNestedDef ?? true;
    this.tok = this.scanner.next();
    this.checkForbidden();
  }

  // ---- token plumbing ----

  /** The current token's kind (a call, so that TypeScript does not narrow it across `next()`). */
  private kind(): TokenKind {
    return this.tok.kind;
  }

  /** Consumes the current token and returns its start offset. */
  private next(): number {
    const start = this.tok.start;
    if (this.kind() !== 'EOF') {
      this.prevEnd = this.tok.end;
      this.tok = this.scanner.next();
    }
    this.checkForbidden();
    return start;
  }

  private checkForbidden(): void {
    const kind = this.kind();
    const message = kind === 'lambda' && !this.allowLambda ? "'lambda' not supported, declare a function instead" : FORBIDDEN[kind];
    if (message) this.report(this.tok.start, this.tok.end, message);
  }

  private report(start: number, end: number, message: string): void {
    this.errors.push({ start, end, message });
  }

  /** Reports a syntax error at the current token, unless already recovering from one. */
  private syntaxError(message: string): void {
    if (this.recovering) return;
    const t = this.tok;
    if (t.kind === 'INDENT') this.report(t.start, t.end, 'indentation error');
    else this.report(t.start, t.end, `syntax error at '${tokenText(t)}': ${message}`);
    this.recovering = true;
  }

  private expect(kind: TokenKind): number {
    if (this.kind() !== kind) this.syntaxError(`expected ${kindName(kind)}`);
    return this.next();
  }

  /** Like expect, but a match ends recovery mode. */
  private expectAndRecover(kind: TokenKind): number {
    if (this.kind() !== kind) this.syntaxError(`expected ${kindName(kind)}`);
    else this.recovering = false;
    return this.next();
  }

  /** Skips the current token and then up to (not including) a terminator; returns the end of what was skipped. */
  /**
   * Skips to a terminator. Returns what Bazel's Parser.syncTo returns: one token behind the last skipped (the
   * problem token's end when it alone is skipped, else the end of the token before the last), which makes the
   * text of the error expression the resolver names ("name 'while' is not defined", else "contains syntax errors").
   */
  private syncTo(terminators: ReadonlySet<TokenKind>): number {
    let previous = this.tok.end;
    this.next();
    let current = previous;
    while (!terminators.has(this.kind())) {
      this.next();
      previous = current;
      current = this.tok.end;
    }
    return previous;
  }

  /** Skips up to and including a terminator; returns the terminator's end. */
  private syncPast(terminators: ReadonlySet<TokenKind>): number {
    while (!terminators.has(this.kind())) this.next();
    const end = this.tok.end;
    this.next();
    return end;
  }

  private bad(start: number, end: number): Expr {
    return { kind: 'BadExpr', start, end: Math.max(start, end) };
  }

  // ---- statements ----

  /** expr NEWLINE* EOF */
  parseExpressionInput(): Expr {
    const e = this.parseExpr();
    while (this.kind() === 'NEWLINE') this.next();
    this.expect('EOF');
    return e;
  }

  parseFileInput(): Stmt[] {
    const list: Stmt[] = [];
    while (this.kind() !== 'EOF') {
      if (this.kind() === 'NEWLINE') {
        this.expectAndRecover('NEWLINE');
      } else if (this.recovering) {
        this.syncTo(STATEMENT_TERMINATORS);
        this.recovering = false;
      } else {
        const before = this.tok;
        this.parseStatement(list);
        if (this.tok === before) this.next(); // guarantee progress
      }
    }
    return list;
  }

  private parseStatement(list: Stmt[]): void {
    switch (this.kind()) {
      case 'def':
        list.push(this.parseDefStatement());
        break;
      case 'if':
        list.push(this.parseIfStatement());
        break;
      case 'for':
        list.push(this.parseForStatement());
        break;
      default:
        this.parseSimpleStatement(list);
    }
  }

  private parseSimpleStatement(list: Stmt[]): void {
    list.push(this.parseSmallStatement());
    while (this.kind() === ';') {
      this.next();
      if (this.kind() === 'NEWLINE') break;
      list.push(this.parseSmallStatement());
    }
    this.expectAndRecover('NEWLINE');
  }

  private parseSmallStatement(): Stmt {
    const start = this.tok.start;
    const kind = this.kind();
    if (kind === 'return') return this.parseReturnStatement();
    if (kind === 'break' || kind === 'continue' || kind === 'pass') {
      this.next();
      return { kind: 'BranchStmt', token: kind, start, end: this.prevEnd };
    }
    if (kind === 'load') return this.parseLoadStatement();

    const lhs = this.parseExpr();
    const op = this.kind();
    if (op === '=' || AUGMENTED.has(op)) {
      const opPos = this.next();
      const rhs = this.parseExpr();
      return { kind: 'AssignStmt', op: op as AssignOp, opPos, lhs, rhs, start, end: this.prevEnd };
    }
    return { kind: 'ExprStmt', x: lhs, start, end: this.prevEnd };
  }

  private parseReturnStatement(): ReturnStmt {
    const start = this.expect('return');
    const result = STATEMENT_TERMINATORS.has(this.kind()) ? undefined : this.parseExpr();
    return { kind: 'ReturnStmt', result, start, end: this.prevEnd };
  }

  private parseIfStatement(): IfStmt {
    const start = this.expect('if');
    const cond = this.parseTest();
    this.expect(':');
    const then = this.parseSuite();
    this.restricted = true;
    const head: IfStmt = { kind: 'IfStmt', token: 'if', cond, then, else: [], start, end: this.prevEnd };
    let tail = head;
    while (this.kind() === 'elif') {
      const elifStart = this.expect('elif');
      const c = this.parseTest();
      this.expect(':');
      const body = this.parseSuite();
      const elif: IfStmt = { kind: 'IfStmt', token: 'elif', cond: c, then: body, else: [], start: elifStart, end: this.prevEnd };
      tail.else = [elif];
      tail = elif;
    }
    if (this.kind() === 'else') {
      this.expect('else');
      this.expect(':');
      tail.else = this.parseSuite();
    }
    for (let s: IfStmt | undefined = head; s; s = s.else.length === 1 && s.else[0].kind === 'IfStmt' && s.else[0].token === 'elif' ? s.else[0] : undefined) {
      s.end = this.prevEnd;
    }
    return head;
  }

  private parseForStatement(): ForStmt {
    const start = this.expect('for');
    const vars = this.parseForLoopVariables();
    this.expect('in');
    const iterable = this.parseExpr();
    this.expect(':');
    const body = this.parseSuite();
    this.restricted = true;
    return { kind: 'ForStmt', vars, iterable, body, start, end: this.prevEnd };
  }

  private parseDefStatement(): DefStmt {
    const start = this.tok.start;
    if (this.defDepth > 0 && !this.allowNestedDef) {
      this.report(start, this.tok.end, 'nested functions are not allowed. Move the function to the top level.');
    }
    this.expect('def');
    const name = this.parseIdent();
    this.expect('(');
    const params = this.parseParameters();
    this.expect(')');
    this.expect(':');
    this.defDepth++;
    const body = this.parseSuite();
    this.defDepth--;
    this.restricted = true;
    return { kind: 'DefStmt', name, params, body, start, end: this.prevEnd };
  }

  private parseParameters(): Param[] {
    const list: Param[] = [];
    while (this.kind() !== ')' && this.kind() !== ':' && this.kind() !== 'EOF') {
      if (list.length > 0) {
        this.expect(',');
        if (this.kind() === ')') break;
      }
      const before = this.tok;
      list.push(this.parseParameter());
      if (this.tok === before) break;
    }
    return list;
  }

  private parseParameter(): Param {
    const start = this.tok.start;
    if (this.kind() === '**') {
      this.next();
      const name = this.parseIdent();
      return { kind: 'Param', form: 'starstar', name, start, end: this.prevEnd };
    }
    if (this.kind() === '*') {
      this.next();
      const name = this.kind() === 'IDENT' ? this.parseIdent() : undefined;
      return { kind: 'Param', form: 'star', name, start, end: this.prevEnd };
    }
    const name = this.parseIdent();
    if (this.kind() === '=') {
      this.next();
      const dflt = this.parseTest();
      return { kind: 'Param', form: 'optional', name, default: dflt, start, end: this.prevEnd };
    }
    return { kind: 'Param', form: 'mandatory', name, start, end: this.prevEnd };
  }

  private parseSuite(): Stmt[] {
    const list: Stmt[] = [];
    if (this.kind() !== 'NEWLINE') {
      this.parseSimpleStatement(list);
      return list;
    }
    this.expect('NEWLINE');
    if (this.kind() !== 'INDENT') {
      this.report(this.tok.start, this.tok.end, 'expected an indented block');
      return list;
    }
    this.expect('INDENT');
    while (this.kind() !== 'OUTDENT' && this.kind() !== 'EOF') {
      const before = this.tok;
      this.parseStatement(list);
      if (this.tok === before) this.next();
    }
    this.expectAndRecover('OUTDENT');
    return list;
  }

  private parseLoadStatement(): LoadStmt {
    const start = this.expect('load');
    this.expect('(');
    if (this.kind() !== 'STRING') {
      const module: Literal = { kind: 'Literal', token: 'STRING', value: '', start: this.tok.start, end: this.tok.end };
      this.expect('STRING');
      return { kind: 'LoadStmt', module, bindings: [], start, end: this.prevEnd };
    }
    const module = this.parseStringLiteral();
    const bindings: LoadBinding[] = [];
    if (this.kind() === ')') {
      this.syntaxError('expected at least one symbol to load');
      return { kind: 'LoadStmt', module, bindings, start, end: this.tok.end };
    }
    this.expect(',');
    this.parseLoadSymbol(bindings);
    while (this.kind() !== ')' && this.kind() !== 'EOF') {
      this.expect(',');
      if (this.kind() === ')') break;
      const before = this.tok;
      this.parseLoadSymbol(bindings);
      if (this.tok === before) break;
    }
    this.expect(')');
    return { kind: 'LoadStmt', module, bindings, start, end: this.prevEnd };
  }

  private parseLoadSymbol(bindings: LoadBinding[]): void {
    const t = this.tok;
    if (t.kind !== 'STRING' && t.kind !== 'IDENT') {
      this.syntaxError('expected either a literal string or an identifier');
      return;
    }
    const name = String(t.value);
    const nameStart = t.start + (t.kind === 'STRING' ? 1 : 0);
    const local: Ident = { kind: 'Ident', name, start: nameStart, end: nameStart + name.length };
    let orig = local;
    if (t.kind === 'IDENT') {
      this.expect('IDENT');
      this.expect('=');
      if (this.kind() !== 'STRING') {
        this.syntaxError('expected string');
        return;
      }
      const o = String(this.tok.value);
      orig = { kind: 'Ident', name: o, start: this.tok.start + 1, end: this.tok.start + 1 + o.length };
    } else {
      orig = { ...local };
    }
    this.next();
    bindings.push({ local, orig });
  }

  // ---- expressions ----

  /** Any expression, including an unparenthesized tuple. */
  private parseExpr(): Expr {
    const e = this.parseTest();
    if (this.kind() !== ',') return e;
    const elems = [e];
    this.parseExprList(elems, false);
    return { kind: 'TupleExpr', elems, parenthesized: false, start: e.start, end: this.prevEnd };
  }

  /** `(',' test)* [',']`, appending to `list`; the first element is already parsed. */
  private parseExprList(list: Expr[], trailingCommaAllowed: boolean): void {
    while (this.kind() === ',') {
      this.expect(',');
      if (EXPR_LIST_TERMINATORS.has(this.kind())) {
        if (!trailingCommaAllowed) {
          this.report(this.tok.start, this.tok.end, 'Trailing comma is allowed only in parenthesized tuples.');
        }
        break;
      }
      list.push(this.parseTest());
    }
  }

  /** Any expression except an unparenthesized tuple. */
  private parseTest(): Expr {
    const start = this.tok.start;
    if (this.kind() === 'lambda' && this.allowLambda) return this.parseLambda(true);
    const x = this.parseBinary(0);
    if (this.kind() !== 'if') return x;
    this.next();
    const cond = this.parseBinary(0);
    if (this.kind() === 'else') {
      this.next();
      const otherwise = this.parseTest();
      return { kind: 'CondExpr', cond, then: x, else: otherwise, start: x.start, end: this.prevEnd };
    }
    this.report(start, start + 1, 'missing else clause in conditional expression or semicolon before if');
    return x; // drop the `if` and its condition
  }

  /** A test without a trailing conditional: the body of a comprehension's `if` clause. */
  private parseTestNoCond(): Expr {
    if (this.kind() === 'lambda' && this.allowLambda) return this.parseLambda(false);
    return this.parseBinary(0);
  }

  private parseLambda(allowCond: boolean): LambdaExpr {
    const start = this.expect('lambda');
    const params = this.parseParameters();
    this.expect(':');
    const body = allowCond ? this.parseTest() : this.parseTestNoCond();
    this.restricted = true;
    return { kind: 'LambdaExpr', params, body, start, end: this.prevEnd };
  }

  /**
   * Precedence climbing over PRECEDENCE: the operand, then every binary operator of level >= minPrec (its right
   * operand parsed at the next level up). Builds the same tree as one recursive call per level would, without
   * descending through every level for every operand.
   */
  private parseBinary(minPrec: number): Expr {
    let x: Expr;
    if (minPrec <= NOT_LEVEL && this.kind() === 'not') {
      const start = this.next();
      const operand = this.parseBinary(NOT_LEVEL);
      x = { kind: 'UnaryExpr', op: 'not', x: operand, start, end: this.prevEnd };
    } else {
      x = this.parsePrimaryWithSuffix();
    }
    let lastOp: TokenKind | undefined; // the previous operator when it was a comparison
    for (;;) {
      if (this.kind() === 'not') {
        // `not` where an operator is due must begin `not in`.
        this.expect('not');
        if (this.kind() !== 'in') this.syntaxError("expected 'in'");
        this.tok.kind = 'not in'; // fuse `not` `in`
      }
      const op = this.kind();
      const prec = BINARY_PRECEDENCE.get(op);
      if (prec === undefined || prec < minPrec) return x;
      if (lastOp !== undefined && prec === COMPARISON_LEVEL) {
        this.report(this.tok.start, this.tok.end, `Operator '${lastOp}' is not associative with operator '${op}'. Use parens.`);
      }
      const opPos = this.next();
      const y = this.parseBinary(prec + 1);
      x = { kind: 'BinaryExpr', op: op as BinaryOp, opPos, x, y, start: x.start, end: this.prevEnd };
      lastOp = prec === COMPARISON_LEVEL ? op : undefined;
    }
  }

  private parsePrimaryWithSuffix(): Expr {
    let e = this.parsePrimary();
    for (;;) {
      switch (this.kind()) {
        case '.':
          e = this.parseSelectorSuffix(e);
          break;
        case '[':
          e = this.parseSliceSuffix(e);
          break;
        case '(':
          e = this.parseCallSuffix(e);
          break;
        default:
          return e;
      }
    }
  }

  private parsePrimary(): Expr {
    const t = this.tok;
    switch (t.kind) {
      case 'INT':
      case 'FLOAT':
        this.next();
        return { kind: 'Literal', token: t.kind, value: t.value as number | bigint, start: t.start, end: t.end };
      case 'STRING':
        return this.parseStringLiteral();
      case 'IDENT':
        return this.parseIdent();
      case '[':
        return this.parseListMaker();
      case '{':
        return this.parseDictExpression();
      case '(': {
        const start = this.next();
        if (this.kind() === ')') {
          this.next();
          return { kind: 'TupleExpr', elems: [], parenthesized: true, start, end: this.prevEnd };
        }
        const e = this.parseTest();
        if (this.kind() === ')') {
          this.next();
          return e;
        }
        if (this.kind() === ',') {
          const elems = [e];
          this.parseExprList(elems, true);
          this.expect(')');
          return { kind: 'TupleExpr', elems, parenthesized: true, start, end: this.prevEnd };
        }
        if (this.kind() === 'for') this.syntaxError('Starlark does not support Python-style generator expressions');
        this.expect(')');
        const end = this.syncTo(EXPR_TERMINATORS);
        return this.bad(start, end);
      }
      case '-': {
        const start = this.next();
        const x = this.parsePrimaryWithSuffix();
        // Fold the sign into a numeric literal, as Bazel does.
        if (x.kind === 'Literal' && x.token === 'INT') {
          return { kind: 'Literal', token: 'INT', value: negateInt(x.value as number | bigint), start, end: x.end };
        }
        if (x.kind === 'Literal' && x.token === 'FLOAT') {
          return { kind: 'Literal', token: 'FLOAT', value: -(x.value as number), start, end: x.end };
        }
        return { kind: 'UnaryExpr', op: '-', x, start, end: this.prevEnd };
      }
      case '+':
      case '~': {
        const start = this.next();
        const x = this.parsePrimaryWithSuffix();
        return { kind: 'UnaryExpr', op: t.kind, x, start, end: this.prevEnd };
      }
      default: {
        const start = t.start;
        this.syntaxError('expected expression');
        const end = this.syncTo(EXPR_TERMINATORS);
        return this.bad(start, end);
      }
    }
  }

  private parseIdent(): Ident {
    const t = this.tok;
    if (t.kind !== 'IDENT') {
      this.expect('IDENT');
      // An identifier that names nothing: the resolver skips names that are not identifiers.
      return { kind: 'Ident', name: this.text.slice(t.start, t.end) || '?', start: t.start, end: t.end };
    }
    this.next();
    return { kind: 'Ident', name: t.value as string, start: t.start, end: t.end };
  }

  private parseStringLiteral(): Literal {
    const t = this.tok;
    this.next();
    if (this.kind() === 'STRING') {
      this.report(this.tok.start, this.tok.end, 'Implicit string concatenation is forbidden, use the + operator');
    }
    return { kind: 'Literal', token: 'STRING', value: t.value as string, start: t.start, end: t.end };
  }

  private parseSelectorSuffix(e: Expr): Expr {
    const dot = this.expect('.');
    if (this.kind() === 'IDENT') {
      const name = this.parseIdent();
      return { kind: 'DotExpr', x: e, dot, name, start: e.start, end: this.prevEnd };
    }
    this.syntaxError('expected identifier after dot');
    this.syncTo(EXPR_TERMINATORS);
    return e;
  }

  private parseSliceSuffix(e: Expr): Expr {
    const lbrack = this.expect('[');
    let lo: Expr | undefined;
    if (this.kind() !== ':') {
      lo = this.parseExpr();
      if (this.kind() === ']') {
        this.next();
        return { kind: 'IndexExpr', x: e, lbrack, index: lo, start: e.start, end: this.prevEnd };
      }
    }
    this.expect(':');
    let hi: Expr | undefined;
    let step: Expr | undefined;
    if (this.kind() !== ':' && this.kind() !== ']') hi = this.parseTest();
    if (this.kind() === ':') {
      this.next();
      if (this.kind() !== ']') step = this.parseTest();
    }
    this.expect(']');
    return { kind: 'SliceExpr', x: e, lbrack, lo, hi, step, start: e.start, end: this.prevEnd };
  }

  private parseCallSuffix(fn: Expr): Expr {
    const lparen = this.expect('(');
    const args: Argument[] = [];
    while (this.kind() !== ')' && this.kind() !== 'EOF') {
      if (args.length > 0) {
        if (this.kind() === 'for') this.syntaxError('Starlark does not support Python-style generator expressions');
        this.expect(',');
        if (this.kind() === ')') break;
      }
      const before = this.tok;
      args.push(this.parseArgument());
      if (this.tok === before) break;
    }
    this.expect(')');
    return { kind: 'CallExpr', fn, lparen, args, start: fn.start, end: this.prevEnd };
  }

  private parseArgument(): Argument {
    const start = this.tok.start;
    if (this.kind() === '**' || this.kind() === '*') {
      const form = this.kind() === '**' ? 'starstar' : 'star';
      this.restricted = true;
      this.next();
      const value = this.parseTest();
      return { kind: 'Argument', form, value, start, end: this.prevEnd };
    }
    const e = this.parseTest();
    if (e.kind === 'Ident' && this.kind() === '=') {
      this.next();
      const value = this.parseTest();
      return { kind: 'Argument', form: 'keyword', name: e, value, start, end: this.prevEnd };
    }
    return { kind: 'Argument', form: 'positional', value: e, start, end: this.prevEnd };
  }

  /** Loop variables: primary_suffix (',' primary_suffix)* [','] — not `parseExpr`, which would eat the `in`. */
  private parseForLoopVariables(): Expr {
    const first = this.parsePrimaryWithSuffix();
    if (this.kind() !== ',') return first;
    const elems = [first];
    while (this.kind() === ',') {
      this.expect(',');
      if (EXPR_LIST_TERMINATORS.has(this.kind())) break;
      elems.push(this.parsePrimaryWithSuffix());
    }
    return { kind: 'TupleExpr', elems, parenthesized: false, start: first.start, end: this.prevEnd };
  }

  private parseComprehensionSuffix(start: number, body: Expr | DictEntry, closing: ']' | '}'): Expr {
    const clauses: (ForClause | IfClause)[] = [];
    for (;;) {
      if (this.kind() === 'for') {
        const forStart = this.next();
        const vars = this.parseForLoopVariables();
        this.expect('in');
        // Not a conditional expression: its `if` would be the comprehension's.
        const iterable = this.parseBinary(0);
        clauses.push({ kind: 'ForClause', vars, iterable, start: forStart, end: this.prevEnd });
      } else if (this.kind() === 'if') {
        const ifStart = this.next();
        const cond = this.parseTestNoCond();
        clauses.push({ kind: 'IfClause', cond, start: ifStart, end: this.prevEnd });
      } else if (this.kind() === closing) {
        break;
      } else {
        this.syntaxError(`expected '${closing}', 'for' or 'if'`);
        const end = this.syncPast(LIST_TERMINATORS);
        return this.bad(start, end);
      }
    }
    this.expect(closing);
    return { kind: 'Comprehension', curly: closing === '}', body, clauses, start, end: this.prevEnd };
  }

  private parseListMaker(): Expr {
    const start = this.expect('[');
    if (this.kind() === ']') {
      this.next();
      return { kind: 'ListExpr', elems: [], start, end: this.prevEnd };
    }
    const first = this.parseTest();
    switch (this.kind()) {
      case ']':
        this.next();
        return { kind: 'ListExpr', elems: [first], start, end: this.prevEnd };
      case 'for':
        return this.parseComprehensionSuffix(start, first, ']');
      case ',': {
        const elems = [first];
        this.parseExprList(elems, true);
        if (this.kind() === ']') {
          this.next();
          return { kind: 'ListExpr', elems, start, end: this.prevEnd };
        }
        this.expect(']');
        const end = this.syncPast(LIST_TERMINATORS);
        return this.bad(start, end);
      }
      default: {
        this.syntaxError("expected ',', 'for' or ']'");
        const end = this.syncPast(LIST_TERMINATORS);
        return this.bad(start, end);
      }
    }
  }

  private parseDictEntry(): DictEntry {
    const key = this.parseTest();
    const colon = this.expect(':');
    const value = this.parseTest();
    return { kind: 'DictEntry', key, colon, value, start: key.start, end: this.prevEnd };
  }

  private parseDictExpression(): Expr {
    const start = this.expect('{');
    if (this.kind() === '}') {
      this.next();
      return { kind: 'DictExpr', entries: [], start, end: this.prevEnd };
    }
    const first = this.parseDictEntry();
    if (this.kind() === 'for') return this.parseComprehensionSuffix(start, first, '}');
    const entries = [first];
    if (this.kind() === ',') {
      this.expect(',');
      while (this.kind() !== '}' && this.kind() !== 'EOF') {
        const before = this.tok;
        entries.push(this.parseDictEntry());
        if (this.kind() === ',') this.next();
        else break;
        if (this.tok === before) break;
      }
    }
    if (this.kind() === '}') {
      this.next();
      return { kind: 'DictExpr', entries, start, end: this.prevEnd };
    }
    this.expect('}');
    const end = this.syncPast(DICT_TERMINATORS);
    return this.bad(start, end);
  }
}

function negateInt(v: number | bigint): number | bigint {
  if (typeof v === 'number') return v === 0 ? 0 : -v;
  const n = -v;
  return n >= BigInt(Number.MIN_SAFE_INTEGER) && n <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(n) : n;
}
