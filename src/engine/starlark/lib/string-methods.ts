// The methods of the string type (https://github.com/bazelbuild/starlark/blob/master/spec.md#string-methods),
// as Bazel's StringModule: ASCII-only case mapping for lower/upper, no whitespace default for split,
// UTF-16 code units as characters.

import {
  defineMethods,
  EvalError,
  List,
  None,
  toInt32,
  tuple,
  Tuple,
  typeName,
  type BuiltinImpl,
  type MethodDef,
  type Value,
  iterate,
} from '../values/index.ts';
import { formatString } from './str-format.ts';
import { unpackArgs, type Param, type Signature } from './unpack.ts';

/** A method with a signature: args are unpacked, then `fn(self, slots)`. */
function m(name: string, sig: Signature, fn: (self: string, a: (Value | undefined)[]) => Value): MethodDef {
  const impl: BuiltinImpl = (_thread, args, kwargs, self) => fn(self as string, unpackArgs(name, args, kwargs, sig));
  return { impl };
}

const SUB: Param = { name: 'sub', type: 'string' };
const START: Param = { name: 'start', type: 'int|NoneType', default: 0 };
const END: Param = { name: 'end', type: 'int|NoneType', default: None };
const CHARS: Param = { name: 'chars', type: 'string|NoneType', default: None };
const NONE_SIG: Signature = { params: [] };

/** Python's Latin-1 whitespace, which Bazel's strip family uses. */
const LATIN1_WHITESPACE = '\t\n\u000b\f\r\u001c\u001d\u001e\u001f \u0085\u00a0';

/** Guava's CharMatcher.whitespace(), which isspace uses. */
function isWhitespace(c: number): boolean {
  return (
    (c >= 9 && c <= 13) ||
    c === 32 ||
    c === 0x85 ||
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000
  );
}

/** Whether every UTF-16 unit of s is ASCII (then JS case mapping is exactly the ASCII one). */
const NON_ASCII = /[^\x00-\x7f]/;

function asciiLower(s: string): string {
  if (!NON_ASCII.test(s)) return s.toLowerCase();
  return s.replace(/[A-Z]+/g, (x) => x.toLowerCase());
}

function asciiUpper(s: string): string {
  if (!NON_ASCII.test(s)) return s.toUpperCase();
  return s.replace(/[a-z]+/g, (x) => x.toUpperCase());
}

/** Java's Character.toUpperCase/toLowerCase of one UTF-16 unit (unchanged when the mapping is not 1:1). */
function charUpper(c: string): string {
  const u = c.toUpperCase();
  return u.length === 1 ? u : c;
}
function charLower(c: string): string {
  const u = c.toLowerCase();
  return u.length === 1 ? u : c;
}

const LETTER = /\p{L}/u;
const UPPER_LETTER = /\p{Lu}/u;
const LOWER_LETTER = /\p{Ll}/u;
const DIGIT = /\p{Nd}/u;

/** Resolves [start:end] bounds of find/count/startswith as Bazel's substringIndices. */
function bounds(s: string, start: Value, end: Value): [number, number] {
  const n = s.length;
  let lo = 0;
  if (start !== None) {
    lo = toInt32(start, 'start');
    if (lo < 0) lo += n;
    lo = lo < 0 ? 0 : lo > n ? n : lo;
  }
  let hi = n;
  if (end !== None) {
    hi = toInt32(end, 'end');
    if (hi < 0) hi += n;
    hi = hi < 0 ? 0 : hi > n ? n : hi;
  }
  if (hi < lo) hi = lo;
  return [lo, hi];
}

function find(forward: boolean, s: string, a: (Value | undefined)[]): number {
  const [lo, hi] = bounds(s, a[1]!, a[2]!);
  const sub = a[0] as string;
  const sl = s.slice(lo, hi);
  const i = forward ? sl.indexOf(sub) : sl.lastIndexOf(sub);
  return i < 0 ? i : i + lo;
}

function lstrip(s: string, chars: string): string {
  let i = 0;
  while (i < s.length && chars.includes(s[i]!)) i++;
  return s.slice(i);
}

function rstrip(s: string, chars: string): string {
  let i = s.length;
  while (i > 0 && chars.includes(s[i - 1]!)) i--;
  return s.slice(0, i);
}

/** The prefixes of startswith/endswith: a string or a tuple of strings. */
function affixes(fn: string, sub: Value): string[] {
  if (typeof sub === 'string') return [sub];
  const out: string[] = [];
  for (const e of (sub as Tuple).elems) {
    // Bazel's Sequence.cast never advances its index, hence "at index 0" whatever the position.
    if (typeof e !== 'string') throw new EvalError(`at index 0 of sub, got element of type ${typeName(e)}, want string`);
    out.push(e);
  }
  return out;
}

function frozenList(elems: Value[]): List {
  const l = new List(elems);
  l.frozen = true;
  return l;
}

function matchesAll(s: string, pred: (c: string, code: number) => boolean): boolean {
  if (s.length === 0) return false;
  for (let i = 0; i < s.length; i++) if (!pred(s[i]!, s.charCodeAt(i))) return false;
  return true;
}

function isAsciiUpper(c: number): boolean {
  return c >= 65 && c <= 90;
}
function isAsciiLower(c: number): boolean {
  return c >= 97 && c <= 122;
}

/** islower/isupper: no char of the other case, and at least one cased (ASCII) letter. */
function casedOnly(s: string, forbidden: (c: number) => boolean): boolean {
  if (s.length === 0) return false;
  let cased = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (forbidden(c)) return false;
    if (isAsciiUpper(c) || isAsciiLower(c)) cased++;
  }
  return cased > 0;
}

function isTitle(s: string): boolean {
  if (s.length === 0) return false;
  // Right to left: what the left neighbour of each char may be.
  let need: 'any' | 'cased' | 'uncased' = 'any';
  let leftMostCased = ' ';
  for (let i = s.length - 1; i >= 0; i--) {
    const c = s.charCodeAt(i);
    const cased = isAsciiUpper(c) || isAsciiLower(c);
    if (need === 'cased' && !cased) return false;
    if (need === 'uncased' && cased) return false;
    need = isAsciiLower(c) ? 'cased' : isAsciiUpper(c) ? 'uncased' : 'any';
    if (cased) leftMostCased = s[i]!;
  }
  return isAsciiUpper(leftMostCased.charCodeAt(0));
}

function splitLines(s: string, keepEnds: boolean): string[] {
  const out: string[] = [];
  let i = 0;
  while (i < s.length) {
    let j = i;
    while (j < s.length && s[j] !== '\n' && s[j] !== '\r') j++;
    let k = j;
    if (k < s.length) k += s[k] === '\r' && s[k + 1] === '\n' ? 2 : 1;
    out.push(keepEnds ? s.slice(i, k) : s.slice(i, j));
    i = k;
  }
  return out;
}

const methods: Record<string, MethodDef> = {
  // https://github.com/bazelbuild/starlark/blob/master/spec.md#stringcapitalize
  capitalize: m('capitalize', NONE_SIG, (s) => (s.length === 0 ? s : charUpper(s[0]!) + asciiLower(s.slice(1)))),

  // https://github.com/bazelbuild/starlark/blob/master/spec.md#stringcount
  count: m('count', { params: [SUB, START, END] }, (s, a) => {
    const [lo, hi] = bounds(s, a[1]!, a[2]!);
    const sub = a[0] as string;
    if (sub.length === 0) return hi - lo + 1;
    const sl = s.slice(lo, hi);
    let n = 0;
    for (let i = sl.indexOf(sub); i >= 0; i = sl.indexOf(sub, i + sub.length)) n++;
    return n;
  }),

  // https://github.com/bazelbuild/starlark/blob/master/spec.md#stringelems
  elems: m('elems', NONE_SIG, (s) => frozenList(s.split(''))),

  // https://github.com/bazelbuild/starlark/blob/master/spec.md#stringendswith
  endswith: m('endswith', { params: [{ name: 'sub', type: 'string|tuple' }, START, END] }, (s, a) => {
    const [lo, hi] = bounds(s, a[1]!, a[2]!);
    for (const suf of affixes('endswith', a[0]!)) {
      if (lo + suf.length <= hi && s.startsWith(suf, hi - suf.length)) return true;
    }
    return false;
  }),

  // https://github.com/bazelbuild/starlark/blob/master/spec.md#stringfind
  find: m('find', { params: [SUB, START, END] }, (s, a) => find(true, s, a)),

  // https://github.com/bazelbuild/starlark/blob/master/spec.md#stringformat
  format: {
    impl: (_thread, args, kwargs, self) => formatString(self as string, args, kwargs),
  },

  // https://github.com/bazelbuild/starlark/blob/master/spec.md#stringindex
  index: m('index', { params: [SUB, START, END] }, (s, a) => {
    const i = find(true, s, a);
    if (i < 0) throw new EvalError('substring not found');
    return i;
  }),

  // https://github.com/bazelbuild/starlark/blob/master/spec.md#stringisalnum
  isalnum: m('isalnum', NONE_SIG, (s) =>
    matchesAll(s, (c, k) => isAsciiUpper(k) || isAsciiLower(k) || DIGIT.test(c)),
  ),
  // https://github.com/bazelbuild/starlark/blob/master/spec.md#stringisalpha
  isalpha: m('isalpha', NONE_SIG, (s) => matchesAll(s, (_c, k) => isAsciiUpper(k) || isAsciiLower(k))),
  // https://github.com/bazelbuild/starlark/blob/master/spec.md#stringisdigit
  isdigit: m('isdigit', NONE_SIG, (s) => matchesAll(s, (c) => DIGIT.test(c))),
  // https://github.com/bazelbuild/starlark/blob/master/spec.md#stringislower
  islower: m('islower', NONE_SIG, (s) => casedOnly(s, isAsciiUpper)),
  // https://github.com/bazelbuild/starlark/blob/master/spec.md#stringisspace
  isspace: m('isspace', NONE_SIG, (s) => matchesAll(s, (_c, k) => isWhitespace(k))),
  // https://github.com/bazelbuild/starlark/blob/master/spec.md#stringistitle
  istitle: m('istitle', NONE_SIG, (s) => isTitle(s)),
  // https://github.com/bazelbuild/starlark/blob/master/spec.md#stringisupper
  isupper: m('isupper', NONE_SIG, (s) => casedOnly(s, isAsciiLower)),

  // https://github.com/bazelbuild/starlark/blob/master/spec.md#stringjoin
  join: m('join', { params: [{ name: 'elements' }] }, (s, a) => {
    const parts: string[] = [];
    let i = 0;
    for (const e of iterate(a[0]!)) {
      if (typeof e !== 'string') {
        throw new EvalError(`expected string for sequence element ${i}, got '${typeName(e)}'`);
      }
      parts.push(e);
      i++;
    }
    return parts.join(s);
  }),

  // https://github.com/bazelbuild/starlark/blob/master/spec.md#stringlower
  lower: m('lower', NONE_SIG, (s) => asciiLower(s)),

  // https://github.com/bazelbuild/starlark/blob/master/spec.md#stringlstrip
  lstrip: m('lstrip', { params: [CHARS] }, (s, a) => lstrip(s, a[0] === None ? LATIN1_WHITESPACE : (a[0] as string))),

  // https://github.com/bazelbuild/starlark/blob/master/spec.md#stringpartition
  partition: m('partition', { params: [{ name: 'sep', type: 'string' }] }, (s, a) => {
    const sep = a[0] as string;
    if (sep.length === 0) throw new EvalError('empty separator');
    const i = s.indexOf(sep);
    return i < 0 ? tuple([s, '', '']) : tuple([s.slice(0, i), sep, s.slice(i + sep.length)]);
  }),

  // https://github.com/bazelbuild/starlark/blob/master/spec.md#stringremoveprefix
  removeprefix: {
    impl: (_t, args, kwargs, self) => {
      const a = unpackArgs('removeprefix', args, kwargs, { params: [{ name: 'prefix', type: 'string' }] });
      const s = self as string;
      const p = a[0] as string;
      return s.startsWith(p) ? s.slice(p.length) : s;
    },
    enabled: (sem) => sem.hasRemovePrefix,
  },

  // https://github.com/bazelbuild/starlark/blob/master/spec.md#stringremovesuffix
  removesuffix: {
    impl: (_t, args, kwargs, self) => {
      const a = unpackArgs('removesuffix', args, kwargs, { params: [{ name: 'suffix', type: 'string' }] });
      const s = self as string;
      const p = a[0] as string;
      return p.length > 0 && s.endsWith(p) ? s.slice(0, s.length - p.length) : s;
    },
    enabled: (sem) => sem.hasRemovePrefix,
  },

  // https://github.com/bazelbuild/starlark/blob/master/spec.md#stringreplace
  replace: m(
    'replace',
    { params: [{ name: 'old', type: 'string' }, { name: 'new', type: 'string' }, { name: 'count', type: 'int', default: -1 }] },
    (s, a) => {
      const old = a[0] as string;
      const neu = a[1] as string;
      let count = toInt32(a[2]!, 'count');
      if (count < 0) count = Infinity;
      let out = '';
      let start = 0;
      for (let i = 0; i < count; i++) {
        if (old.length === 0) {
          out += neu;
          if (start < s.length) out += s[start++];
          else break;
        } else {
          const end = s.indexOf(old, start);
          if (end < 0) break;
          out += s.slice(start, end) + neu;
          start = end + old.length;
        }
      }
      return out + s.slice(start);
    },
  ),

  // https://github.com/bazelbuild/starlark/blob/master/spec.md#stringrfind
  rfind: m('rfind', { params: [SUB, START, END] }, (s, a) => find(false, s, a)),

  // https://github.com/bazelbuild/starlark/blob/master/spec.md#stringrindex
  rindex: m('rindex', { params: [SUB, START, END] }, (s, a) => {
    const i = find(false, s, a);
    if (i < 0) throw new EvalError('substring not found');
    return i;
  }),

  // https://github.com/bazelbuild/starlark/blob/master/spec.md#stringrpartition
  rpartition: m('rpartition', { params: [{ name: 'sep', type: 'string' }] }, (s, a) => {
    const sep = a[0] as string;
    if (sep.length === 0) throw new EvalError('empty separator');
    const i = s.lastIndexOf(sep);
    return i < 0 ? tuple(['', '', s]) : tuple([s.slice(0, i), sep, s.slice(i + sep.length)]);
  }),

  // https://github.com/bazelbuild/starlark/blob/master/spec.md#stringrsplit
  rsplit: m(
    'rsplit',
    { params: [{ name: 'sep', type: 'string' }, { name: 'maxsplit', type: 'int|NoneType', default: None }] },
    (s, a) => {
      const sep = a[0] as string;
      if (sep.length === 0) throw new EvalError('Empty separator');
      let max = a[1] === None ? Infinity : toInt32(a[1]!, 'maxsplit');
      const res: string[] = [];
      let end = s.length;
      for (;;) {
        const start = end - 1 < 0 ? -1 : s.lastIndexOf(sep, end - 1);
        if (start < 0 || max-- === 0) {
          res.push(s.slice(0, end));
          break;
        }
        res.push(s.slice(start + sep.length, end));
        end = start;
      }
      return new List(res.reverse());
    },
  ),

  // https://github.com/bazelbuild/starlark/blob/master/spec.md#stringrstrip
  rstrip: m('rstrip', { params: [CHARS] }, (s, a) => rstrip(s, a[0] === None ? LATIN1_WHITESPACE : (a[0] as string))),

  // https://github.com/bazelbuild/starlark/blob/master/spec.md#stringsplit
  split: m(
    'split',
    { params: [{ name: 'sep', type: 'string' }, { name: 'maxsplit', type: 'int|NoneType', default: None }] },
    (s, a) => {
      const sep = a[0] as string;
      if (sep.length === 0) throw new EvalError('Empty separator');
      let max = a[1] === None ? Infinity : toInt32(a[1]!, 'maxsplit');
      const res: string[] = [];
      let start = 0;
      for (;;) {
        const end = s.indexOf(sep, start);
        if (end < 0 || max-- === 0) {
          res.push(s.slice(start));
          break;
        }
        res.push(s.slice(start, end));
        start = end + sep.length;
      }
      return new List(res);
    },
  ),

  // https://github.com/bazelbuild/starlark/blob/master/spec.md#stringsplitlines
  splitlines: m('splitlines', { params: [{ name: 'keepends', type: 'bool', default: false }] }, (s, a) =>
    frozenList(splitLines(s, a[0] as boolean)),
  ),

  // https://github.com/bazelbuild/starlark/blob/master/spec.md#stringstartswith
  startswith: m('startswith', { params: [{ name: 'sub', type: 'string|tuple' }, START, END] }, (s, a) => {
    const [lo, hi] = bounds(s, a[1]!, a[2]!);
    for (const pre of affixes('startswith', a[0]!)) {
      if (lo + pre.length <= hi && s.startsWith(pre, lo)) return true;
    }
    return false;
  }),

  // https://github.com/bazelbuild/starlark/blob/master/spec.md#stringstrip
  strip: m('strip', { params: [CHARS] }, (s, a) => {
    const chars = a[0] === None ? LATIN1_WHITESPACE : (a[0] as string);
    return lstrip(rstrip(s, chars), chars);
  }),

  // https://github.com/bazelbuild/starlark/blob/master/spec.md#stringtitle
  title: m('title', NONE_SIG, (s) => {
    let out = '';
    let prevLetter = false;
    for (let i = 0; i < s.length; i++) {
      let c = s[i]!;
      const letter = LETTER.test(c);
      if (letter) {
        if (prevLetter && UPPER_LETTER.test(c)) c = charLower(c);
        else if (!prevLetter && LOWER_LETTER.test(c)) c = charUpper(c);
      }
      out += c;
      prevLetter = letter;
    }
    return out;
  }),

  // https://github.com/bazelbuild/starlark/blob/master/spec.md#stringupper
  upper: m('upper', NONE_SIG, (s) => asciiUpper(s)),
};

defineMethods('string', methods);

