// The query language's LL(1) recursive-descent parser, after Bazel's QueryParser (revision 2 of the language).
//
//   expr    ::= primary ( op primary )*          all operators left-associative, of equal precedence
//   op      ::= 'intersect' | '^' | 'union' | '+' | 'except' | '-'
//   primary ::= WORD                               a target pattern, or `$name`
//             | WORD '(' arg ( ',' arg )* ')'      a function; each arg is read as the function declares:
//             |                                    an expression, a WORD, or an integer WORD
//             | 'let' WORD '=' expr 'in' expr
//             | '(' expr ')'
//             | 'set' '(' WORD* ')'
//
// A run of one operator (`a + b + c`) becomes one n-ary BinaryExpr; a change of operator closes the run
// (`a + b - c` is `(a + b) - c`). Errors carry Bazel's messages: "premature end of input", "syntax error at
// '<three tokens>'", "unexpected token 'x' after query expression 'y'", "expected an integer literal: 'x'",
// "target literal must not begin with (*): *a", "unclosed quotation".

import type { Argument, BinaryOperator, FunctionSignature, QueryExpr, TargetLiteral } from './ast.ts';
import { exprToString } from './ast.ts';
import { QuerySyntaxError, scan, tokenText, type Token, type TokenKind } from './lexer.ts';

export { QuerySyntaxError };

const OPERATORS: Readonly<Partial<Record<TokenKind, BinaryOperator>>> = {
  intersect: 'intersect',
  '^': 'intersect',
  union: 'union',
  '+': 'union',
  except: 'except',
  '-': 'except',
};

/** Parses `input`; throws QuerySyntaxError with Bazel's message on any error. */
export function parseQuery(input: string, functions: ReadonlyMap<string, FunctionSignature>): QueryExpr {
  const p = new Parser(scan(input), functions);
  const expr = p.parseExpression();
  if (p.token.kind !== 'eof') {
    throw new QuerySyntaxError(
      `unexpected token '${tokenText(p.token)}' after query expression '${truncated(exprToString(expr))}'`,
    );
  }
  return expr;
}

function truncated(s: string): string {
  return s.length > 100 ? s.slice(0, 100) + '[truncated]' : s;
}

/** Deeper nesting is refused rather than left to overflow the JavaScript stack (here and in evaluation). */
const MAX_NESTING = 1000;

class Parser {
  private index = 0;
  private depth = 0;
  token: Token;

  constructor(
    private readonly tokens: Token[],
    private readonly functions: ReadonlyMap<string, FunctionSignature>,
  ) {
    this.token = tokens[0];
  }

  private next(): void {
    if (this.token.kind !== 'eof') this.token = this.tokens[++this.index];
  }

  private syntaxError(): QuerySyntaxError {
    if (this.token.kind === 'eof') return new QuerySyntaxError('premature end of input');
    const context = this.tokens.slice(this.index, Math.min(this.tokens.length - 1, this.index + 3));
    return new QuerySyntaxError(`syntax error at '${context.map(tokenText).join(' ')}'`);
  }

  private consume(kind: TokenKind): string | undefined {
    if (this.token.kind !== kind) throw this.syntaxError();
    const word = this.token.word;
    this.next();
    return word;
  }

  private consumeInt(): number {
    const w = this.consume('word')!;
    if (!/^[+-]?\d+$/.test(w) || Math.abs(Number(w)) > 2 ** 31 - 1) {
      throw new QuerySyntaxError(`expected an integer literal: '${w}'`);
    }
    return Number(w);
  }

  parseExpression(): QueryExpr {
    let lhs = this.parsePrimary();
    let op = OPERATORS[this.token.kind];
    if (!op) return lhs;
    let written = this.token.kind as string;
    let operands: QueryExpr[] = [lhs];
    while (OPERATORS[this.token.kind]) {
      const kind = this.token.kind;
      this.next();
      if (kind !== written) {
        lhs = { kind: 'binary', op, written, operands };
        operands = [lhs];
        op = OPERATORS[kind]!;
        written = kind;
      }
      operands.push(this.parsePrimary());
    }
    return { kind: 'binary', op, written, operands };
  }

  /** The current token's kind, read afresh (TypeScript would keep a narrowing across consume()). */
  private peek(): TokenKind {
    return this.token.kind;
  }

  private parsePrimary(): QueryExpr {
    if (++this.depth > MAX_NESTING) {
      throw new QuerySyntaxError(`the query expression is nested more than ${MAX_NESTING} levels deep`);
    }
    try {
      return this.parsePrimaryUnchecked();
    } finally {
      this.depth--;
    }
  }

  private parsePrimaryUnchecked(): QueryExpr {
    switch (this.token.kind) {
      case 'word': {
        const word = this.consume('word')!;
        if (this.peek() === '(') return this.parseCall(word);
        return targetLiteral(word);
      }
      case 'let': {
        this.next();
        const name = this.consume('word')!;
        this.consume('=');
        const value = this.parseExpression();
        this.consume('in');
        const body = this.parseExpression();
        return { kind: 'let', name, value, body };
      }
      case '(': {
        this.next();
        const e = this.parseExpression();
        this.consume(')');
        return e;
      }
      case 'set': {
        this.next();
        this.consume('(');
        const words: TargetLiteral[] = [];
        while (this.peek() === 'word') {
          const lit = targetLiteral(this.consume('word')!);
          if (lit.kind === 'pattern') words.push(lit);
          else words.push({ kind: 'pattern', word: '$' + lit.name });
        }
        this.consume(')');
        return { kind: 'set', words };
      }
      default:
        throw this.syntaxError();
    }
  }

  private parseCall(name: string): QueryExpr {
    const fn = this.functions.get(name);
    if (!fn) throw this.syntaxError();
    const args: Argument[] = [];
    let separator: TokenKind = '(';
    for (let i = 0; fn.variadic || i < fn.argTypes.length; i++) {
      if (this.token.kind === ')' && i >= fn.mandatory) break;
      this.consume(separator);
      separator = ',';
      const type = fn.argTypes[Math.min(i, fn.argTypes.length - 1)];
      if (type === 'expression') args.push({ kind: 'expression', expr: this.parseExpression() });
      else if (type === 'word') args.push({ kind: 'word', word: this.consume('word')! });
      else args.push({ kind: 'integer', value: this.consumeInt() });
    }
    this.consume(')');
    return { kind: 'call', name, args };
  }
}

/** Unquoted words may not start with `-` or `*` (relative target names may, but must then be quoted). */
function targetLiteral(word: string): TargetLiteral | { kind: 'var'; name: string } {
  if (word.startsWith('-') || word.startsWith('*')) {
    throw new QuerySyntaxError(`target literal must not begin with (${word[0]}): ${word}`);
  }
  if (word.startsWith('$')) return { kind: 'var', name: word.slice(1) };
  return { kind: 'pattern', word };
}
