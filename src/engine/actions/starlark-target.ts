// Starlark values of analysed targets and their files: what a Starlark rule's implementation sees of its
// dependencies (ctx.attr.deps) and what cquery's --output=starlark passes to `format(target)`.
//
// A runfiles object (Bazel's Runfiles: what ctx.runfiles() makes and DefaultInfo carries) has files, symlinks,
// root_symlinks, empty_filenames and merge() (merge_all() where the profile has it); it holds a runfiles list of
// artifacts, its symlinks as artifacts marked with the path they sit at.
//
// A Target (Bazel's AbstractConfiguredTarget) has the fields label, files, files_to_run, default_runfiles,
// data_runfiles and output_groups, and is indexed by provider: `target[DefaultInfo]`, `target[MyInfo]`,
// `MyInfo in target`. An alias stands for its actual target: its `label` is the actual's (AliasConfiguredTarget's
// getLabel), its providers are the actual's, and only its repr names both. `providersForQuery` is cquery's
// `providers(target)` dict (getProvidersDictForQuery): every provider under a string key — a Starlark provider
// as `<.bzl label>%<name>`, a native one by its class name (FileProvider, FilesToRunProvider, OutputGroupInfo,
// and for files LicensesProvider and VisibilityProvider, which are the file target itself) — plus DefaultInfo,
// which current Bazel adds and Bazel 4.2.3 did not.

import type { Profile } from '../base/index.ts';
import { Depset, labelToString, LabelValue, ProviderValue } from '../loading/index.ts';
import { Builtin, Dict, EvalError, List, None, Struct, Tuple, typeName, unpackArgs, type StarlarkValue, type Value } from '../starlark/index.ts';
import { dataRunfilesOf, uniqRunfiles, type AnalyzedTarget, type Artifact } from './artifacts.ts';

/** How analysed things look to Starlark under a profile. */
export interface StarlarkView {
  /** Labels print as current Bazel's (`@@//pkg:name`). */
  readonly canonicalLabels: boolean;
  /** Runfiles objects have merge_all(). */
  readonly runfilesMergeAll: boolean;
}

export function starlarkView(profile: Pick<Profile, 'canonicalLabelStrings' | 'runfilesMergeAll'>): StarlarkView {
  return { canonicalLabels: profile.canonicalLabelStrings, runfilesMergeAll: profile.runfilesMergeAll };
}

const fileArtifacts = new WeakMap<object, Artifact>();

/** A File: path, short_path, basename, dirname, extension, is_source, is_directory, root and owner. */
export function fileValue(a: Artifact, canonicalLabels: boolean): Value {
  const base = a.shortPath.slice(a.shortPath.lastIndexOf('/') + 1);
  const dot = base.lastIndexOf('.');
  const f = new FileValue(a, [
    ['path', a.execPath],
    ['short_path', a.shortPath],
    ['basename', base],
    ['dirname', a.execPath.slice(0, a.execPath.lastIndexOf('/'))],
    ['extension', dot < 0 ? '' : base.slice(dot + 1)],
    ['is_source', a.root === ''],
    ['is_directory', false],
    ['root', new Struct([['path', a.root]])],
    ['owner', a.label ? new LabelValue(a.label, canonicalLabels) : None],
  ]);
  fileArtifacts.set(f, a);
  return f;
}

/** A File: its fields, printed as Bazel prints an Artifact (`<source file pkg/a.txt>`, `<generated file …>`). */
class FileValue extends Struct {
  override readonly typeName = 'File';
  constructor(
    private readonly artifact: Artifact,
    fields: Iterable<readonly [string, Value]>,
  ) {
    super(fields);
  }
  override repr(out: string[]): void {
    const a = this.artifact;
    const rootRelative = a.root === '' ? a.execPath : a.execPath.slice(a.root.length + 1);
    out.push(`<${a.root === '' ? 'source' : 'generated'} file ${rootRelative}>`);
  }
}

/** The artifact a File value stands for; `what` names the caller in the error. */
export function artifactOf(v: Value, what: string): Artifact {
  const a = typeof v === 'object' && v !== null ? fileArtifacts.get(v) : undefined;
  if (!a) throw new EvalError(`${what}: expected a File`);
  return a;
}

/** A native provider's instance: a struct whose type and repr carry the provider's name. */
class NativeInfo extends Struct {
  override readonly typeName: string;
  constructor(name: string, fields: Iterable<readonly [string, Value]>) {
    super(fields);
    this.typeName = name;
  }
  override repr(out: string[], seen: Set<object>): void {
    const start = out.length;
    super.repr(out, seen);
    out[start] = `${this.typeName}(`;
  }
}

function files(list: readonly Artifact[], canonical: boolean): Depset {
  return new Depset(list.map((a) => fileValue(a, canonical)));
}

/**
 * A runfiles object over a runfiles list (Providers.runfiles): its files, and its symlinks (artifacts with
 * `runfilesSymlink`). Immutable; merge() makes a new one, the other's entries after this one's.
 */
export class RunfilesValue implements StarlarkValue {
  readonly typeName = 'runfiles';
  constructor(
    /** The runfiles list, in order, each entry once. */
    readonly entries: readonly Artifact[],
    readonly view: StarlarkView,
  ) {}

  repr(out: string[]): void {
    // Bazel's Runfiles has no representation of its own (checked with 4.2.3).
    out.push('<unknown object com.google.devtools.build.lib.analysis.Runfiles>');
  }
  truth(): boolean {
    return true;
  }
  freeze(): void {}

  attrNames(): string[] {
    return ['empty_filenames', 'files', 'merge', ...(this.view.runfilesMergeAll ? ['merge_all'] : []), 'root_symlinks', 'symlinks'];
  }

  getAttr(name: string): Value | undefined {
    const c = this.view.canonicalLabels;
    switch (name) {
      case 'files':
        return files(this.entries.filter((a) => !a.runfilesSymlink), c);
      case 'symlinks':
      case 'root_symlinks': {
        const root = name === 'root_symlinks';
        const links = this.entries.filter((a) => a.runfilesSymlink && a.runfilesSymlink.root === root);
        return new Depset(links.map((a) => new NativeInfo('SymlinkEntry', [['path', a.runfilesSymlink!.path], ['target_file', fileValue(a, c)]])));
      }
      case 'empty_filenames':
        // Only Python's rules make empty files (__init__.py); a Starlark rule cannot ask for them.
        return new Depset([]);
      case 'merge':
        return new Builtin('merge', (_t, args, kwargs) => {
          const [other] = unpackArgs('merge', args, kwargs, { params: [{ name: 'other', type: 'runfiles' }] });
          return this.merged([other as RunfilesValue]);
        });
      case 'merge_all':
        if (!this.view.runfilesMergeAll) return undefined;
        return new Builtin('merge_all', (_t, args, kwargs) => {
          const [other] = unpackArgs('merge_all', args, kwargs, { params: [{ name: 'other', type: 'sequence' }] });
          const list = (other as List | Tuple).elems;
          list.forEach((r, i) => {
            if (!(r instanceof RunfilesValue)) throw new EvalError(`at index ${i} of other, got element of type ${typeName(r)}, want runfiles`);
          });
          return this.merged(list as RunfilesValue[]);
        });
    }
    return undefined;
  }

  merged(others: readonly RunfilesValue[]): RunfilesValue {
    return new RunfilesValue(uniqRunfiles([...this.entries, ...others.flatMap((o) => o.entries)]), this.view);
  }
}

function runfilesValue(list: readonly Artifact[], view: StarlarkView): Value {
  return new RunfilesValue(list, view);
}

/**
 * FilesToRunProvider's executable: the rule's own; a file target is its own (fromSingleExecutableArtifact); a
 * filegroup of exactly one file has that file (Filegroup.getExecutable; checked with 4.2.3), though `bazel run`
 * still refuses a filegroup, whose rule class is not executable.
 */
export function filesToRunExecutable(t: AnalyzedTarget): Artifact | undefined {
  if (t.executable) return t.executable;
  if (t.target.kind !== 'rule') return t.files[0];
  return t.target.ruleClass === 'filegroup' && t.files.length === 1 ? t.files[0] : undefined;
}

function filesToRunValue(t: AnalyzedTarget, canonical: boolean): Value {
  const exe = filesToRunExecutable(t);
  return new NativeInfo('FilesToRunProvider', [
    ['executable', exe ? fileValue(exe, canonical) : None],
    ['runfiles_manifest', None],
    ['repo_mapping_manifest', None],
  ]);
}

function defaultInfoValue(t: AnalyzedTarget, view: StarlarkView): Value {
  const canonical = view.canonicalLabels;
  return new NativeInfo('DefaultInfo', [
    ['files', files(t.files, canonical)],
    ['files_to_run', filesToRunValue(t, canonical)],
    ['default_runfiles', runfilesValue(t.runfiles, view)],
    ['data_runfiles', runfilesValue(dataRunfilesOf(t), view)],
  ]);
}

function outputGroupsValue(t: AnalyzedTarget, canonical: boolean): Value {
  return new NativeInfo(
    'OutputGroupInfo',
    [...t.outputGroups].map(([name, list]) => [name, files(list, canonical)] as const),
  );
}

/** Bazel's key of a Starlark provider in `providers(target)`: `//pkg:file.bzl%Name`. */
function providerKey(p: ProviderValue, canonical: boolean): string | undefined {
  if (!p.exportedFrom || !p.exportedName) return undefined;
  const file = p.exportedFrom;
  return `${canonical && file.repo ? '@' : ''}${labelToString(file)}%${p.exportedName}`;
}

/** A configured target as Starlark sees it (typeName `Target`). */
export class TargetValue implements StarlarkValue {
  readonly typeName = 'Target';
  /** What the target stands for: an alias's actual, else itself. */
  readonly actual: AnalyzedTarget;
  constructor(
    readonly target: AnalyzedTarget,
    readonly view: StarlarkView,
  ) {
    this.actual = target.actual ?? target;
  }

  repr(out: string[]): void {
    const own = labelToString(this.target.label);
    if (this.target.actual) out.push(`<alias target ${own} of ${labelToString(this.actual.label)}>`);
    else if (this.target.target.kind === 'source file') out.push(`<input file target ${own}>`);
    else if (this.target.target.kind === 'generated file') out.push(`<output file target ${own}>`);
    else out.push(`<target ${own}>`);
  }
  truth(): boolean {
    return true;
  }
  freeze(): void {}
  hash(): number {
    let h = 0;
    for (const c of this.target.key) h = (Math.imul(h, 31) + c.charCodeAt(0)) | 0;
    return h;
  }
  equals(other: Value): boolean {
    return other instanceof TargetValue && other.target.key === this.target.key;
  }

  private get isRule(): boolean {
    return this.actual.target.kind === 'rule';
  }

  attrNames(): string[] {
    const names = ['data_runfiles', 'default_runfiles', 'files', 'files_to_run', 'label'];
    if (this.isRule) names.push('output_groups');
    return names.sort();
  }

  getAttr(name: string): Value | undefined {
    const t = this.actual;
    const c = this.view.canonicalLabels;
    switch (name) {
      case 'label':
        return new LabelValue(t.label, c);
      case 'files':
        return files(t.files, c);
      case 'files_to_run':
        return filesToRunValue(t, c);
      case 'default_runfiles':
        return runfilesValue(t.runfiles, this.view);
      case 'data_runfiles':
        return runfilesValue(dataRunfilesOf(t), this.view);
      case 'output_groups':
        return this.isRule ? outputGroupsValue(t, c) : undefined;
    }
    return undefined;
  }

  /** `target[Provider]` (AbstractConfiguredTarget.getIndex). */
  index(key: Value): Value {
    if (!(key instanceof ProviderValue)) throw new EvalError(`Type Target only supports indexing by object constructors, got ${typeName(key)} instead`);
    const v = this.provider(key);
    if (v !== undefined) return v;
    const rule = this.actual.target.kind === 'rule' ? ` (rule '${this.actual.target.ruleClass}')` : '';
    const out: string[] = [];
    this.repr(out);
    throw new EvalError(`${out.join('')}${rule} doesn't contain declared provider '${key.name}'`);
  }

  /** `Provider in target`. */
  contains(key: Value): boolean {
    if (!(key instanceof ProviderValue)) throw new EvalError(`Type Target only supports querying by object constructors, got ${typeName(key)} instead`);
    return this.provider(key) !== undefined;
  }

  private provider(p: ProviderValue): Value | undefined {
    const t = this.actual;
    if (p.isBuiltin) {
      if (p.builtinName === 'DefaultInfo') return defaultInfoValue(t, this.view);
      if (p.builtinName === 'OutputGroupInfo') return this.isRule ? outputGroupsValue(t, this.view.canonicalLabels) : undefined;
    }
    return t.starlarkProviders?.find((i) => i.provider === p || (p.isBuiltin && i.provider.isBuiltin && i.provider.builtinName === p.builtinName));
  }
}

export interface ProvidersForQueryOptions extends StarlarkView {
  /** Current Bazel lists DefaultInfo too (it is not stored as a provider, but built for every target). */
  readonly withDefaultInfo: boolean;
}

/** cquery's `providers(target)`: each provider of the target under Bazel's string key, keys sorted. */
export function providersForQuery(target: AnalyzedTarget, opts: ProvidersForQueryOptions): Dict {
  const t = target.actual ?? target;
  const c = opts.canonicalLabels;
  const entries: [string, Value][] = [];
  for (const p of t.starlarkProviders ?? []) {
    const key = providerKey(p.provider, c);
    if (key !== undefined) entries.push([key, p]);
  }
  entries.push(['FileProvider', new NativeInfo('FileProvider', [['files_to_build', files(t.files, c)]])]);
  entries.push(['FilesToRunProvider', filesToRunValue(t, c)]);
  // A target the target platform cannot build has only the dummy providers Bazel gives it
  // (IncompatibleTargetChecker.createIncompatibleRuleConfiguredTarget), IncompatiblePlatformProvider among them.
  if (t.incompatible) entries.push(['IncompatiblePlatformProvider', new NativeInfo('IncompatiblePlatformProvider', [])]);
  else if (t.target.kind === 'rule') entries.push(['OutputGroupInfo', outputGroupsValue(t, c)]);
  else {
    // A file target is its own LicensesProvider and VisibilityProvider.
    const self = new TargetValue(t, opts);
    entries.push(['LicensesProvider', self], ['VisibilityProvider', self]);
  }
  if (opts.withDefaultInfo) entries.push(['DefaultInfo', defaultInfoValue(t, opts)]);
  entries.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  return new Dict(entries);
}
