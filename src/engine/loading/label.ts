// Labels: parsing (as Bazel's LabelParser and LabelValidator), canonical printing and ordering.
//
// A label names a target: a repository, a package and a name. How a string splits into those parts, after
// LabelParser.Parts.parse (the 'modern' dialect; 'bazel4' has neither `@@` nor the `...` column):
//
//   raw                   | repo   | canonical | pkgIsAbsolute | pkg       | tripleDots | target
//   ----------------------+--------+-----------+---------------+-----------+------------+-----------
//   "foo/bar"             | null   | false     | false         | ""        | false      | "foo/bar"
//   "..."                 | null   | false     | false         | ""        | true       | ""
//   "foo/..."             | null   | false     | false         | "foo"     | true       | ""
//   "//foo/bar"           | null   | false     | true          | "foo/bar" | false      | "bar"
//   "//foo/...:all"       | null   | false     | true          | "foo"     | true       | "all"
//   "@repo"               | "repo" | false     | true          | ""        | false      | "repo"
//   "@@repo"              | "repo" | true      | true          | ""        | false      | "repo"
//   "@repo//foo/bar"      | "repo" | false     | true          | "foo/bar" | false      | "bar"
//   "@//foo:bar"          | ""     | false     | true          | "foo"     | false      | "bar"   (the main repo)
//   ":quux"               | null   | false     | false         | ""        | false      | "quux"
//   "foo/bar:quux"        | null   | false     | false         | "foo/bar" | false      | "quux"
//   "//foo/bar:quux"      | null   | false     | true          | "foo/bar" | false      | "quux"
//   "@repo//foo/bar:quux" | "repo" | false     | true          | "foo/bar" | false      | "quux"
//
// Three entry points, as in Bazel: `parseAbsoluteLabel` (must start with `//` or `@`: Label() of an absolute
// string, select() keys printed back), `parseLabelInPackage` (strings in BUILD files: `:x` and `x` are relative to
// the package) and the target-pattern parser in pattern.ts, which has its own grammar. Errors are
// LabelSyntaxError with Bazel's message text.

import type { Profile } from '../base/index.ts';

export type LabelDialect = Profile['labels'];

/** A resolved label. `repo` is '' for the main repository. */
export interface Label {
  readonly repo: string;
  readonly pkg: string;
  readonly name: string;
}

/** A label string that does not parse; the message is Bazel's. */
export class LabelSyntaxError extends Error {
  override readonly name = 'LabelSyntaxError';
}

/** Whether an attribute value is a Label (not a string, list or other value). */
export function isLabel(v: unknown): v is Label {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && 'pkg' in v && 'name' in v && 'repo' in v;
}

export function makeLabel(pkg: string, name: string, repo = ''): Label {
  return { repo, pkg, name };
}

/** `//pkg:name` or `@repo//pkg:name` (the form Bazel prints in query output and messages). */
export function labelToString(l: Label): string {
  return `${l.repo ? '@' + l.repo : ''}//${l.pkg}:${l.name}`;
}

/** A label in current Bazel's canonical form, as str(Label) prints it: `@@//pkg:name`, `@@repo//pkg:name`. */
export function canonicalLabelString(l: Label): string {
  return (l.repo ? '@' : '@@') + labelToString(l);
}

/** `//pkg` or `@repo//pkg`: a package identifier as Bazel prints it in `no such package '…'`. */
export function packageIdToString(repo: string, pkg: string): string {
  return repo ? `@${repo}//${pkg}` : pkg;
}

export function labelEquals(a: Label, b: Label): boolean {
  return a.name === b.name && a.pkg === b.pkg && a.repo === b.repo;
}

/**
 * Bazel's Label.compareTo: repository (main first), then package name, then target name, each compared as
 * plain strings (UTF-16 code units, as Java's String.compareTo): `a` < `a-b` < `a/b`.
 */
export function compareLabels(a: Label, b: Label): number {
  if (a.repo !== b.repo) {
    if (a.repo === '') return -1;
    if (b.repo === '') return 1;
    return a.repo < b.repo ? -1 : 1;
  }
  if (a.pkg !== b.pkg) return a.pkg < b.pkg ? -1 : 1;
  if (a.name !== b.name) return a.name < b.name ? -1 : 1;
  return 0;
}

// ---------------------------------------------------------------------------------------------------------
// Validation (LabelValidator, RepositoryName)

const PACKAGE_CHARS = /^[0-9A-Za-z !"#$%&'()*+,\-./;<=>?@[\]^_`{|}~]*$/;

function packageNameCharsError(dialect: LabelDialect): string {
  return dialect === 'bazel4'
    ? "package names may contain A-Z, a-z, 0-9, or any of ' !\"#$%&'()*+,-./;<=>?[]^_`{|}~' (most 7-bit ascii characters except 0-31, 127, ':', or '\\')"
    : "package names may contain A-Z, a-z, 0-9, or any of ' !\"#$%&'()*+,-./;<=>?[]^_`{|}~' (any ASCII character except 0-31, 127, ':', or '\\')";
}

/** LabelValidator.validatePackageName: null when valid, else the reason. */
export function validatePackageName(pkg: string, dialect: LabelDialect = 'modern'): string | null {
  if (pkg.length === 0) return null;
  if (pkg[0] === '/') return "package names may not start with '/'";
  if (!PACKAGE_CHARS.test(pkg)) return packageNameCharsError(dialect);
  if (pkg.endsWith('/')) return "package names may not end with '/'";
  // Scanning backwards, as Bazel does, decides which of the two messages a name like "a//.." gets.
  let nonDot = false;
  let lastSlash = true;
  for (let i = pkg.length - 1; i >= -1; i--) {
    const c = i >= 0 ? pkg[i] : '/';
    if (c === '/') {
      if (lastSlash) return "package names may not contain '//' path separators";
      if (!nonDot) return "package name component contains only '.' characters";
      nonDot = false;
      lastSlash = true;
    } else {
      if (c !== '.') nonDot = true;
      lastSlash = false;
    }
  }
  return null;
}

const TARGET_ALWAYS_OK = /[\p{L}\p{Nd} "#$&'()*+,;<=>?[\]{|}~!%\-@^_`]/u;
/** TARGET_ALWAYS_OK (or '.') for each ASCII code: the per-character check without a regular expression. */
const TARGET_ASCII_OK = Array.from({ length: 128 }, (_, c) => TARGET_ALWAYS_OK.test(String.fromCharCode(c)) || c === 46);

/** LabelValidator.validateTargetName: null when valid, else the reason. */
export function validateTargetName(name: string): string | null {
  const len = name.length;
  if (len === 0) return 'empty target name';
  let c = name[0];
  if (c === '/') return "target names may not start with '/'";
  if (c === '.') {
    if (name.startsWith('../') || name === '..') return "target names may not contain up-level references '..'";
    if (name === '.') return null;
    if (name.startsWith('./')) return "target names may not contain '.' as a path segment";
  }
  if (name.endsWith('\r')) {
    return 'target names may not end with carriage returns (perhaps the input source is CRLF-terminated)';
  }
  for (let i = 0; i < len; i++) {
    c = name[i];
    const code = name.charCodeAt(i);
    if (code >= 128 || TARGET_ASCII_OK[code]) continue;
    if (c === '/') {
      if (name.startsWith('/../', i)) return "target names may not contain up-level references '..'";
      if (name.startsWith('/./', i)) return "target names may not contain '.' as a path segment";
      if (name.startsWith('//', i)) return "target names may not contain '//' path separators";
      continue;
    }
    if (code <= 0x1f || code === 0x7f) {
      return `target names may not contain non-printable characters: '\\x${code.toString(16).toUpperCase().padStart(2, '0')}'`;
    }
    return `target names may not contain '${c}'`;
  }
  if (c === '.') {
    if (name.endsWith('/..')) return "target names may not contain up-level references '..'";
    if (name.endsWith('/.')) return null;
  }
  if (c === '/') return "target names may not end with '/'";
  return null;
}

/** RepositoryName.validate (the name without its `@`s): null when valid, else the whole message. */
export function validateRepoName(repo: string, dialect: LabelDialect): string | null {
  if (dialect === 'bazel4') {
    if (repo === '.' || repo === '..') return `invalid repository name '@${repo}': workspace names are not allowed to be '@${repo}'`;
    if (!/^[\w\-.]*$/.test(repo)) {
      return `invalid repository name '@${repo}': workspace names may contain only A-Z, a-z, 0-9, '-', '_' and '.'`;
    }
    return null;
  }
  if (repo === '' || repo === '_builtins') return null;
  if (repo === '.' || repo === '..') return `invalid repository name '${repo}': repo names are not allowed to be '${repo}'`;
  if (!/^[\w\-.+]*$/.test(repo)) {
    return `invalid repository name '${repo}': repo names may contain only A-Z, a-z, 0-9, '-', '_', '.' and '+'`;
  }
  return null;
}

function perhapsYouMeant(pkg: string, target: string): string {
  return pkg.endsWith('/' + target) ? ` (perhaps you meant ":${target}"?)` : '';
}

function checkPackage(pkg: string, target: string, dialect: LabelDialect): void {
  const e = validatePackageName(pkg, dialect);
  if (e) throw new LabelSyntaxError(`invalid package name '${pkg}': ${e}${perhapsYouMeant(pkg, target)}`);
}

/** Validates a target name; returns it without a trailing "/." (accepted for legacy reasons). */
function checkTarget(pkg: string, target: string): string {
  const e = validateTargetName(target);
  if (e) throw new LabelSyntaxError(`invalid target name '${target}': ${e}${perhapsYouMeant(pkg, target)}`);
  return target.endsWith('/.') ? target.slice(0, -2) : target;
}

// ---------------------------------------------------------------------------------------------------------
// Splitting (LabelParser.Parts)

export interface LabelParts {
  /** The repository without its `@`s; null when the string has no `@` part. */
  readonly repo: string | null;
  readonly repoIsCanonical: boolean;
  readonly pkgIsAbsolute: boolean;
  readonly pkg: string;
  readonly pkgEndsWithTripleDots: boolean;
  readonly target: string;
  readonly raw: string;
}

/** LabelParser.Parts.parse in the given dialect; the parts are validated. */
export function parseLabelParts(raw: string, dialect: LabelDialect): LabelParts {
  const modern = dialect === 'modern';
  const repoIsCanonical = modern && raw.startsWith('@@');
  const dslash = raw.indexOf('//');
  let repo: string | null = null;
  let start: number;
  let pkgIsAbsolute: boolean;
  if (raw.startsWith('@')) {
    const skip = repoIsCanonical ? 2 : 1;
    if (dslash < 0) {
      repo = raw.slice(skip);
      return finish(repo, repoIsCanonical, true, '', false, repo);
    }
    repo = raw.slice(skip, dslash);
    start = dslash + 2;
    pkgIsAbsolute = true;
  } else {
    pkgIsAbsolute = dslash === 0;
    start = dslash === 0 ? 2 : 0;
  }
  const colon = raw.indexOf(':', start);
  const rawPkg = raw.slice(start, colon >= 0 ? colon : raw.length);
  const dots = modern && (rawPkg.endsWith('/...') || rawPkg === '...');
  const strip = (p: string) => (!dots ? p : p === '...' ? '' : p.slice(0, -4));
  let pkg: string;
  let target: string;
  if (colon < 0 && dots) {
    pkg = strip(rawPkg);
    target = '';
  } else if (colon < 0 && !pkgIsAbsolute) {
    pkg = '';
    target = raw.slice(start);
  } else {
    pkg = strip(rawPkg);
    target = colon >= 0 ? raw.slice(colon + 1) : pkg.slice(pkg.lastIndexOf('/') + 1);
  }
  return finish(repo, repoIsCanonical, pkgIsAbsolute, pkg, dots, target);

  function finish(r: string | null, canon: boolean, abs: boolean, p: string, d: boolean, t: string): LabelParts {
    if (r !== null) {
      const e = validateRepoName(r, dialect);
      if (e) throw new LabelSyntaxError(e);
    }
    checkPackage(p, t, dialect);
    const target = d && t === '' ? t : checkTarget(p, t);
    return { repo: r, repoIsCanonical: canon, pkgIsAbsolute: abs, pkg: p, pkgEndsWithTripleDots: d, target, raw };
  }
}

/** Label.parseCanonical / parseAbsolute: the string must begin with `//` or `@`. */
export function parseAbsoluteLabel(raw: string, dialect: LabelDialect = 'modern'): Label {
  const parts = parseLabelParts(raw, dialect);
  if (!parts.pkgIsAbsolute) {
    throw new LabelSyntaxError(`invalid label '${raw}': absolute label must begin with '@' or '//'`);
  }
  if (parts.pkgEndsWithTripleDots) throw new LabelSyntaxError(`invalid label '${raw}': package name cannot contain '...'`);
  return { repo: parts.repo ?? '', pkg: parts.pkg, name: parts.target };
}

/**
 * A label as rule schemas write their defaults: canonical, `//pkg:name` or `@repo//pkg:name` (Bazel's tools in the
 * generated tables; a Starlark rule's defaults, converted where its .bzl file declared them). Not for user input.
 */
export function parseCanonicalLabel(s: string): Label {
  const m = /^(?:@([^/]*))?\/\/([^:]*):(.*)$/.exec(s);
  if (!m) throw new LabelSyntaxError(`invalid label '${s}': not a canonical label`);
  return { repo: m[1] ?? '', pkg: m[2]!, name: m[3]! };
}

/** The package a relative label string is resolved against. */
export interface PackageContext {
  readonly repo: string;
  readonly pkg: string;
}

/**
 * A label string as written in a BUILD or .bzl file (Label.parseWithPackageContext; in Bazel 4.2.3
 * Label.getRelativeWithRemapping): `:x` and `x` name targets of the context package.
 */
export function parseLabelInPackage(raw: string, ctx: PackageContext, dialect: LabelDialect): Label {
  // An absolute label names the same target from every package of the main repository: parsed once (BUILD files
  // repeat `//conditions:default`, `//visibility:public` and their config_settings' labels in every package).
  if (ctx.repo === '' && (raw.charCodeAt(0) === 64 || (raw.charCodeAt(0) === 47 && raw.charCodeAt(1) === 47))) {
    let cache = absoluteLabels.get(dialect);
    if (!cache) absoluteLabels.set(dialect, (cache = new Map()));
    let l = cache.get(raw);
    if (l === undefined) {
      l = parseInPackage(raw, ctx, dialect);
      if (cache.size >= ABSOLUTE_LABELS_KEPT) cache.clear();
      cache.set(raw, l);
    }
    return l;
  }
  return parseInPackage(raw, ctx, dialect);
}

/** Absolute label strings already parsed, by dialect (labels are immutable, so they can be shared). */
const absoluteLabels = new Map<LabelDialect, Map<string, Label>>();
const ABSOLUTE_LABELS_KEPT = 100_000;

function parseInPackage(raw: string, ctx: PackageContext, dialect: LabelDialect): Label {
  if (dialect === 'modern' && raw.length > 0) {
    // A package-relative target (`:x`, `x`, `dir/x`): what parseLabelParts makes of it (no package part, the
    // whole rest as the target name), without its parts object.
    const c = raw.charCodeAt(0);
    if (c === 58 /* : */) return { repo: ctx.repo, pkg: ctx.pkg, name: checkTarget('', raw.slice(1)) };
    if (c !== 64 /* @ */ && !raw.startsWith('//') && !raw.includes(':') && raw !== '...' && !raw.endsWith('/...')) {
      return { repo: ctx.repo, pkg: ctx.pkg, name: checkTarget('', raw) };
    }
  }
  if (dialect === 'bazel4') {
    if (raw.length === 0) throw new LabelSyntaxError('empty package-relative label');
    if (raw.startsWith('//') || raw.startsWith('@')) {
      const l = parseAbsoluteLabel(raw, dialect);
      // `//conditions` and `//visibility` always mean the main repository; other labels keep the current one.
      return l.repo === '' && !raw.startsWith('@') ? { ...l, repo: ctx.repo } : l;
    }
    if (raw === ':') throw new LabelSyntaxError("':' is not a valid package-relative label");
    const name = raw.startsWith(':') ? raw.slice(1) : raw;
    return { repo: ctx.repo, pkg: ctx.pkg, name: checkTarget(ctx.pkg, name) };
  }
  const parts = parseLabelParts(raw, dialect);
  if (parts.pkg !== '' && !parts.pkgIsAbsolute) {
    throw new LabelSyntaxError(`invalid label '${raw}': absolute label must begin with '@' or '//'`);
  }
  if (parts.pkgEndsWithTripleDots) throw new LabelSyntaxError(`invalid label '${raw}': package name cannot contain '...'`);
  let repo: string;
  if (parts.repo !== null) repo = parts.repo;
  else if (parts.pkgIsAbsolute && (parts.pkg === 'conditions' || parts.pkg === 'visibility')) repo = '';
  else repo = ctx.repo;
  return { repo, pkg: parts.pkgIsAbsolute ? parts.pkg : ctx.pkg, name: parts.target };
}

/** Parses without throwing: the label, or the error message. */
export function tryParseLabelInPackage(
  raw: string,
  ctx: PackageContext,
  dialect: LabelDialect,
): { label: Label } | { error: string } {
  try {
    return { label: parseLabelInPackage(raw, ctx, dialect) };
  } catch (e) {
    if (e instanceof LabelSyntaxError) return { error: e.message };
    throw e;
  }
}
