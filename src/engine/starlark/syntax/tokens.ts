// The tokens of Starlark: their kinds, the keyword table, and the names Bazel prints for them in messages.

export const KEYWORDS = [
  'and', 'as', 'assert', 'break', 'class', 'continue', 'def', 'del', 'elif', 'else', 'except', 'finally', 'for',
  'from', 'global', 'if', 'import', 'in', 'is', 'lambda', 'load', 'nonlocal', 'not', 'or', 'pass', 'raise',
  'return', 'try', 'while', 'with', 'yield',
] as const;

export type Keyword = (typeof KEYWORDS)[number];

export const PUNCTUATION = [
  '&', '&=', '^', '^=', ':', ',', '.', '=', '==', '!=', '>', '>=', '>>', '>>=', '<', '<=', '<<', '<<=', '-', '-=',
  '+', '+=', '%', '%=', '|', '|=', '~', '/', '/=', '//', '//=', ';', '*', '*=', '**', '(', ')', '[', ']', '{', '}',
] as const;

export type Punctuation = (typeof PUNCTUATION)[number];

/**
 * A token kind. Literal-like tokens have upper-case names; keywords and punctuation are their own text.
 * 'not in' never comes from the scanner: the parser fuses `not` `in` into it.
 */
export type TokenKind =
  | 'EOF'
  | 'NEWLINE'
  | 'INDENT'
  | 'OUTDENT'
  | 'IDENT'
  | 'INT'
  | 'FLOAT'
  | 'STRING'
  | 'ILLEGAL'
  | 'not in'
  | Keyword
  | Punctuation;

const KEYWORD_SET: ReadonlySet<string> = new Set(KEYWORDS);

export function keywordKind(word: string): Keyword | undefined {
  return KEYWORD_SET.has(word) ? (word as Keyword) : undefined;
}

/** A scanned token. `value` is set for IDENT (the name), STRING (the decoded text), INT and FLOAT. */
export interface Token {
  kind: TokenKind;
  start: number;
  end: number;
  value?: string | number | bigint;
}

/** The name of a token kind as Bazel's TokenKind.toString() spells it ("expected newline"). */
export function kindName(kind: TokenKind): string {
  switch (kind) {
    case 'EOF':
      return 'EOF';
    case 'NEWLINE':
      return 'newline';
    case 'INDENT':
      return 'indent';
    case 'OUTDENT':
      return 'outdent';
    case 'IDENT':
      return 'identifier';
    case 'INT':
      return 'integer literal';
    case 'FLOAT':
      return 'float literal';
    case 'STRING':
      return 'string literal';
    case 'ILLEGAL':
      return 'illegal character';
    default:
      return kind;
  }
}

/** A token as it appears in "syntax error at '…'" messages (Bazel's Parser.tokenString). */
export function tokenText(tok: Token): string {
  switch (tok.kind) {
    case 'STRING':
      return `"${String(tok.value)}"`;
    case 'FLOAT': {
      const v = tok.value as number;
      return Number.isInteger(v) && Math.abs(v) < 1e7 ? `${v}.0` : String(v);
    }
    case 'IDENT':
    case 'INT':
    case 'ILLEGAL':
      return String(tok.value);
    default:
      return kindName(tok.kind);
  }
}
