// Bazel's messages about targets and the edges between them, in one place and in Bazel's words (users paste
// them into searches): a package or target that does not exist, a dependency that is not visible, a testonly
// target depended on by a non-test one, a package group used as a dependency. Every layer that reports one of
// these (target patterns, query, analysis, config_setting visibility, doc extraction) builds it here.

import { labelToString, type Label } from './label.ts';

/** `no such package '@r//p': The repository '@r' could not be resolved`. */
export function repositoryNotResolved(repo: string, pkg: string): string {
  return `no such package '@${repo}//${pkg}': The repository '@${repo}' could not be resolved`;
}

/** `no such package 'p': BUILD file not found in any of the following directories. …`, naming the absolute directory. */
export function buildFileNotFound(packageId: string, absoluteDir: string): string {
  return `no such package '${packageId}': BUILD file not found in any of the following directories. Add a BUILD file to a directory to mark it as a package.\n - ${absoluteDir}`;
}

/**
 * A package that exists but could not be loaded (a load() failed…): `error loading package 'p': <why>` (Bazel's
 * BuildFileContainsErrorsException; checked with Bazel 4.2.3 on a target pattern in such a package).
 */
export function packageNotLoaded(packageId: string, why: string): string {
  return `error loading package '${packageId}': ${why}`;
}

/**
 * `no such target '//p:x': target 'x' not declared in package 'p' defined by /ws/p/BUILD`. When a source file of
 * that name exists (Bazel only creates file targets for files a rule or exports_files mentions), Bazel adds a hint
 * to export it.
 */
export function noSuchTarget(label: Label, absoluteBuildFile: string, opts: { sourceFileExists?: boolean; buildFile?: string } = {}): string {
  const hint = opts.sourceFileExists
    ? `; however, a source file of this name exists.  (Perhaps add 'exports_files(["${label.name}"])' to ${opts.buildFile ?? `${label.pkg}/BUILD`}?)`
    : '';
  return `no such target '${labelToString(label)}': target '${label.name}' not declared in package '${label.pkg}'${hint} defined by ${absoluteBuildFile}`;
}

/** A target of a package in error, which nothing may use even when it is fine itself. */
export function targetInPackageInError(label: Label): string {
  return `Target '${labelToString(label)}' contains an error and its package is in error`;
}

/** An output file whose generating rule cannot be used: `in target '//p:out', no such label '//p:rule': …`. */
export function inTargetNoSuchLabel(target: Label, label: Label, message: string): string {
  return `in target '${labelToString(target)}', no such label '${labelToString(label)}': ${message}`;
}

/** A recursive target pattern (`//x/...`) names each package in error below it. */
export function packageContainsErrors(pkg: string): string {
  return `package contains errors: ${pkg}`;
}

/** Loading stops at a requested package in error (without --keep_going). */
export function errorLoadingPackageInError(pkg: string): string {
  return `error loading package '${pkg}': Package '${pkg}' contains errors`;
}

/** A loading error met while analysing a rule names the rule: `… and referenced by '//p:t'`. */
export function referencedBy(message: string, rule: Label): string {
  return `${message} and referenced by '${labelToString(rule)}'`;
}

/**
 * A dependency that could not be found, worded for the rule depending on it (Bazel's TargetUtils.formatMissingEdge):
 * a label written in the rule is `… and referenced by '//p:t'`; one the rule has by default (a Starlark rule's
 * private attribute, a default label) `every rule of type t implicitly depends upon the target '//q:x', but this
 * target could not be found because of: …`.
 */
export function missingEdge(message: string, rule: { readonly label: Label; readonly ruleClass: string }, dep: Label, written: boolean): string {
  if (written) return referencedBy(message, rule.label);
  return `every rule of type ${rule.ruleClass} implicitly depends upon the target '${labelToString(dep)}', but this target could not be found because of: ${message}`;
}

/** How Bazel names a dependency reached through aliases (AliasProvider.describeTargetWithAliases). */
export interface DependencyName {
  /** The target finally depended on. */
  readonly label: Label;
  /** The aliases it was reached through, the one written in the attribute first. */
  readonly aliases?: readonly Label[];
}

/**
 * `target '//a:x'`, or through aliases `alias '//a:al' referring to target '//a:x' through '//a:b' -> '//a:c'`;
 * `kind` replaces "target" (`package group`, `genrule rule`) where Bazel names the kind.
 */
export function describeDependency(d: DependencyName, kind = 'target'): string {
  const aliases = d.aliases ?? [];
  if (aliases.length === 0) return `${kind} '${labelToString(d.label)}'`;
  const through = aliases.length > 1 ? ` through '${aliases.slice(1).map(labelToString).join("' -> '")}'` : '';
  return `alias '${labelToString(aliases[0]!)}' referring to ${kind} '${labelToString(d.label)}'${through}`;
}

/**
 * `target '//a:x' is not visible from target '//b:y'. Check the visibility declaration of the former target if you
 * think the dependency is legitimate` — with Bazel's pointer to exports_files() for a source file.
 */
export function notVisible(target: DependencyName, from: Label, opts: { sourceFile?: boolean } = {}): string {
  const tail = opts.sourceFile ? '. To set the visibility of that source file target, use the exports_files() function' : '';
  return `${describeDependency(target)} is not visible from target '${labelToString(from)}'. Check the visibility declaration of the former target if you think the dependency is legitimate${tail}`;
}

/**
 * `non-test target '//p:t' depends on testonly target '//p:x' and doesn't have testonly attribute set`; for the
 * output file of a testonly rule (only with --check_testonly_for_output_files) Bazel names that rule.
 */
export function testonlyDependency(from: Label, to: DependencyName, generatingRule?: Label): string {
  const what = generatingRule ? `the output file ${describeDependency(to)} of a testonly rule ${labelToString(generatingRule)}` : `testonly ${describeDependency(to)}`;
  return `non-test target '${labelToString(from)}' depends on ${what} and doesn't have testonly attribute set`;
}

/** A package_group named anywhere but in `visibility`. */
export function misplacedPackageGroup(group: DependencyName): string {
  return `${describeDependency(group, 'package group')} is misplaced here (they are only allowed in the visibility attribute)`;
}

/** Bazel's FileTypeSet as text: `no files`, `any file`, `.txt`, `.ld, .lds or .ldscript`. */
export function describeFileTypes(types: 'none' | 'any' | readonly string[]): string {
  if (types === 'none') return 'no files';
  if (types === 'any') return 'any file';
  return types.length <= 1 ? (types[0] ?? 'no files') : `${types.slice(0, -1).join(', ')} or ${types[types.length - 1]}`;
}

/**
 * A label of the rule's own package that names nothing declared and no existing file, in an attribute that does not
 * accept such a file: a misspelt rule when the attribute takes no files and the name has no dot.
 */
export function dependencyDoesNotExist(label: Label, types: 'none' | 'any' | readonly string[]): string {
  const what = types === 'none' && !label.name.includes('.') ? 'rule' : 'target';
  return `${what} '${labelToString(label)}' does not exist`;
}

/**
 * A file the attribute does not accept: `source file '//a:x.txt' is misplaced here (expected no files)`, or reached
 * through aliases `alias '//a:al' referring to source file '//a:x.txt' is misplaced here (…)`.
 */
export function misplacedFile(kind: 'source file' | 'generated file', label: Label, types: 'none' | 'any' | readonly string[], aliases: readonly Label[] = []): string {
  return `${describeDependency({ label, aliases }, kind)} is misplaced here (expected ${describeFileTypes(types)})`;
}

/** A dependency none of whose files the attribute accepts. */
export function producesNoAllowedFile(label: Label, ruleClass: string, attr: string, types: 'none' | 'any' | readonly string[]): string {
  return `'${labelToString(label)}' does not produce any ${ruleClass} ${attr} files (expected ${describeFileTypes(types)})`;
}

/** What Bazel puts after "build aborted: " when a target's own analysis (or a dependency's) failed. */
export function analysisFailed(target: Label | string): string {
  return `Analysis of target '${typeof target === 'string' ? target : labelToString(target)}' failed`;
}

/** The prefix of an error about a rule: `in genrule rule //p:t: `. */
export function inRule(ruleClass: string, label: Label): string {
  return `in ${ruleClass} rule ${labelToString(label)}: `;
}

/** The prefix of an error about one attribute of a rule: `in srcs attribute of genrule rule //p:t: `. */
export function inAttribute(attr: string, ruleClass: string, label: Label): string {
  // A private attribute is not named (RuleContext.maskInternalAttributeNames); a late-bound one by its Starlark name.
  const shown = attr.startsWith('_') || attr.startsWith('$') ? '(an implicit dependency)' : attr.startsWith(':') ? `_${attr.slice(1)}` : attr;
  return `in ${shown} attribute of ${ruleClass} rule ${labelToString(label)}: `;
}

/**
 * Bazel's drawing of a dependency cycle (AbstractLabelCycleReporter.printCycle): `.-> //a`, `|   //b`, `` `-- //a ``
 * (the labels start and end alike); a cycle of one member is `.-> //a [self-edge]` and a bare `` `-- ``.
 */
export function drawCycle(labels: readonly string[]): string {
  const first = labels[0]!;
  if (labels.length <= 2) return `.-> ${first} [self-edge]\n\`--`;
  return ['.-> ' + first, ...labels.slice(1, -1).map((m) => '|   ' + m), '`-- ' + first].join('\n');
}
