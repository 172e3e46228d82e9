// Artifacts (files an action reads or writes), the providers a configured target carries, and actions.
//
// An artifact's exec path is where it sits under the execroot (`pkg/in.txt` for a source file,
// `bazel-out/k8-fastbuild/bin/pkg/out.txt` for a generated one); its root-relative ("short") path is what
// `$(rootpath)` prints and where it sits in a runfiles tree (`pkg/out.txt`).

import type { Diagnostic } from '../base/index.ts';
import type { Configuration, ConfiguredTarget } from '../config/index.ts';
import type { Label, Location, ProviderInstance } from '../loading/index.ts';

export interface Artifact {
  readonly execPath: string;
  readonly shortPath: string;
  /** '' for source files, else `bazel-out/<dir>/bin`. */
  readonly root: string;
  /** The file target this artifact is (source or generated file), when it has one. */
  readonly label?: Label;
  /** Key of the action that writes it; absent for source files. */
  readonly generatedBy?: string;
  /**
   * In a runfiles list only: the artifact sits at another path of the tree, a symlink a Starlark rule asked for
   * (`ctx.runfiles(symlinks = {path: file})` under the workspace's directory, `root_symlinks` at the tree's root).
   */
  readonly runfilesSymlink?: RunfilesSymlink;
}

export interface RunfilesSymlink {
  readonly path: string;
  /** A root symlink: `path` is relative to the runfiles root rather than to the workspace's directory there. */
  readonly root: boolean;
}

/**
 * Where an artifact of a runfiles list sits in the tree, relative to its root: `<workspace>/<short path>` (an
 * external repository's `../repo/…` is `repo/…`), or where its symlink says.
 */
export function runfilesPathOf(a: Artifact, workspaceName: string): string {
  const link = a.runfilesSymlink;
  if (link) return link.root ? link.path : `${workspaceName}/${link.path}`;
  return a.shortPath.startsWith('../') ? a.shortPath.slice(3) : `${workspaceName}/${a.shortPath}`;
}

export function isSourceArtifact(a: Artifact): boolean {
  return a.root === '';
}

/** `bazel-out/<outputDir>/bin`: where a configuration's outputs go. */
export function binDir(config: Pick<Configuration, 'outputDir'>): string {
  return `bazel-out/${config.outputDir}/bin`;
}

/**
 * The runfiles a dependency contributes through `data` (Runfiles.Builder.addDataDeps): its data runfiles, after its
 * files (DefaultInfo.files) when `withFiles` (--incompatible_always_include_files_in_data, the profile's
 * alwaysIncludeFilesInData).
 */
export function dataRunfilesOf(d: Providers, withFiles = false): readonly Artifact[] {
  const data = d.dataRunfiles ?? d.runfiles;
  return withFiles ? uniqRunfiles([...d.files, ...data]) : data;
}

/** The artifacts in order, each exec path once. */
export function uniq(files: readonly Artifact[]): Artifact[] {
  const seen = new Set<string>();
  const out: Artifact[] = [];
  for (const f of files) {
    if (seen.has(f.execPath)) continue;
    seen.add(f.execPath);
    out.push(f);
  }
  return out;
}

/** A runfiles list in order, each entry once: an artifact once as itself and once per symlink to it. */
export function uniqRunfiles(files: readonly Artifact[]): Artifact[] {
  const seen = new Set<string>();
  const out: Artifact[] = [];
  for (const f of files) {
    const link = f.runfilesSymlink;
    const key = link ? `${f.execPath}\0${link.root ? '/' : ''}${link.path}` : f.execPath;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(f);
  }
  return out;
}

/** Test rules' TestInfo, as test_suite filtering and the test runner read it. */
export interface TestInfo {
  readonly size: string;
  readonly timeout: string;
  readonly tags: readonly string[];
  readonly args: readonly string[];
  readonly env: readonly (readonly [string, string])[];
  readonly flaky: boolean;
  /** shard_count: above 1, the test runs once per shard (TEST_SHARD_INDEX of TEST_TOTAL_SHARDS). */
  readonly shardCount?: number;
}

/** The default timeout of a test size (TestSize.getDefaultTimeout). */
export function defaultTimeout(size: string): string {
  switch (size) {
    case 'small':
      return 'short';
    case 'large':
      return 'long';
    case 'enormous':
      return 'eternal';
    default:
      return 'moderate';
  }
}

/** Seconds of a timeout name. */
export function timeoutSeconds(timeout: string): number {
  return { short: 60, moderate: 300, long: 900, eternal: 3600 }[timeout] ?? 300;
}

/** The providers of a configured target, as the native rules return them. */
export interface Providers {
  /** DefaultInfo.files: what building the target produces. */
  readonly files: readonly Artifact[];
  /**
   * Default runfiles: what the target adds to a dependent's runfiles through `srcs` or `deps`
   * (RunfilesProvider.DEFAULT_RUNFILES). A file target has none; a genrule none.
   */
  readonly runfiles: readonly Artifact[];
  /**
   * What it adds through `data` (RunfilesProvider.DATA_RUNFILES) when that differs from `runfiles`: a file is
   * itself, a genrule its outputs, a filegroup its files and its own data's. Read it with `dataRunfilesOf`.
   */
  readonly dataRunfiles?: readonly Artifact[];
  readonly outputGroups: ReadonlyMap<string, readonly Artifact[]>;
  readonly executable?: Artifact;
  readonly test?: TestInfo;
  /** `args` of a binary or test, expanded (what `run` passes before the words after `--`). */
  readonly runArgs?: readonly string[];
  /** TemplateVariableInfo (genrule `toolchains`). */
  readonly makeVariables?: ReadonlyMap<string, string>;
  /** test_suite: the tests it expands to. */
  readonly suiteTests?: readonly AnalyzedTarget[];
  /** A Starlark rule's own providers (instances of `provider()`s), in the order its implementation returned them. */
  readonly starlarkProviders?: readonly ProviderInstance[];
}

/**
 * What stopped a target's analysis, as Bazel names it after "build aborted: ": the target whose own analysis
 * failed first ("Analysis of target '//p:t' failed"), an error Bazel repeats there (a select() error, with its
 * location), or a dependency that did not load ("Analysis failed").
 */
export type RootCause =
  | { readonly kind: 'target'; readonly label: string }
  | { readonly kind: 'diagnostic'; readonly diagnostic: Diagnostic }
  /**
   * A loading error (a package in error, a dependency missing): "Analysis failed", or the message of a target of a
   * package in error whose own select() keys all resolved, "Cannot compute config conditions" (4.2.3's
   * ConfiguredTargetFunction).
   */
  | { readonly kind: 'loading'; readonly message?: string }
  /** A dependency cycle: Bazel prints "build aborted" with nothing after it. */
  | { readonly kind: 'cycle' };

/**
 * A target analysed in a configuration — a node of the one configured-target graph — with the providers Bazel's
 * rules return: DefaultInfo (files, runfiles, executable), OutputGroupInfo, TestInfo, TemplateVariableInfo.
 */
export interface AnalyzedTarget extends ConfiguredTarget, Providers {
  readonly label: Label;
  /** For testonly checks (an alias reports its actual's). */
  readonly testonly: boolean;
  /** An alias: the target it finally stands for (chains followed). */
  readonly actual?: AnalyzedTarget;
  /** An alias: its own label and the aliases it goes through, in order (Bazel's AliasProvider chain). */
  readonly aliasChain?: readonly Label[];
  /** Analysis of this target or of a dependency failed. */
  readonly failed: boolean;
  /** When failed: why, as Bazel prints it after "build aborted: ". */
  readonly rootCause?: RootCause;
  /**
   * Failed, and one of the causes is a loading error (a dependency that does not exist, a package in error), even
   * when analysis met another first: Bazel's keep-going summary then speaks of "loading phase errors".
   */
  readonly loadingFailure?: boolean;
  /** The target platform cannot build it (target_compatible_with, here or in a dependency): it builds nothing. */
  readonly incompatible?: Incompatibility;
}

/** Why a target is incompatible with the target platform (Bazel's IncompatiblePlatformProvider). */
export interface Incompatibility {
  /** The target platform's label, as the configuration names it. */
  readonly platform: string;
  /** Directly: the constraint values of its target_compatible_with that the platform lacks. */
  readonly constraints?: readonly Label[];
  /** Through a dependency: the first incompatible one (in attribute order). */
  readonly via?: AnalyzedTarget;
}

export type ActionKind = 'genrule' | 'symlink' | 'write';

/** One step of the build: reads inputs, writes outputs. */
export interface Action {
  readonly key: string;
  readonly kind: ActionKind;
  /** The rule that owns it. */
  readonly owner: Label;
  readonly location: Location;
  readonly mnemonic: string;
  /** Bazel's progress message, e.g. `Executing genrule //pkg:g`. */
  readonly progress: string;
  readonly inputs: readonly Artifact[];
  readonly outputs: readonly Artifact[];
  /** Outputs to mark executable. */
  readonly executableOutputs?: ReadonlySet<string>;
  /** genrule: the script `bash -c` runs and its environment. */
  readonly script?: string;
  /** genrule: the shell to run it with when not /bin/bash (--shell_executable). */
  readonly shell?: string;
  /**
   * A spawn of a program with arguments (Starlark's ctx.actions.run), not a shell command: `script` then runs it
   * (its words quoted) and a failure names this argv, as Bazel describes a failed spawn.
   */
  readonly argv?: readonly string[];
  readonly env?: Readonly<Record<string, string>>;
  /** write: the content; symlink: nothing (the one input is copied). */
  readonly content?: Uint8Array;
}
