// The engine's public API: load a workspace (every BUILD and .bzl evaluated, for the editor's problems and
// outline) and run a Bazel command line over it. The web worker and the CLI use only this module.

import { compareDiagnostics, consoleText, type Diagnostic, type ProfileName } from './base/index.ts';
import {
  allAttributes,
  isExplicit,
  RULES,
  attrValue,
  Configurable,
  describeFileTypes,
  labelToString,
  Loader,
  LoadCache,
  parseAbsoluteLabel,
  targetKind,
  Workspace,
  type AttrType,
  type PlainAttrValue,
  type FileContent,
  type FileSource,
  type Package,
} from './loading/index.ts';
import { commandLine, OPTIONS, targetConfiguration } from './config/index.ts';
import { Analysis } from './actions/index.ts';
import { runCommand as run, type CommandResult, type RunOptions } from './commands/index.ts';
import { moduleInfoFromBinary, moduleInfoView, decodeModuleInfo } from './docs/index.ts';
import type { DocumentTarget, ModuleInfoView } from './docs/index.ts';

export type { Diagnostic, DiagnosticKind, Range, Severity, StackFrame, ProfileName } from './base/index.ts';
export type { CommandResult, Explanations, ResultGraph, ResultGraphNode, ResultGraphEdge } from './commands/index.ts';
export { EXIT, COMMANDS } from './commands/index.ts';
export type { RunOptions } from './commands/index.ts';
/** Keep one ActionCache across runCommand calls (RunOptions.actionCache) so unchanged actions and tests do not rerun. */
export { ActionCache } from './actions/index.ts';
/**
 * Keep one LoadCache across loadWorkspace / runCommand / describeTarget calls (their `loadCache` option) and an
 * edit re-evaluates only the packages and .bzl files it affects.
 */
export { LoadCache } from './loading/index.ts';
export type { GenruleExplanation } from './actions/index.ts';
export type { SuiteExplanation, SuiteCandidate } from './loading/index.ts';
export type { SelectExplanation, SettingMatch, SettingCheck, OptionSource, ToolchainExplanation, ConstraintMismatch } from './config/index.ts';
export type { GenqueryExplanation } from './query/index.ts';
export type { RelatedLocation } from './base/index.ts';
export { SourceFile, PROFILES, profileForVersion } from './base/index.ts';
export { execFile } from './starlark/index.ts';

/**
 * Workspace-relative path → content: text, or bytes for a file that is not text (a binary source reaches actions
 * and outputs unchanged). Every function taking files also takes a FileSource, whose contents are read when needed.
 */
export type WorkspaceFiles = Record<string, FileContent>;
export type { FileContent, FileSource } from './loading/index.ts';

export interface TargetSummary {
  label: string;
  kind: string;
  package: string;
  name: string;
  location: { file: string; line: number; column: number };
}

export interface LoadResult {
  profile: ProfileName;
  diagnostics: Diagnostic[];
  packages: string[];
  targets: TargetSummary[];
}

/**
 * A load as the worker keeps it between edits: the targets of each package, in the workspace's package order.
 * A package the load cache reused gives the very same summary array (and objects) as the load before, so that
 * what an edit changed is found by identity, package by package, without looking at every target.
 */
export interface PackagesLoad {
  profile: ProfileName;
  /** Sorted by file and position. */
  diagnostics: Diagnostic[];
  /** Package names, sorted; the same array as the load before while the workspace's paths stay. */
  packages: readonly string[];
  /** Each package's targets, for every package of `packages` (an empty list for a package without any). */
  targets: ReadonlyMap<string, readonly TargetSummary[]>;
}

/**
 * Evaluates every BUILD file and every .bzl file (also those no BUILD file loads, so their errors show).
 * Diagnostics are sorted by file and position.
 */
export function loadWorkspace(files: WorkspaceFiles | FileSource, opts: { cancel?: { cancelled: boolean }; loadCache?: LoadCache } = {}): LoadResult {
  const load = loadPackages(files, opts);
  const targets: TargetSummary[] = [];
  for (const pkg of load.packages) for (const t of load.targets.get(pkg)!) targets.push(t);
  return { profile: load.profile, diagnostics: load.diagnostics, packages: [...load.packages], targets };
}

/** loadWorkspace, with the targets kept by package (PackagesLoad). */
export function loadPackages(files: WorkspaceFiles | FileSource, opts: { cancel?: { cancelled: boolean }; loadCache?: LoadCache } = {}): PackagesLoad {
  const workspace = opts.loadCache?.workspaceFor(files) ?? new Workspace(files);
  const loader = new Loader(workspace, { cancel: opts.cancel, cache: opts.loadCache });
  const targets = new Map<string, readonly TargetSummary[]>();
  for (const pkg of loader.loadAllPackages()) targets.set(pkg.name, summariesOf(pkg));
  loader.loadAllBzl();
  const prefix = workspace.rootPrefix;
  const diagnostics = [...new Set(loader.diagnostics)]
    .map((d) => (prefix && d.file ? { ...d, file: prefix + d.file } : d))
    .sort(compareDiagnostics);
  return { profile: workspace.profile.name, diagnostics, packages: workspace.packages, targets };
}

/**
 * A package's target summaries, made once per Package: a package the load cache reuses gives the very same
 * objects, so an edit re-describes only the packages it re-evaluated (and the worker's delta finds the others
 * unchanged by identity).
 */
const summaries = new WeakMap<Package, readonly TargetSummary[]>();

function summariesOf(pkg: Package): readonly TargetSummary[] {
  let s = summaries.get(pkg);
  if (!s) {
    s = pkg.sortedTargets().map((t) => ({
      label: labelToString(t.label),
      kind: targetKind(t),
      package: pkg.name,
      name: t.label.name,
      location: { file: t.location.file, line: t.location.line, column: t.location.column },
    }));
    summaries.set(pkg, s);
  }
  return s;
}

/** Runs `bazel <argv…>` over the files. Never throws. */
export function runCommand(files: WorkspaceFiles | FileSource, argv: string[], opts: RunOptions = {}): Promise<CommandResult> {
  return run(files, argv, opts);
}

/** One attribute of a rule, as the Targets panel shows it: the schema's type and doc, and the value as Starlark. */
export interface AttributeView {
  name: string;
  type: AttrType;
  /** The value written back as Starlark (`select({...})` kept unresolved); the default when not set. */
  value: string;
  /** Set explicitly in the BUILD file (or by a macro), as opposed to the schema's default. */
  explicit: boolean;
  mandatory: boolean;
  configurable: boolean;
  doc: string;
}

export interface TargetDetails {
  label: string;
  kind: string;
  /** The rule's schema doc; empty for files and package groups. */
  doc: string;
  location: { file: string; line: number; column: number };
  /** Rules only: every attribute of the schema (explicit ones first, in the order given), implicit ones left out. */
  attributes: AttributeView[];
}

/** A target's kind and attributes, from its rule's schema table; null when there is no such target. */
export function describeTarget(files: WorkspaceFiles | FileSource, label: string, opts: { loadCache?: LoadCache } = {}): TargetDetails | null {
  const workspace = opts.loadCache?.workspaceFor(files) ?? new Workspace(files);
  let parsed;
  try {
    parsed = parseAbsoluteLabel(label, workspace.profile.labels);
  } catch {
    return null;
  }
  const pkg = new Loader(workspace, { cache: opts.loadCache }).getPackage(parsed.pkg);
  const t = pkg?.targets.get(parsed.name);
  if (!t) return null;
  const base = { label: labelToString(t.label), kind: targetKind(t), location: { file: t.location.file, line: t.location.line, column: t.location.column } };
  if (t.kind !== 'rule') return { ...base, doc: '', attributes: [] };
  const specs = allAttributes(t.schema, workspace.profile.postBazel4Attributes).filter((a) => !a.implicit && a.name !== 'name');
  const views = specs.map((a): AttributeView => ({
    name: a.name,
    type: a.type,
    value: formatAttr(attrValue(t, a.name) ?? null),
    explicit: isExplicit(t, a.name),
    mandatory: !!a.mandatory,
    configurable: a.configurable !== false,
    doc: a.doc,
  }));
  const explicit = [...t.attrs.keys()].map((n) => views.find((v) => v.name === n)).filter((v): v is AttributeView => !!v);
  return { ...base, doc: t.schema.doc, attributes: [...explicit, ...views.filter((v) => !v.explicit)] };
}

function formatAttr(v: PlainAttrValue | Configurable): string {
  if (!(v instanceof Configurable)) return formatPlain(v);
  return v.parts
    .map((p) =>
      p.kind === 'value'
        ? formatPlain(p.value)
        : `select({${p.branches.map((b) => `${JSON.stringify(labelToString(b.key))}: ${formatPlain(b.value)}`).join(', ')}})`,
    )
    .join(' + ');
}

function formatPlain(v: unknown): string {
  if (v === null || v === undefined) return 'None';
  if (typeof v === 'boolean') return v ? 'True' : 'False';
  if (typeof v === 'number') return String(v);
  if (typeof v === 'string') return JSON.stringify(v);
  if (Array.isArray(v)) {
    if (v.length > 0 && v.every((e) => Array.isArray(e) && e.length === 2)) {
      return `{${v.map(([k, x]) => `${formatPlain(k)}: ${formatPlain(x)}`).join(', ')}}`;
    }
    return `[${v.map(formatPlain).join(', ')}]`;
  }
  if (typeof v === 'object' && 'pkg' in v && 'name' in v) return JSON.stringify(labelToString(v as never));
  return String(v);
}

/** A command-line option as the flags bar completes it (from the option table config/ parses with). */
export interface OptionInfo {
  name: string;
  abbrev: string;
  kind: string;
  values?: readonly string[];
  default: string | null;
  multiple: boolean;
  commands: string[];
  doc: string;
}

/** Every option Bazel's command line accepts, for completion. */
export function optionTable(): OptionInfo[] {
  return [...OPTIONS.values()].map((o) => ({
    name: o.name,
    abbrev: o.abbrev,
    kind: o.kind,
    values: o.values,
    default: o.default,
    multiple: o.multiple,
    commands: [...o.commands],
    doc: o.doc,
  }));
}

/** A rule's schema as the editor shows it (hover, completion, signature help): the rule table, as data. */
export interface RuleInfo {
  name: string;
  doc: string;
  test: boolean;
  /** Exists only in current Bazel (not in 4.2.3). */
  modernOnly: boolean;
  /** `files`: the files a label attribute accepts, in Bazel's words (`no files`, `.ld, .lds or .ldscript`), when it checks them. */
  attrs: { name: string; type: AttrType; default: string | null; mandatory: boolean; configurable: boolean; files?: string; doc: string }[];
}

/** Every native rule's schema (implicit attributes left out), from the rule tables in build/rules/. */
export function ruleTable(): RuleInfo[] {
  return [...RULES.values()].map((r) => ({
    name: r.name,
    doc: r.doc,
    test: !!r.test,
    modernOnly: !!r.modernOnly,
    attrs: allAttributes(r, true)
      .filter((a) => !a.implicit && !a.name.startsWith('generator_'))
      .map((a) => ({
        name: a.name,
        type: a.type,
        default: a.default === undefined ? null : formatPlain(a.default),
        mandatory: !!a.mandatory,
        configurable: a.configurable !== false,
        ...(a.fileTypes !== undefined ? { files: describeFileTypes(a.fileTypes) } : {}),
        doc: a.doc,
      })),
  }));
}

export type { ModuleInfoView } from './docs/index.ts';

/**
 * The documentation of a .bzl file (workspace-relative path) or of a starlark_doc_extract target (`//pkg:name`):
 * its ModuleInfo as JSON (protobuf JSON mapping) and textproto. A starlark_doc_extract target whose src is the
 * file lends its attributes; otherwise the whole file is documented. Errors come back in Bazel's words.
 */
export function docsForFile(files: WorkspaceFiles | FileSource, pathOrLabel: string): ModuleInfoView {
  const workspace = new Workspace(files);
  const prefix = workspace.rootPrefix;
  const what = prefix && pathOrLabel.startsWith(prefix) ? pathOrLabel.slice(prefix.length) : pathOrLabel;
  const loader = new Loader(workspace);
  const r = moduleInfoView(loader, what, documentByAnalysis(workspace, loader));
  return prefix && r.file ? { ...r, file: prefix + r.file } : r;
}

/**
 * A starlark_doc_extract target documented as `bazel build` would: analysed in the configuration the workspace's
 * .bazelrc gives, its ModuleInfo read from the action that writes `<name>.binaryproto`; failures as printed.
 */
function documentByAnalysis(workspace: Workspace, loader: Loader): DocumentTarget {
  return (rule) => {
    const errors = (ds: readonly Diagnostic[]) => ds.filter((d) => d.severity === 'error').map((d) => `ERROR: ${consoleText(d, loader.workspaceDir)}`);
    const cl = commandLine(workspace, 'build', [], []);
    if ('error' in cl) return { ok: false, error: `ERROR: ${cl.error}` };
    const context = { loader, commandLine: cl, profile: workspace.profile, workspaceDir: loader.workspaceDir };
    const target = targetConfiguration(context);
    if ('error' in target) return { ok: false, error: `ERROR: ${target.error}` };
    const an = new Analysis({ context, target });
    const t = an.analyze(rule, target);
    if (t.failed) {
      const printed = [...loader.events.filter((e) => e.severity === 'error').map((e) => `ERROR: ${e.text}`), ...errors(an.allDiagnostics())];
      return { ok: false, error: printed.join('\n') || `ERROR: Analysis of target '${labelToString(rule.label)}' failed` };
    }
    const out = t.files[0];
    const bytes = out?.generatedBy ? an.actions.get(out.generatedBy)?.content : undefined;
    const src = an.deps(t).find((e) => e.attr === 'src')?.to;
    const file = src ? an.get(src.key)?.files[0]?.shortPath : undefined;
    if (!bytes || !file) return { ok: false, error: `ERROR: Analysis of target '${labelToString(rule.label)}' produced no ModuleInfo` };
    return { ok: true, moduleInfo: moduleInfoFromBinary(bytes), file };
  };
}

/** A starlark_doc_extract `*.binaryproto` output decoded to JSON and textproto. */
export function decodeBinaryproto(bytes: Uint8Array): ReturnType<typeof decodeModuleInfo> {
  return decodeModuleInfo(bytes);
}
