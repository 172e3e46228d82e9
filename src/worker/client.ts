// The UI's handle on the engine worker: latest-request-wins calls, and Stop, which terminates the worker and
// lets the next request spawn a fresh one. Each request's workspace travels as the files that changed since the
// last one the worker received, and the load result comes back as the packages whose targets changed (sync.ts);
// a fresh worker gets everything again, so nothing is replayed.

import * as Comlink from 'comlink';
import { latestWins, type LatestWins, type Outcome } from './latest-wins.ts';
import { FileSender, LoadReceiver, type HeldLoad, type SyncedFiles } from './sync.ts';
import type { CommandResult, CompareResult, DecodedModuleInfo, DocsResult, EngineWorkerApi, OptionInfo, RuleInfo, TargetDetails, Timed, WorkspaceFiles } from './protocol.ts';

export type { Outcome } from './latest-wins.ts';

/**
 * Independent request queues: the command bar's run, the Query panel's query and the Why panel's cquery each
 * keep their own latest-wins slot, so that typing a query never cancels the build the user started.
 */
export type RunChannel = 'command' | 'query' | 'why';

export interface EngineClient {
  /** The workspace's load, merged from the worker's delta into the result before it (sync.ts). */
  load(files: WorkspaceFiles): Promise<Outcome<Timed<HeldLoad>>>;
  /**
   * Says that `next` is `base` with the content of `path` changed and nothing else (a keystroke), so that the
   * next request finds the files to send without comparing them all.
   */
  noteEdit(base: WorkspaceFiles, next: WorkspaceFiles, path: string): void;
  run(files: WorkspaceFiles, argv: string[], channel?: RunChannel): Promise<Outcome<Timed<CommandResult>>>;
  /** The Compare panel's run under both profiles (its own latest-wins slot). */
  compare(files: WorkspaceFiles, argv: string[]): Promise<Outcome<Timed<CompareResult>>>;
  describe(files: WorkspaceFiles, label: string): Promise<Outcome<TargetDetails | null>>;
  /** The option table (fetched once per worker). */
  options(): Promise<Outcome<OptionInfo[]>>;
  rules(): Promise<Outcome<RuleInfo[]>>;
  /** The Docs panel's ModuleInfo (its own latest-wins slot). */
  docs(files: WorkspaceFiles, pathOrLabel: string): Promise<Outcome<DocsResult>>;
  decodeModuleInfo(bytes: Uint8Array): Promise<Outcome<DecodedModuleInfo>>;
  /** Terminates the worker; whatever was queued or running settles as 'stopped'. */
  stop(): void;
  /**
   * Tests: acts as if the worker had died of an uncaught error — the browser's error event, taken by the same
   * handler as a real crash (whatever was queued or running settles as 'failed'; the next request respawns).
   */
  simulateCrash(message: string): void;
  dispose(): void;
}

function spawnEngineWorker(): Worker {
  return new Worker(new URL('./engine.worker.ts', import.meta.url), { type: 'module', name: 'rulepen-engine' });
}

interface Live {
  worker: Worker;
  remote: Comlink.Remote<EngineWorkerApi>;
  /** Rejects when the worker dies, so calls in flight do not hang forever. */
  died: Promise<never>;
}

export function createEngineClient(spawn: () => Worker = spawnEngineWorker): EngineClient {
  let live: Live | null = null;

  function ensure(): Live {
    if (live) return live;
    const worker = spawn();
    const died = new Promise<never>((_, reject) => {
      worker.addEventListener('error', (event) => {
        event.preventDefault();
        reject(new Error(`the engine worker failed: ${event.message || 'unknown error'}`));
        terminate({ status: 'failed', error: event.message || 'the engine worker failed' });
      });
    });
    died.catch(() => {});
    live = { worker, remote: Comlink.wrap<EngineWorkerApi>(worker), died };
    return live;
  }

  function call<T>(f: (remote: Comlink.Remote<EngineWorkerApi>) => Promise<T>): Promise<T> {
    const l = ensure();
    return Promise.race([f(l.remote), l.died]);
  }

  // What the live worker holds: the files last sent, and the load result last received.
  const sender = new FileSender();
  const receiver = new LoadReceiver();

  /** A call that needs the workspace: the changed files go first (comlink keeps the order), then the call. */
  function withFiles<T>(files: WorkspaceFiles, f: (remote: Comlink.Remote<EngineWorkerApi>, ref: SyncedFiles) => Promise<T>): Promise<T> {
    return call((r) => {
      const { update, ref } = sender.prepare(files);
      if (update) r.sync(update).catch(() => {});
      return f(r, ref);
    });
  }

  const loads: LatestWins<WorkspaceFiles, Timed<HeldLoad>> = latestWins((files) =>
    withFiles(files, async (r, ref) => {
      const { result, millis } = await r.loadDelta(ref, receiver.since);
      return { result: receiver.decode(result), millis };
    }),
  );
  const runQueue = (): LatestWins<{ files: WorkspaceFiles; argv: string[] }, Timed<CommandResult>> =>
    latestWins(({ files, argv }) => withFiles(files, (r, ref) => r.run(ref, argv)));
  const runs: Record<RunChannel, LatestWins<{ files: WorkspaceFiles; argv: string[] }, Timed<CommandResult>>> = {
    command: runQueue(),
    query: runQueue(),
    why: runQueue(),
  };
  const compares: LatestWins<{ files: WorkspaceFiles; argv: string[] }, Timed<CompareResult>> = latestWins(({ files, argv }) =>
    withFiles(files, (r, ref) => r.compare(ref, argv)),
  );
  const describes: LatestWins<{ files: WorkspaceFiles; label: string }, TargetDetails | null> = latestWins(({ files, label }) =>
    withFiles(files, (r, ref) => r.describe(ref, label)),
  );
  const options: LatestWins<null, OptionInfo[]> = latestWins(() => call((r) => r.options()));
  const rules: LatestWins<null, RuleInfo[]> = latestWins(() => call((r) => r.rules()));
  const docs: LatestWins<{ files: WorkspaceFiles; what: string }, DocsResult> = latestWins(({ files, what }) => withFiles(files, (r, ref) => r.docs(ref, what) as Promise<DocsResult>));
  const decodes: LatestWins<Uint8Array, DecodedModuleInfo> = latestWins((bytes) => call((r) => r.decodeModuleInfo(bytes) as Promise<DecodedModuleInfo>));

  function terminate(outcome: Outcome<never>): void {
    if (live) {
      live.remote[Comlink.releaseProxy]();
      live.worker.terminate();
      live = null;
    }
    sender.reset();
    receiver.reset();
    loads.abandon(outcome);
    for (const q of Object.values(runs)) q.abandon(outcome);
    compares.abandon(outcome);
    describes.abandon(outcome);
    options.abandon(outcome);
    rules.abandon(outcome);
    docs.abandon(outcome);
    decodes.abandon(outcome);
  }

  return {
    load: (files) => loads.request(files),
    noteEdit: (base, next, path) => sender.noteEdit(base, next, path),
    run: (files, argv, channel = 'command') => runs[channel].request({ files, argv }),
    compare: (files, argv) => compares.request({ files, argv }),
    describe: (files, label) => describes.request({ files, label }),
    options: () => options.request(null),
    rules: () => rules.request(null),
    docs: (files, what) => docs.request({ files, what }),
    decodeModuleInfo: (bytes) => decodes.request(bytes),
    stop: () => terminate({ status: 'stopped' }),
    simulateCrash: (message) => {
      ensure().worker.dispatchEvent(new ErrorEvent('error', { message, cancelable: true }));
    },
    dispose: () => terminate({ status: 'stopped' }),
  };
}
