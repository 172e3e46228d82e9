// The Starlark scanner: turns a file's text into tokens, with Python-style indentation tokens.
//
// Indentation works as in Python. After each NEWLINE the scanner measures the next non-blank line's leading
// spaces against a stack of enclosing levels: deeper pushes a level and yields one INDENT; shallower pops
// levels, yielding one OUTDENT per level, and must land exactly on an enclosing level ("indentation error"
// otherwise). Blank lines and lines holding only a comment do not count. Inside (), [] and {} newlines and
// indentation are insignificant, and a backslash at the end of a line joins it to the next. The stream always
// ends with NEWLINE, the OUTDENTs that close open blocks, and EOF.
//
// The scanner never throws: malformed input becomes an error record plus the most plausible token, so the
// parser can carry on. Its behaviour (which escapes exist, which int forms are legal, where each error is
// reported) follows Bazel's Lexer, including its refusals: no \x, \u or \U escapes, no 0b literals and no
// leading-zero decimals. Comments are kept, with their spans, for doc-comment extraction later.

import { keywordKind, type Token, type TokenKind } from './tokens.ts';

/** A lexical error: an offset range and Bazel's message. */
export interface ScanError {
  readonly start: number;
  readonly end: number;
  readonly message: string;
}

/** A `#` comment: its span and its text, including the `#`. */
export interface Comment {
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

const ONE_CHAR: Readonly<Record<string, TokenKind>> = {
  '{': '{', '}': '}', '(': '(', ')': ')', '[': '[', ']': ']', ':': ':', ',': ',', ';': ';', '+': '+', '-': '-',
  '|': '|', '=': '=', '%': '%', '~': '~', '&': '&', '^': '^', '*': '*', '>': '>', '<': '<', '/': '/',
};

// Two-character operators ending in '=' (and '**'), checked before single characters.
const WITH_EQUALS: Readonly<Record<string, TokenKind>> = {
  '=': '==', '!': '!=', '>': '>=', '<': '<=', '+': '+=', '-': '-=', '*': '*=', '/': '/=', '%': '%=', '^': '^=',
  '&': '&=', '|': '|=',
};

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}
function isHexDigit(c: number): boolean {
  return isDigit(c) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102);
}
function isIdentStart(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95;
}
function isIdentPart(c: number): boolean {
  return isIdentStart(c) || isDigit(c);
}

export class Scanner {
  readonly errors: ScanError[] = [];
  readonly comments: Comment[] = [];

  private pos = 0;
  private readonly indentStack: number[] = [0];
  private parenDepth = 0;
  private checkIndentation = true;
  private dents = 0; // pending INDENT (>0) or OUTDENT (<0) tokens
  private lastKind: TokenKind | undefined;

  constructor(private readonly text: string) {}

  /** The next token. After EOF it keeps returning EOF. */
  next(): Token {
    const afterNewline = this.lastKind === 'NEWLINE';
    const tok = this.lastKind === 'EOF' ? { kind: 'EOF' as const, start: this.text.length, end: this.text.length } : this.tokenize();
    // Like Python, a file always ends with a NEWLINE token, even without a final '\n'.
    if (tok.kind === 'EOF' && !afterNewline && this.lastKind !== 'EOF') tok.kind = 'NEWLINE';
    this.lastKind = tok.kind;
    return tok;
  }

  private error(message: string, start: number, end = start + 1): void {
    this.errors.push({ start, end: Math.min(Math.max(end, start), this.text.length), message });
  }

  private peek(i: number): number {
    const p = this.pos + i;
    return p < this.text.length ? this.text.charCodeAt(p) : -1;
  }

  private tokenize(): Token {
    if (this.checkIndentation) {
      this.checkIndentation = false;
      this.computeIndentation();
    }
    if (this.dents !== 0) {
      const at = Math.max(0, this.pos - 1);
      if (this.dents < 0) {
        this.dents++;
        return { kind: 'OUTDENT', start: at, end: at };
      }
      this.dents--;
      return { kind: 'INDENT', start: at, end: at };
    }

    const text = this.text;
    while (this.pos < text.length) {
      const start = this.pos;
      const ch = text[start];
      const c = text.charCodeAt(start);

      // Operators of two or three characters.
      const next = text[start + 1];
      if (next === '=' && WITH_EQUALS[ch] !== undefined) {
        this.pos += 2;
        return { kind: WITH_EQUALS[ch], start, end: this.pos };
      }
      if ((ch === '>' || ch === '<' || ch === '/' || ch === '*') && next === ch) {
        if (ch !== '*' && text[start + 2] === '=') {
          this.pos += 3;
          return { kind: `${ch}${ch}=` as TokenKind, start, end: this.pos };
        }
        this.pos += 2;
        return { kind: `${ch}${ch}` as TokenKind, start, end: this.pos };
      }

      this.pos++;
      switch (ch) {
        case '(':
        case '[':
        case '{':
          this.parenDepth++;
          return { kind: ONE_CHAR[ch], start, end: this.pos };
        case ')':
        case ']':
        case '}':
          if (this.parenDepth === 0) this.error('indentation error', start);
          else this.parenDepth--;
          return { kind: ONE_CHAR[ch], start, end: this.pos };
        case ' ':
        case '\t':
        case '\r':
          continue;
        case '\\':
          if (text[this.pos] === '\n') {
            this.pos++;
          } else if (text[this.pos] === '\r' && text[this.pos + 1] === '\n') {
            this.pos += 2;
          } else {
            return { kind: 'ILLEGAL', start, end: this.pos, value: '\\' };
          }
          continue;
        case '\n':
          if (this.parenDepth > 0) {
            while (this.pos < text.length && (text[this.pos] === ' ' || text[this.pos] === '\t' || text[this.pos] === '\r')) {
              this.pos++;
            }
            continue;
          }
          this.checkIndentation = true;
          return { kind: 'NEWLINE', start, end: this.pos };
        case '#': {
          while (this.pos < text.length && text[this.pos] !== '\n') this.pos++;
          this.addComment(start, this.pos);
          continue;
        }
        case '"':
        case "'":
          return this.stringLiteral(ch, false, start);
        case '.':
          if (!isDigit(this.peek(0))) return { kind: '.', start, end: this.pos };
          this.pos = start;
          return this.number(start);
        default:
          break;
      }
      if (ONE_CHAR[ch] !== undefined) return { kind: ONE_CHAR[ch], start, end: this.pos };
      if (ch === 'r' && (text[this.pos] === '"' || text[this.pos] === "'")) {
        const quote = text[this.pos];
        this.pos++;
        return this.stringLiteral(quote, true, start);
      }
      if (isDigit(c)) {
        this.pos = start;
        return this.number(start);
      }
      if (isIdentStart(c)) {
        while (this.pos < text.length && isIdentPart(text.charCodeAt(this.pos))) this.pos++;
        const word = text.slice(start, this.pos);
        const kw = keywordKind(word);
        return kw ? { kind: kw, start, end: this.pos } : { kind: 'IDENT', start, end: this.pos, value: word };
      }
      // A character that starts no token: report it and skip it (a surrogate pair counts as one).
      const cp = text.codePointAt(start)!;
      if (cp > 0xffff) this.pos++;
      this.error(`invalid character: '${String.fromCodePoint(cp)}'`, start, this.pos);
    }

    // End of input: close the open blocks.
    if (this.indentStack.length > 1) {
      while (this.indentStack.length > 1) {
        this.indentStack.pop();
        this.dents--;
      }
      const at = Math.max(0, this.pos - 1);
      return { kind: 'NEWLINE', start: at, end: this.pos };
    }
    return { kind: 'EOF', start: this.pos, end: this.pos };
  }

  /** Measures the indentation of the next non-blank line and records the pending INDENT/OUTDENT tokens. */
  private computeIndentation(): void {
    const text = this.text;
    let indent = 0;
    while (this.pos < text.length) {
      const ch = text[this.pos];
      if (ch === ' ') {
        indent++;
        this.pos++;
      } else if (ch === '\r') {
        this.pos++;
      } else if (ch === '\t') {
        indent++;
        this.pos++;
        this.error('Tab characters are not allowed for indentation. Use spaces instead.', this.pos, this.pos + 1);
      } else if (ch === '\n') {
        indent = 0;
        this.pos++;
      } else if (ch === '#') {
        const start = this.pos;
        while (this.pos < text.length && text[this.pos] !== '\n') this.pos++;
        this.addComment(start, this.pos);
        indent = 0;
      } else {
        break;
      }
    }
    if (this.pos === text.length) indent = 0;

    let top = this.indentStack[this.indentStack.length - 1];
    if (top < indent) {
      this.indentStack.push(indent);
      this.dents++;
    } else if (top > indent) {
      while (top > indent) {
        this.indentStack.pop();
        this.dents--;
        top = this.indentStack[this.indentStack.length - 1];
      }
      if (top < indent) this.error('indentation error', Math.max(0, this.pos - 1));
    }
  }

  private addComment(start: number, end: number): void {
    let e = end;
    if (e > start && this.text[e - 1] === '\r') e--;
    this.comments.push({ start, end: e, text: this.text.slice(start, e) });
  }

  /**
   * Scans a string literal. On entry `pos` is just past the opening quote; `start` is where the literal
   * begins (the `r` of a raw string). A newline ends an unclosed single-quoted literal and is consumed with it,
   * as in Bazel, so the parser's next complaint lands on the following line.
   */
  private stringLiteral(quote: string, raw: boolean, start: number): Token {
    const text = this.text;
    const triple = text[this.pos] === quote && text[this.pos + 1] === quote;
    if (triple) this.pos += 2;
    else {
      // Fast path, most literals: one line, no escapes — no buffer and no helper closures.
      const q = quote.charCodeAt(0);
      let i = this.pos;
      let ch = 0;
      while (i < text.length && (ch = text.charCodeAt(i)) !== q && ch !== 92 /* \ */ && ch !== 10 /* \n */) i++;
      if (i < text.length && ch === q) {
        const value = text.slice(this.pos, i);
        this.pos = i + 1;
        return { kind: 'STRING', start, end: this.pos, value };
      }
    }
    let out = '';
    let chunk = this.pos; // start of the pending run of ordinary characters
    const flush = (upTo: number) => {
      if (upTo > chunk) out += text.slice(chunk, upTo);
    };
    const unclosed = (): Token => {
      this.error('unclosed string literal', start, this.pos);
      return { kind: 'STRING', start, end: this.pos, value: out };
    };

    while (this.pos < text.length) {
      const ch = text[this.pos];
      if (ch === '\n' && !triple) {
        flush(this.pos);
        this.pos++;
        return unclosed();
      }
      if (ch === quote) {
        if (!triple) {
          flush(this.pos);
          this.pos++;
          return { kind: 'STRING', start, end: this.pos, value: out };
        }
        if (text[this.pos + 1] === quote && text[this.pos + 2] === quote) {
          flush(this.pos);
          this.pos += 3;
          return { kind: 'STRING', start, end: this.pos, value: out };
        }
        this.pos++;
        continue;
      }
      if (ch !== '\\') {
        this.pos++;
        continue;
      }

      // A backslash.
      flush(this.pos);
      this.pos++;
      if (this.pos >= text.length) {
        chunk = this.pos;
        return unclosed();
      }
      const e = text[this.pos];
      if (raw) {
        // A raw string keeps the backslash and the next character (a CRLF becomes one LF).
        out += '\\';
        if (e === '\r' && text[this.pos + 1] === '\n') {
          out += '\n';
          this.pos += 2;
        } else if (e === '\r' || e === '\n') {
          out += '\n';
          this.pos++;
        } else {
          out += e;
          this.pos++;
        }
        chunk = this.pos;
        continue;
      }
      this.pos++;
      switch (e) {
        case '\r':
          if (text[this.pos] === '\n') this.pos++;
          break;
        case '\n':
          break; // backslash-newline: a line continuation inside the literal
        case 'a':
          out += '\x07';
          break;
        case 'b':
          out += '\b';
          break;
        case 'f':
          out += '\f';
          break;
        case 'n':
          out += '\n';
          break;
        case 'r':
          out += '\r';
          break;
        case 't':
          out += '\t';
          break;
        case 'v':
          out += '\v';
          break;
        case '\\':
        case "'":
        case '"':
          out += e;
          break;
        case '0':
        case '1':
        case '2':
        case '3':
        case '4':
        case '5':
        case '6':
        case '7': {
          let octal = e.charCodeAt(0) - 48;
          for (let k = 0; k < 2; k++) {
            const d = text.charCodeAt(this.pos);
            if (d >= 48 && d <= 55) {
              octal = (octal << 3) | (d - 48);
              this.pos++;
            } else {
              break;
            }
          }
          if (octal > 0xff) this.error('octal escape sequence out of range (maximum is \\377)', this.pos - 1);
          out += String.fromCharCode(octal & 0xff);
          break;
        }
        default:
          this.error(`invalid escape sequence: \\${e}. Use '\\\\' to insert '\\'.`, this.pos - 1);
          out += '\\' + e;
          break;
      }
      chunk = this.pos;
    }
    flush(this.pos);
    chunk = this.pos;
    return unclosed();
  }

  /** Scans an int or float literal starting at `start` (a digit, or a '.' followed by a digit). */
  /** Moves past the current character; the next one's code (as peek(0)). */
  private advance(): number {
    this.pos++;
    return this.peek(0);
  }

  private number(start: number): Token {
    const text = this.text;
    let fraction = false;
    let exponent = false;
    let c = this.peek(0);

    if (c === 46 /* . */) {
      fraction = true;
    } else if (c === 48 /* 0 */) {
      c = this.advance();
      if (c === 46) {
        fraction = true;
      } else if (c === 120 || c === 88 /* x X */) {
        c = this.advance();
        if (!isHexDigit(c)) this.error('invalid hex literal', start);
        while (isHexDigit(c)) c = this.advance();
      } else if (c === 111 || c === 79 /* o O */) {
        c = this.advance();
        while (isDigit(c)) c = this.advance();
      } else if (c === 98 || c === 66 /* b B */) {
        c = this.advance();
        if (c !== 48 && c !== 49) this.error('invalid binary literal', start);
        while (c === 48 || c === 49) c = this.advance();
      } else {
        while (isDigit(c)) c = this.advance();
        if (c === 46) fraction = true;
        else if (c === 101 || c === 69) exponent = true;
      }
    } else {
      while (isDigit(c)) c = this.advance();
      if (c === 46) fraction = true;
      else if (c === 101 || c === 69) exponent = true;
    }

    if (fraction) {
      c = this.advance(); // the '.'
      while (isDigit(c)) c = this.advance();
      if (c === 101 || c === 69) exponent = true;
    }
    if (exponent) {
      c = this.advance(); // the 'e'
      if (c === 43 || c === 45) c = this.advance();
      while (isDigit(c)) c = this.advance();
    }

    const literal = text.slice(start, this.pos);
    if (fraction || exponent) {
      const value = /^(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(literal) ? Number(literal) : NaN;
      if (Number.isNaN(value)) this.error('invalid float literal', start, this.pos);
      else if (!Number.isFinite(value)) this.error('floating-point literal too large', start, this.pos);
      return { kind: 'FLOAT', start, end: this.pos, value: Number.isFinite(value) ? value : 0 };
    }
    const scanned = scanInt(literal);
    if (typeof scanned === 'string') {
      this.error(scanned, start, this.pos);
      return { kind: 'INT', start, end: this.pos, value: 0 };
    }
    return { kind: 'INT', start, end: this.pos, value: scanned };
  }
}

/**
 * The value of a non-negative int literal (decimal, 0x…, 0o…), as a number when it is a safe integer and a
 * bigint otherwise; or Bazel's error message. Like Bazel, a leading 0 followed by anything but x or o — a
 * Python 2 octal such as 012, or a 0b binary literal — is refused.
 */
export function scanInt(literal: string): number | bigint | string {
  let digits = literal;
  let radix = 10;
  if (literal.length > 1 && literal[0] === '0') {
    const p = literal[1];
    if (p === 'x' || p === 'X') radix = 16;
    else if (p === 'o' || p === 'O') radix = 8;
    else return `invalid octal literal: ${literal} (use '0o${literal.slice(1)}')`;
    digits = literal.slice(2);
  }
  const valid = radix === 16 ? /^[0-9a-fA-F]+$/ : radix === 8 ? /^[0-7]+$/ : /^[0-9]+$/;
  if (!valid.test(digits)) return `invalid base-${radix} integer literal: ${literal}`;
  const big = BigInt(radix === 16 ? `0x${digits}` : radix === 8 ? `0o${digits}` : digits);
  return big <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(big) : big;
}
