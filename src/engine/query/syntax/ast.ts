// The query language's expression tree, and its printing in Bazel's form (used in error messages such as
// `Evaluation of subquery "$y" failed`).

/** The argument kinds a query function declares; the parser reads each argument by its declared kind. */
export type ArgumentType = 'expression' | 'word' | 'integer';

export interface FunctionSignature {
  readonly name: string;
  /** Declared argument kinds in order; with `variadic`, the last kind repeats. */
  readonly argTypes: readonly ArgumentType[];
  readonly mandatory: number;
  readonly variadic?: boolean;
}

export type QueryExpr = TargetLiteral | VariableRef | LetExpr | SetExpr | BinaryExpr | FunctionExpr;

/** A target pattern such as `//pkg:all` or `foo/...`. */
export interface TargetLiteral {
  readonly kind: 'pattern';
  readonly word: string;
}

/** `$name`, bound by an enclosing `let`. */
export interface VariableRef {
  readonly kind: 'var';
  readonly name: string;
}

export interface LetExpr {
  readonly kind: 'let';
  readonly name: string;
  readonly value: QueryExpr;
  readonly body: QueryExpr;
}

/** `set(a b c)`: whitespace-separated target patterns. */
export interface SetExpr {
  readonly kind: 'set';
  readonly words: readonly TargetLiteral[];
}

export type BinaryOperator = 'intersect' | 'union' | 'except';

/** `a + b + c` kept n-ary as Bazel does; `^`/`+`/`-` are recorded by their keyword names. */
export interface BinaryExpr {
  readonly kind: 'binary';
  readonly op: BinaryOperator;
  /** The operator as written (`+` or `union`), for printing. */
  readonly written: string;
  readonly operands: readonly QueryExpr[];
}

export type Argument =
  | { readonly kind: 'expression'; readonly expr: QueryExpr }
  | { readonly kind: 'word'; readonly word: string }
  | { readonly kind: 'integer'; readonly value: number };

export interface FunctionExpr {
  readonly kind: 'call';
  readonly name: string;
  readonly args: readonly Argument[];
}

/** Prints an expression as Bazel's QueryExpression.toString does. */
export function exprToString(e: QueryExpr): string {
  switch (e.kind) {
    case 'pattern':
      return e.word;
    case 'var':
      return '$' + e.name;
    case 'let':
      return `let ${e.name} = ${exprToString(e.value)} in ${exprToString(e.body)}`;
    case 'set':
      return `set(${e.words.map((w) => w.word).join(' ')})`;
    case 'binary':
      return '(' + e.operands.map(exprToString).join(` ${e.written} `) + ')';
    case 'call':
      return `${e.name}(${e.args.map(argToString).join(', ')})`;
  }
}

/** Word arguments print quoted, as Bazel's FunctionExpression.toString does: `kind('source file', //a)`. */
function argToString(a: Argument): string {
  if (a.kind === 'expression') return exprToString(a.expr);
  if (a.kind === 'integer') return String(a.value);
  return a.word.includes("'") ? `"${a.word}"` : `'${a.word}'`;
}

/** Visits every sub-expression, outermost first. */
export function* subExpressions(e: QueryExpr): Generator<QueryExpr> {
  yield e;
  switch (e.kind) {
    case 'let':
      yield* subExpressions(e.value);
      yield* subExpressions(e.body);
      break;
    case 'set':
      yield* e.words;
      break;
    case 'binary':
      for (const o of e.operands) yield* subExpressions(o);
      break;
    case 'call':
      for (const a of e.args) if (a.kind === 'expression') yield* subExpressions(a.expr);
      break;
  }
}
