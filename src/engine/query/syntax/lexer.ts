// The query language's tokenizer: words, six keywords, punctuation.
//
// Words are quoted with '…' or "…" (no escapes; a quoted keyword is an ordinary word) or unquoted runs of
// `A-Za-z0-9*/@.-_:$~[]` — enough for labels, target patterns and simple regexps without quoting. `+`, `=`,
// `(`, `)`, `,` and whitespace end an unquoted word; `-` and `*` may appear inside one but a `-` that starts
// a token is the minus operator.

export type TokenKind = 'word' | 'eof' | ',' | '=' | '(' | ')' | '-' | '+' | '^' | 'in' | 'let' | 'set' | 'intersect' | 'except' | 'union';

export interface Token {
  readonly kind: TokenKind;
  /** The word's text (unquoted), for kind 'word'. */
  readonly word?: string;
  /** Offset of the token in the input. */
  readonly pos: number;
  /** Whether the word was quoted (a quoted keyword is a word). */
  readonly quoted?: boolean;
}

const KEYWORDS: ReadonlySet<string> = new Set(['in', 'let', 'set', 'intersect', 'except', 'union']);
const PUNCT: Readonly<Record<string, TokenKind>> = { '(': '(', ')': ')', ',': ',', '+': '+', '-': '-', '=': '=', '^': '^' };
const WORD_CHAR = /[A-Za-z0-9*/@.\-_:$~[\]]/;

export class QuerySyntaxError extends Error {}

/** How Bazel prints a token in "syntax error at '…'" messages. */
export function tokenText(t: Token): string {
  return t.kind === 'word' ? t.word! : t.kind === 'eof' ? 'EOF' : t.kind;
}

export function scan(input: string): Token[] {
  const tokens: Token[] = [];
  let pos = 0;
  while (pos < input.length) {
    const c = input[pos];
    const start = pos++;
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r') continue;
    const punct = PUNCT[c];
    if (punct) {
      tokens.push({ kind: punct, pos: start });
    } else if (c === '"' || c === "'") {
      const end = input.indexOf(c, pos);
      if (end < 0) throw new QuerySyntaxError('unclosed quotation');
      tokens.push({ kind: 'word', word: input.slice(pos, end), pos: start, quoted: true });
      pos = end + 1;
    } else {
      while (pos < input.length && WORD_CHAR.test(input[pos])) pos++;
      // A character that is neither punctuation nor a word character starts a word all the same (as in
      // Bazel), so that the parser reports it in context.
      const word = input.slice(start, pos);
      tokens.push(KEYWORDS.has(word) ? { kind: word as TokenKind, pos: start } : { kind: 'word', word, pos: start });
    }
  }
  tokens.push({ kind: 'eof', pos: input.length });
  return tokens;
}
