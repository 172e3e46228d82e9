// Expansion of a genrule command, in Bazel's order: location functions, then make variables; the shell does
// the rest.
//
// Bazel expands both in one pass of TemplateExpander (`$$` → `$`, `$(name)`, `$(function arg)`, `$@`, `$<` and `$^`); rulepen runs the same scanner twice so that each stage's text can be shown: the first pass
// replaces only `$(location …)`, `$(locations …)`, `$(execpath(s) …)` and `$(rootpath(s) …)` and copies
// everything else (`$$` included) unchanged; the second pass turns `$$` into `$` and replaces the make
// variables. Because the first pass leaves `$$` alone, `$$(location x)` still reaches the shell as
// `$(location x)`, as in Bazel. Messages are Bazel's (LocationExpander, GenRuleBase.CommandResolverContext).

import { labelToString, LabelSyntaxError, parseLabelInPackage, type Label, type LabelDialect } from '../loading/index.ts';
import type { Artifact } from './artifacts.ts';

export class ExpansionError extends Error {
  override readonly name = 'ExpansionError';
}

const LOCATION_FUNCTIONS = new Set(['location', 'locations', 'execpath', 'execpaths', 'rootpath', 'rootpaths']);

type Piece = { kind: 'text'; text: string } | { kind: 'dollar' } | { kind: 'var'; name: string; raw: string } | { kind: 'fn'; name: string; arg: string; raw: string };

/** Character.isJavaIdentifierPart, for the characters a command holds. */
const JAVA_IDENTIFIER_PART = /[\p{L}\p{N}_$\p{Sc}\p{Pc}\p{Mn}\p{Mc}]/u;

/** TemplateExpander's scanner: `$$`, `$(…)`, and of the one-character variables only `$@`, `$<` and `$^`. */
function scan(template: string): Piece[] {
  const out: Piece[] = [];
  let text = '';
  const flush = () => {
    if (text) out.push({ kind: 'text', text });
    text = '';
  };
  for (let i = 0; i < template.length; i++) {
    const c = template[i]!;
    if (c !== '$') {
      text += c;
      continue;
    }
    if (i + 1 >= template.length) throw new ExpansionError("unterminated $");
    const n = template[i + 1]!;
    if (n === '$') {
      flush();
      out.push({ kind: 'dollar' });
      i++;
      continue;
    }
    if (n === '(') {
      const end = template.indexOf(')', i + 2);
      if (end < 0) throw new ExpansionError('unterminated variable reference');
      const body = template.slice(i + 2, end);
      const raw = template.slice(i, end + 1);
      flush();
      const sp = body.indexOf(' ');
      if (sp >= 0) out.push({ kind: 'fn', name: body.slice(0, sp), arg: body.slice(sp + 1).trim(), raw });
      else out.push({ kind: 'var', name: body, raw });
      i = end;
      continue;
    }
    if (n === '{') {
      // Bazel's make-variable expander rejects shell-style `${…}` outright.
      const end = template.indexOf('}', i + 2);
      if (end < 0) throw new ExpansionError('unterminated variable reference');
      const v = template.slice(i + 2, end);
      throw new ExpansionError(`'\${${v}}' syntax is not supported; use '$(${v})' instead for "Make" variables, or escape the '$' as '$$' if you intended this for the shell`);
    }
    if (n === '@' || n === '<' || n === '^') {
      flush();
      out.push({ kind: 'var', name: n, raw: '$' + n });
      i++;
      continue;
    }
    // Any other `$x…` (the character and the identifier characters after it) is taken for a shell variable.
    let end = i + 2;
    while (end < template.length && JAVA_IDENTIFIER_PART.test(template[end]!)) end++;
    const v = template.slice(i + 1, end);
    throw new ExpansionError(`'$${v}' syntax is not supported; use '$(${v})' instead for "Make" variables, or escape the '$' as '$$' if you intended this for the shell`);
  }
  flush();
  return out;
}

export interface LocationContext {
  /** The rule's package, to resolve relative labels. */
  readonly pkg: { repo: string; pkg: string };
  readonly dialect: LabelDialect;
  /** Declared prerequisites (srcs, tools, outs) by canonical label: their files. */
  readonly labelMap: ReadonlyMap<string, readonly Artifact[]>;
  /** `../<repo>/…` or `<short path>` for rootpath. */
  readonly rootPath: (a: Artifact) => string;
}

/** Stage 1: location functions replaced; everything else kept as written. */
export function expandLocations(template: string, ctx: LocationContext): string {
  let out = '';
  for (const p of scan(template)) {
    if (p.kind === 'text') out += p.text;
    else if (p.kind === 'dollar') out += '$$';
    else if (p.kind === 'var') out += p.raw;
    else if (LOCATION_FUNCTIONS.has(p.name)) out += locationFunction(p.name, p.arg, ctx);
    else out += p.raw;
  }
  return out;
}

function locationFunction(fn: string, arg: string, ctx: LocationContext): string {
  const plural = fn.endsWith('s');
  // Bazel's LocationExpander names every function $(location) or $(locations) in its messages (checked with
  // 4.2.3: `$(execpath :m)` → "in $(location) expression … please use $(locations //p:m)").
  const said = plural ? 'locations' : 'location';
  let label: Label;
  try {
    // LocationExpander resolves the argument with Label.getRelativeWithRemapping, which rejects '' first.
    if (arg === '') throw new LabelSyntaxError('empty package-relative label');
    label = parseLabelInPackage(arg, ctx.pkg, ctx.dialect);
  } catch (e) {
    if (e instanceof LabelSyntaxError) throw new ExpansionError(`invalid label in $(${said}) expression: ${e.message}`);
    throw e;
  }
  const key = labelToString(label);
  const files = ctx.labelMap.get(key);
  if (!files) throw new ExpansionError(`label '${key}' in $(${said}) expression is not a declared prerequisite of this rule`);
  const single = plural ? fn.slice(0, -1) : fn;
  const path = (a: Artifact) => (single === 'rootpath' ? ctx.rootPath(a) : a.execPath);
  const paths = files.map(path);
  // LocationExpander: a label with no files fails $(locations) too.
  if (paths.length === 0) throw new ExpansionError(`label '${key}' in $(${said}) expression expands to no files`);
  if (!plural) {
    if (paths.length > 1) {
      const shown = [...paths].sort().slice(0, 5);
      throw new ExpansionError(
        `label '${key}' in $(${said}) expression expands to more than one file, please use $(locations ${key}) instead.  Files (at most 5 shown) are: [${shown.join(', ')}]`,
      );
    }
    return paths[0]!;
  }
  return [...new Set(paths)].sort().join(' ');
}

/** Stage 2: `$$` → `$`, make variables replaced (lookup returns undefined for an unknown name). */
export function expandMakeVariables(template: string, lookup: (name: string) => string | undefined): string {
  let out = '';
  for (const p of scan(template)) {
    if (p.kind === 'text') out += p.text;
    else if (p.kind === 'dollar') out += '$';
    else if (p.kind === 'var') {
      const v = lookup(p.name);
      if (v === undefined) throw new ExpansionError(`$(${p.name}) not defined`);
      out += v;
    } else throw new ExpansionError(`$(${p.name}) not defined`);
  }
  return out;
}

/** GenRuleBase.expandSingletonArtifact. */
export function singleton(paths: readonly string[], variable: string, what: string): string {
  if (paths.length === 0) throw new ExpansionError(`variable '${variable}' : no ${what}`);
  if (paths.length > 1) throw new ExpansionError(`variable '${variable}' : more than one ${what}`);
  return paths[0]!;
}
