// The object the engine worker exposes through comlink: load a workspace, run a command.
//
// Nothing escapes as an exception: an engine bug becomes a diagnostic of kind 'internal' in a well-formed
// result, so the worker outlives it and the UI shows it like any other problem.

import { COMPARED_PROFILES, filesUnder } from './compare.ts';
import { FilesVersion, FileStore, LoadSender } from './sync.ts';
import type { FileSource, PackagesLoad } from '../engine/index.ts';
import type { CommandResult, CompareColumn, DecodedModuleInfo, Diagnostic, DocsResult, EngineWorkerApi, FilesArg, LoadResult, OptionInfo, RuleInfo, TargetDetails, TargetSummary, Timed, WorkspaceFiles } from './protocol.ts';

/** The part of src/engine/index.ts the worker uses. */
/** What the engine reads: the files, or the worker's version of them (sync.ts). */
type Files = WorkspaceFiles | FileSource;

export interface EngineModule {
  loadWorkspace(files: Files, opts?: { cancel?: { cancelled: boolean }; loadCache?: unknown }): LoadResult;
  /** loadWorkspace with the targets by package, each package's the same array while it is reused (PackagesLoad). */
  loadPackages?(files: Files, opts?: { cancel?: { cancelled: boolean }; loadCache?: unknown }): PackagesLoad;
  runCommand(files: Files, argv: string[], opts?: { workspaceDir?: string; actionCache?: unknown; loadCache?: unknown }): Promise<CommandResult>;
  /** The engine's action cache: one lives as long as the worker, so a rebuild with nothing changed runs nothing. */
  ActionCache?: new () => unknown;
  /** The engine's load cache: one lives as long as the worker, so an edit re-evaluates only what it affects. */
  LoadCache?: new () => unknown;
  describeTarget?(files: Files, label: string, opts?: { loadCache?: unknown }): TargetDetails | null;
  optionTable?(): OptionInfo[];
  ruleTable?(): RuleInfo[];
  docsForFile?(files: Files, pathOrLabel: string): DocsResult;
  decodeBinaryproto?(bytes: Uint8Array): DecodedModuleInfo;
}

export function internalDiagnostic(what: string, error: unknown): Diagnostic {
  const detail = error instanceof Error ? error.stack || `${error.name}: ${error.message}` : String(error);
  return {
    file: '',
    range: { start: { line: 1, column: 1 }, end: { line: 1, column: 1 } },
    severity: 'error',
    message: `internal error while ${what} (a bug in rulepen, not in your files): ${detail}`,
    kind: 'internal',
  };
}

export function createApi(getEngine: () => Promise<EngineModule>, now: () => number = () => performance.now()): EngineWorkerApi {
  let actionCache: unknown;
  let loadCache: unknown;
  // One load cache per compared profile: a cache forgets everything when the profile changes, so sharing the
  // editor's would make every keystroke after a comparison a cold load.
  const compareLoadCaches = new Map<string, unknown>();
  const loadCacheOf = (engine: EngineModule) => (loadCache ??= engine.LoadCache ? new engine.LoadCache() : undefined);
  // The workspace as the client last sent it, and the last load result it received (sync.ts).
  const store = new FileStore();
  const loads = new LoadSender();
  // A call names its files synchronously, before its first await: a sync that follows it cannot change them.
  async function load(arg: FilesArg): Promise<LoadResult> {
    try {
      const files = store.resolve(arg);
      const engine = await getEngine();
      return engine.loadWorkspace(files, { loadCache: loadCacheOf(engine) });
    } catch (error) {
      return { profile: 'modern', diagnostics: [internalDiagnostic('loading the workspace', error)], packages: [], targets: [] };
    }
  }
  async function loadByPackage(arg: FilesArg): Promise<PackagesLoad> {
    try {
      const files = store.resolve(arg);
      const engine = await getEngine();
      if (engine.loadPackages) return engine.loadPackages(files, { loadCache: loadCacheOf(engine) });
      return byPackage(engine.loadWorkspace(files, { loadCache: loadCacheOf(engine) }));
    } catch (error) {
      return { profile: 'modern', diagnostics: [internalDiagnostic('loading the workspace', error)], packages: [], targets: new Map() };
    }
  }
  return {
    async sync(update) {
      store.apply(update);
    },
    async load(files) {
      const start = now();
      return timed(await load(files), start, now);
    },
    async loadDelta(files, since) {
      const start = now();
      const result = await loadByPackage(files);
      return timed(loads.encode(result, since), start, now);
    },
    async run(arg, argv) {
      const start = now();
      let result: CommandResult;
      try {
        const files = store.resolve(arg);
        const engine = await getEngine();
        actionCache ??= engine.ActionCache ? new engine.ActionCache() : undefined;
        result = await engine.runCommand(files, argv, { actionCache, loadCache: loadCacheOf(engine) });
      } catch (error) {
        const d = internalDiagnostic(`running \`bazel ${argv.join(' ')}\``, error);
        result = failedResult(d);
      }
      return timed(result, start, now);
    },
    async compare(arg, argv) {
      const start = now();
      const columns: CompareColumn[] = [];
      let files: WorkspaceFiles;
      try {
        const resolved = store.resolve(arg);
        files = resolved instanceof FilesVersion ? resolved.toRecord() : resolved;
      } catch (error) {
        const result = failedResult(internalDiagnostic('reading the workspace', error));
        return timed({ columns: COMPARED_PROFILES.map((t) => ({ ...t, result, changes: [], millis: 0 })) }, start, now);
      }
      for (const target of COMPARED_PROFILES) {
        const { files: under, changes } = filesUnder(files, target);
        const begin = now();
        let result: CommandResult;
        try {
          const engine = await getEngine();
          if (!compareLoadCaches.has(target.profile) && engine.LoadCache) compareLoadCaches.set(target.profile, new engine.LoadCache());
          // A fresh action cache: both columns build from a clean output tree, so cached actions never differ between them.
          result = await engine.runCommand(under, argv, {
            actionCache: engine.ActionCache ? new engine.ActionCache() : undefined,
            loadCache: compareLoadCaches.get(target.profile),
          });
        } catch (error) {
          const d = internalDiagnostic(`running \`bazel ${argv.join(' ')}\` under ${target.title}`, error);
          result = failedResult(d);
        }
        columns.push({ ...target, result, changes, millis: Math.round(now() - begin) });
      }
      return timed({ columns }, start, now);
    },
    async describe(arg, label) {
      try {
        const files = store.resolve(arg);
        const engine = await getEngine();
        return engine.describeTarget?.(files, label, { loadCache: loadCacheOf(engine) }) ?? null;
      } catch {
        // The Targets panel then shows the kind alone; the load result reports real problems.
        return null;
      }
    },
    async options() {
      try {
        const engine = await getEngine();
        return engine.optionTable?.() ?? [];
      } catch {
        return [];
      }
    },
    async rules() {
      try {
        const engine = await getEngine();
        return engine.ruleTable?.() ?? [];
      } catch {
        return [];
      }
    },
    async docs(arg, pathOrLabel) {
      try {
        const files = store.resolve(arg);
        const engine = await getEngine();
        if (!engine.docsForFile) return { ok: false, file: null, target: null, error: 'ERROR: this engine extracts no documentation' };
        return engine.docsForFile(files, pathOrLabel);
      } catch (error) {
        return { ok: false, file: null, target: null, error: `ERROR: ${internalDiagnostic(`documenting ${pathOrLabel}`, error).message}` };
      }
    },
    async decodeModuleInfo(bytes) {
      try {
        const engine = await getEngine();
        return engine.decodeBinaryproto?.(bytes) ?? { ok: false, error: 'this engine decodes no ModuleInfo' };
      } catch (error) {
        return { ok: false, error: internalDiagnostic('decoding a ModuleInfo', error).message };
      }
    },
  };
}

/** A LoadResult as a PackagesLoad (an engine without loadPackages). */
function byPackage(result: LoadResult): PackagesLoad {
  const targets = new Map<string, TargetSummary[]>(result.packages.map((p) => [p, []]));
  for (const t of result.targets) {
    let g = targets.get(t.package);
    if (!g) targets.set(t.package, (g = []));
    g.push(t);
  }
  return { profile: result.profile, diagnostics: result.diagnostics, packages: [...targets.keys()], targets };
}

/** A command that could not run: exit code 37 (Bazel's internal error), the Diagnostic as its only output. */
function failedResult(d: Diagnostic): CommandResult {
  return { exitCode: 37, stdout: '', stderr: `ERROR: ${d.message}\n`, outputs: {}, diagnostics: [d] };
}

function timed<T>(result: T, start: number, now: () => number): Timed<T> {
  return { result, millis: Math.round(now() - start) };
}
