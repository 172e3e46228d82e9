// Target patterns: the command-line and query grammar for naming sets of targets (Bazel's TargetPattern.Parser).
//
//   pattern                       | kind      | meaning
//   ------------------------------+-----------+--------------------------------------------------------------
//   //foo/bar:wiz                 | single    | one target
//   //foo/bar                     | single    | //foo/bar:bar
//   //foo:all                     | package   | every rule of package foo
//   //foo:*, //foo:all-targets    | package   | every target (rules, files, package groups) of foo
//   //foo/..., //foo/...:all      | below     | every rule of every package beneath foo (and foo itself)
//   //foo/...:*, …:all-targets    | below     | every target of those packages
//   //...                         | below     | everything in the main repository
//   :wiz, bar:wiz, :all, ...      | (any)     | relative to the working directory (the workspace root here)
//   foo/bar/wiz                   | path      | a path: the target of that name in the package that contains it
//   foo/bar/BUILD                 | path      | a path like any other (Bazel once read it as //foo/bar:BUILD; no
//                                 |           | longer: a target `bar/BUILD` of package foo, or package foo/bar/BUILD)
//   @repo//foo:bar, @//foo:bar    | (any)     | in repository `repo` / the main repository
//
// Parsing follows Bazel 4.2.3's TargetPattern.Parser step by step (the package part ends at the *last* colon;
// a single target is then validated as `//` + pattern, whose *first* colon splits it — hence
// "invalid target name 'b:c'" for `//a:b:c`). On command lines of build/test a leading `-` subtracts
// (`parseCommandLinePatterns`); query has `except` instead.

import {
  validatePackageName,
  validateRepoName,
  validateTargetName,
  type Label,
  type LabelDialect,
} from './label.ts';

export type TargetPattern =
  | { readonly kind: 'single'; readonly raw: string; readonly label: Label }
  /** `wildcard`: the target part as written (`all`, `all-targets`, `*`). */
  | { readonly kind: 'package'; readonly raw: string; readonly repo: string; readonly pkg: string; readonly rulesOnly: boolean; readonly wildcard: string }
  | { readonly kind: 'below'; readonly raw: string; readonly repo: string; readonly dir: string; readonly rulesOnly: boolean }
  | { readonly kind: 'path'; readonly raw: string; readonly path: string };

/** A pattern that does not parse; the message is Bazel's. */
export class TargetParsingError extends Error {
  override readonly name = 'TargetParsingError';
}

const ALL_RULES = ['all'];
const ALL_TARGETS = ['*', 'all-targets'];

export interface PatternOptions {
  readonly dialect: LabelDialect;
  /** The working directory relative to the workspace root ('' at the root). */
  readonly relativeDirectory?: string;
}

/** Parses one target pattern (no leading `-`). Throws TargetParsingError. */
export function parseTargetPattern(original: string, opts: PatternOptions): TargetPattern {
  const rel = opts.relativeDirectory ?? '';
  let pattern = original;
  let repo = '';
  const includesRepo = pattern.startsWith('@');
  if (includesRepo) {
    const pkgStart = pattern.indexOf('//');
    if (pkgStart < 0) throw new TargetParsingError(`Couldn't find package in target ${pattern}`);
    const canonical = opts.dialect === 'modern' && pattern.startsWith('@@');
    repo = pattern.slice(canonical ? 2 : 1, pkgStart);
    const e = validateRepoName(repo, opts.dialect);
    if (e) throw new TargetParsingError(e);
    pattern = pattern.slice(pkgStart);
  }
  const isAbsolute = pattern.startsWith('//');
  pattern = isAbsolute ? pattern.slice(2) : absolutize(pattern, rel);
  if (pattern.startsWith('/')) throw new TargetParsingError(`not a relative path or label: '${pattern}'`);
  if (pattern === '') throw new TargetParsingError('the empty string is not a valid target');

  // Current Bazel parses a pattern's package and target with LabelParser.Parts (the first colon splits, so
  // `bad:*:*` has the target name '*:*'); 4.2.3 split at the last colon ("Invalid package name 'bad:*'").
  const colon = opts.dialect === 'modern' ? pattern.indexOf(':') : pattern.lastIndexOf(':');
  let pkgPart = colon < 0 ? pattern : pattern.slice(0, colon);
  const targetPart = colon < 0 ? '' : pattern.slice(colon + 1);
  if (pkgPart === '...') pkgPart = '/...';
  if (pkgPart.endsWith('/')) throw new TargetParsingError(`The package part of '${original}' should not end in a slash`);

  const checkPkg = (p: string): string => {
    const e = validatePackageName(p, opts.dialect);
    if (e) throw new TargetParsingError(`Invalid package name '${p}': invalid package name '${p}': ${e}`);
    return p;
  };
  if (pkgPart.endsWith('/...')) {
    const dir = pkgPart.slice(0, -4);
    if (targetPart === '' || ALL_RULES.includes(targetPart)) {
      return { kind: 'below', raw: original, repo, dir: checkPkg(dir), rulesOnly: true };
    }
    if (ALL_TARGETS.includes(targetPart)) return { kind: 'below', raw: original, repo, dir: checkPkg(dir), rulesOnly: false };
  }
  if (ALL_RULES.includes(targetPart)) return { kind: 'package', raw: original, repo, pkg: checkPkg(pkgPart), rulesOnly: true, wildcard: targetPart };
  if (ALL_TARGETS.includes(targetPart)) return { kind: 'package', raw: original, repo, pkg: checkPkg(pkgPart), rulesOnly: false, wildcard: targetPart };

  if (includesRepo || isAbsolute || pattern.includes(':')) {
    // LabelValidator.validateAbsoluteLabel("//" + pattern): the first colon splits.
    const c = pattern.indexOf(':');
    const pkg = c < 0 ? pattern : pattern.slice(0, c);
    const name = c < 0 ? pkg.slice(pkg.lastIndexOf('/') + 1) : pattern.slice(c + 1);
    const fail = (msg: string) => new TargetParsingError(`invalid target format '${original}': ${msg}`);
    const pe = validatePackageName(pkg, opts.dialect);
    if (pe) {
      const hint = pkg.endsWith('/' + name) ? ` (perhaps you meant ":${name}"?)` : '';
      throw fail(`invalid package name '${pkg}': ${pe}${hint}`);
    }
    const te = validateTargetName(name);
    if (te) throw fail(`invalid target name '${name}': ${te}`);
    return { kind: 'single', raw: original, label: { repo, pkg, name: name.endsWith('/.') ? name.slice(0, -2) : name } };
  }
  // A relative path such as foo/bar/wiz.txt: only its first segment is checked now; the workspace decides later
  // which package it falls in.
  const first = pattern.includes('/') ? pattern.slice(0, pattern.indexOf('/')) : pattern;
  const fe = validatePackageName(first, opts.dialect);
  if (fe) throw new TargetParsingError(`Bad target pattern '${original}': invalid package name '${first}': ${fe}`);
  return { kind: 'path', raw: original, path: pattern };
}

function absolutize(pattern: string, rel: string): string {
  if (rel === '' || pattern.startsWith('/')) return pattern;
  return pattern.startsWith(':') ? rel + pattern : rel + '/' + pattern;
}

/** One command-line word of build/test: a pattern, possibly negative (`-//foo/...`). */
export interface CommandLinePattern {
  readonly pattern: TargetPattern;
  readonly negative: boolean;
}

/** Parses build/test target words; a leading `-` subtracts (only after `--` can a positive word start with `-`). */
export function parseCommandLinePatterns(words: readonly string[], opts: PatternOptions): CommandLinePattern[] {
  return words.map((w) => {
    const negative = w.startsWith('-');
    return { pattern: parseTargetPattern(negative ? w.slice(1) : w, opts), negative };
  });
}

/** True when the pattern names more than one target by a wildcard (`:all`, `:*`, `/...`). */
/**
 * A package wildcard (`:all`, `:all-targets`, `:*`) that is also the name of a rule of the package means that rule,
 * with Bazel's warning (TargetPattern.InTargetDirectory's wildcard conflict).
 */
export function wildcardConflict(p: TargetPattern, targets: ReadonlyMap<string, { readonly kind: string; readonly ruleClass?: string }>): { readonly name: string; readonly warning: string } | undefined {
  if (p.kind !== 'package') return undefined;
  const t = targets.get(p.wildcard);
  if (!t || t.kind !== 'rule') return undefined;
  return { name: p.wildcard, warning: `The target pattern '${p.raw}' is ambiguous: ':${p.wildcard}' is both a wildcard, and the name of an existing ${t.ruleClass} rule; using the latter interpretation` };
}

export function isWildcard(p: TargetPattern): boolean {
  return p.kind === 'package' || p.kind === 'below';
}
