// Where the cursor is in a Starlark file, as the editor's completion, hover and signature help need it: inside
// which call (the callee's name, the argument index, the keyword being given, the keywords already given), in
// a string (its text and span) or a comment, and at which dict inside which keyword (config_setting's values).
//
// A single forward scan from the start of the file to the offset, with a stack of open brackets. It never
// fails on broken code: unclosed brackets simply stay open, which is what completion while typing wants.

export interface CallFrame {
  kind: 'call';
  /** The callee as written before `(`: `genrule`, `native.genrule`, `select`; '' when not a name. */
  callee: string;
  argIndex: number;
  /** The keyword of the argument the cursor is in (`srcs` in `srcs = [...]`), or null for a positional one. */
  keyword: string | null;
  /** Keywords given so far in this call. */
  keywords: string[];
  /** Offset of the `(`. */
  open: number;
}

export interface BracketFrame {
  kind: 'list' | 'dict';
  open: number;
  /** Inside a dict: true before the `:` of the current entry. */
  atKey: boolean;
}

export type Frame = CallFrame | BracketFrame;

export interface StarlarkContext {
  frames: Frame[];
  /** The innermost call, if any. */
  call: CallFrame | null;
  /** The string the offset is in: its text (without quotes) up to the end, and its span (contents only). */
  string: { text: string; start: number; end: number } | null;
  inComment: boolean;
  /** The identifier just before the offset (what is being typed), possibly ''. */
  word: string;
  /** True when an argument name may be typed here: at the start of an argument of the innermost call. */
  atArgumentName: boolean;
}

const IDENT = /[A-Za-z_0-9.]/;

export function contextAt(text: string, offset: number): StarlarkContext {
  const frames: Frame[] = [];
  let i = 0;
  let argStart = false; // whether the current argument of the innermost call has only whitespace/ident so far
  let lastIdent = '';
  let lastIdentEnd = -1;
  while (i < offset) {
    const c = text[i];
    if (c === '#') {
      const nl = text.indexOf('\n', i);
      if (nl < 0 || nl >= offset) return finish(true, null);
      i = nl + 1;
      continue;
    }
    if (c === '"' || c === "'") {
      const triple = text.startsWith(c.repeat(3), i);
      const q = triple ? c.repeat(3) : c;
      const start = i + q.length;
      let j = start;
      while (j < text.length) {
        if (text[j] === '\\') {
          j += 2;
          continue;
        }
        if (text.startsWith(q, j)) break;
        if (!triple && text[j] === '\n') break;
        j++;
      }
      if (offset >= start && offset <= j && (j >= text.length || offset < j + q.length || offset === j)) {
        if (offset <= j) return finish(false, { text: text.slice(start, j), start, end: j });
      }
      i = Math.min(text.length, j + (text.startsWith(q, j) ? q.length : 0));
      argStart = false;
      continue;
    }
    if (c === '(' || c === '[' || c === '{') {
      if (c === '(') {
        const callee = lastIdentEnd === i || /^\s*$/.test(text.slice(lastIdentEnd, i)) ? lastIdent : '';
        frames.push({ kind: 'call', callee, argIndex: 0, keyword: null, keywords: [], open: i });
        argStart = true;
      } else {
        frames.push({ kind: c === '[' ? 'list' : 'dict', open: i, atKey: c === '{' });
        argStart = false;
      }
      lastIdent = '';
      i++;
      continue;
    }
    if (c === ')' || c === ']' || c === '}') {
      frames.pop();
      argStart = false;
      i++;
      continue;
    }
    const top = frames[frames.length - 1];
    if (c === ',') {
      if (top?.kind === 'call') {
        top.argIndex++;
        top.keyword = null;
        argStart = true;
      } else if (top?.kind === 'dict') top.atKey = true;
      i++;
      continue;
    }
    if (c === ':' && top?.kind === 'dict') {
      top.atKey = false;
      i++;
      continue;
    }
    if (c === '=' && text[i + 1] !== '=' && !'=!<>'.includes(text[i - 1] ?? '')) {
      if (top?.kind === 'call' && argStart && lastIdent) {
        top.keyword = lastIdent;
        if (!top.keywords.includes(lastIdent)) top.keywords.push(lastIdent);
      }
      argStart = false;
      i++;
      continue;
    }
    if (IDENT.test(c)) {
      let j = i;
      while (j < text.length && j < offset && IDENT.test(text[j])) j++;
      lastIdent = text.slice(i, j);
      lastIdentEnd = j;
      i = j;
      continue;
    }
    if (!/\s/.test(c)) argStart = false;
    i++;
  }
  return finish(false, null);

  function finish(inComment: boolean, string: StarlarkContext['string']): StarlarkContext {
    let call: CallFrame | null = null;
    for (let k = frames.length - 1; k >= 0; k--) {
      const f = frames[k];
      if (f.kind === 'call') {
        call = f;
        break;
      }
    }
    const m = /[A-Za-z_][A-Za-z_0-9]*$/.exec(text.slice(Math.max(0, offset - 80), offset));
    const word = string ? '' : (m?.[0] ?? '');
    const top = frames[frames.length - 1];
    const before = text.slice(top ? top.open + 1 : 0, offset);
    const atArgumentName =
      !string && !inComment && top?.kind === 'call' && top.keyword === null && /(^|,)\s*[A-Za-z_]*$/.test(before.replace(/\s+/g, ' '));
    return { frames, call, string, inComment, word, atArgumentName: !!atArgumentName };
  }
}

/** The keyword whose value the innermost dict belongs to (`values` in `values = {...}`), and the call it is in. */
export function enclosingDict(ctx: StarlarkContext): { keyword: string | null; callee: string; atKey: boolean } | null {
  const n = ctx.frames.length;
  const top = ctx.frames[n - 1];
  const parent = ctx.frames[n - 2];
  if (top?.kind !== 'dict' || parent?.kind !== 'call') return null;
  return { keyword: parent.keyword, callee: parent.callee, atKey: top.atKey };
}
