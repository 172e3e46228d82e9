// The types that cross the worker boundary: what the UI sends to the engine worker and what comes back.
//
// They are the engine's own types (src/engine/index.ts), re-exported type-only, so that the UI depends on this
// module alone and never restates a shape the engine defines. Only the worker's own API is declared here.

import type { CompareResult } from './compare.ts';
import type { CommandResult, decodeBinaryproto, LoadResult, ModuleInfoView, OptionInfo, RuleInfo, TargetDetails, TargetSummary } from '../engine/index.ts';

export type { Diagnostic, DiagnosticKind, Range, RelatedLocation, Severity, StackFrame } from '../engine/index.ts';
export type { CommandResult, FileContent, LoadResult, ModuleInfoView, TargetSummary, WorkspaceFiles } from '../engine/index.ts';
export type { ProfileName as Profile } from '../engine/index.ts';
export type { CompareColumn, CompareResult } from './compare.ts';
export type { FileUpdate, FilesArg, HeldLoad, LoadDelta, SyncedFiles } from './sync.ts';
import type { FileUpdate, FilesArg, LoadDelta } from './sync.ts';
export type {
  AttributeView,
  Explanations,
  GenqueryExplanation,
  GenruleExplanation,
  OptionInfo,
  OptionSource,
  ResultGraph,
  ResultGraphEdge,
  ResultGraphNode,
  RuleInfo,
  SelectExplanation,
  SettingCheck,
  SettingMatch,
  SuiteCandidate,
  SuiteExplanation,
  TargetDetails,
  ToolchainExplanation,
} from '../engine/index.ts';

/** Where a target is declared (1-based line and column). */
export type SourceLocation = TargetSummary['location'];

/** How long the engine took, measured in the worker; for display only. */
export interface Timed<T> {
  result: T;
  millis: number;
}

/** The API the worker exposes through comlink. Every method resolves; engine failures become diagnostics. */
export interface EngineWorkerApi {
  /** Brings the worker's copy of the workspace to a new version (sync.ts); the calls after it name the version. */
  sync(update: FileUpdate): Promise<void>;
  load(files: FilesArg): Promise<Timed<LoadResult>>;
  /** load(), as the targets of the packages that changed since the result `since` the client holds (sync.ts). */
  loadDelta(files: FilesArg, since: number | null): Promise<Timed<LoadDelta>>;
  run(files: FilesArg, argv: string[]): Promise<Timed<CommandResult>>;
  /** The command under Bazel 4.2.3 and under current Bazel (see compare.ts), each from a clean output tree. */
  compare(files: FilesArg, argv: string[]): Promise<Timed<CompareResult>>;
  /** A target's kind and attributes from its rule's schema; null when there is no such target. */
  describe(files: FilesArg, label: string): Promise<TargetDetails | null>;
  /** The command-line option table, for the flags bar's completion. */
  options(): Promise<OptionInfo[]>;
  /** The native rules' schema tables, for the editor's hover, completion and signature help. */
  rules(): Promise<RuleInfo[]>;
  /** The ModuleInfo of a .bzl path or a starlark_doc_extract label, as JSON and textproto; errors in Bazel's words. */
  docs(files: FilesArg, pathOrLabel: string): Promise<DocsResult>;
  /** A `*.binaryproto` decoded to JSON and textproto. */
  decodeModuleInfo(bytes: Uint8Array): Promise<DecodedModuleInfo>;
}

/** What docs() answers: the engine's ModuleInfoView. */
export type DocsResult = ModuleInfoView;

/** A `*.binaryproto` decoded (the engine's decodeBinaryproto). */
export type DecodedModuleInfo = ReturnType<typeof decodeBinaryproto>;

/** A JSON value (the protobuf JSON mapping's output). */
export type JsonValue = Extract<ModuleInfoView, { ok: true }>['json'];
