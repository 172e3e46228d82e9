// The one module of the UI that talks to the engine worker: it reloads the workspace on every edit, and runs the
// command line on demand. Results land in the engine store.

import { createEngineClient, type EngineClient, type Outcome, type RunChannel } from '../../worker/client.ts';
import type { CommandResult, DecodedModuleInfo, DocsResult, OptionInfo, RuleInfo, TargetDetails, Timed } from '../../worker/protocol.ts';
import { useCompare } from '../panels/compare/compare-store.ts';
import { commandArgv } from './command-line.ts';
import { useEngine } from './engine-store.ts';
import { useLayout } from './layout-store.ts';
import { useUi } from './ui-store.ts';
import { editedPath, prepareEdit, useWorkspace } from './workspace-store.ts';
import { afterFirstView } from './first-view.ts';

/*
 * An edit asks the engine at once, not after a pause in typing: the worker then loads while the page draws the
 * keystroke, instead of after. A request made while the worker is busy waits, and only the latest waiting one is
 * sent (the client's latest-wins queue); the worker's load cache re-evaluates only what changed, and the request
 * carries only the edited file — so asking on every keystroke keeps the panels within a frame or two of the text.
 */
let client: EngineClient | null = null;

function engine(): EngineClient {
  return (client ??= createEngineClient());
}

/** Runs `f` once the page is idle (soon, where there is no idle callback). */
function whenIdle(f: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(f, { timeout: 1000 });
  else setTimeout(f, 50);
}

/** The revision whose load was last retried after the worker died, so that files that crash it are not retried forever. */
let retriedRevision: number | null = null;

async function loadNow(): Promise<void> {
  const { files, revision } = useWorkspace.getState();
  useEngine.setState({ pendingRevision: revision });
  const outcome = await engine().load(files);
  // Superseded: a newer request carries on. Stopped: stopEngine() has already asked again.
  if (outcome.status === 'superseded' || outcome.status === 'stopped') return;
  if (outcome.status === 'done') {
    useEngine.setState({
      load: { result: outcome.value.result, revision, millis: outcome.value.millis },
      pendingRevision: null,
      workerError: null,
    });
    whenIdle(() => {
      // Settled: the next keystroke will find its copy of the files made.
      if (useEngine.getState().pendingRevision === null) prepareEdit();
    });
  } else if (retriedRevision !== revision) {
    // The worker died (the files live here, not in the worker): the next request starts a fresh one, which
    // loads the files as they are now. Once per revision, so that files that crash the worker every time end in
    // the error below rather than in a loop.
    retriedRevision = revision;
    useUi.getState().say('The engine stopped unexpectedly and was restarted; your files are unchanged');
    await loadNow();
  } else {
    useEngine.setState({
      pendingRevision: null,
      workerError: `${outcome.error} — it failed again after a restart on the same files; your files are unchanged, and the next edit tries again`,
    });
  }
}

/** Starts following the workspace store; returns a function that stops following it. */
export function startEngineSync(): () => void {
  // The worker starts once the editor is on screen (an edit before that asks at once).
  afterFirstView(() => {
    if (useEngine.getState().load === null && useEngine.getState().pendingRevision === null) void loadNow();
  });
  const unsubscribe = useWorkspace.subscribe((state, previous) => {
    if (state.files === previous.files) return;
    // A keystroke: the next request sends this file alone, without comparing every file.
    const path = editedPath(state, previous.files);
    if (path !== null) engine().noteEdit(previous.files, state.files, path);
    void loadNow();
  });
  return unsubscribe;
}

export async function runCommandLine(text = useEngine.getState().commandText): Promise<void> {
  const { argv, error } = commandArgv(text);
  const { files, revision } = useWorkspace.getState();
  if (error) {
    useEngine.setState({ command: { status: 'failed', text, result: null, revision, millis: 0, error } });
    return;
  }
  useEngine.setState((s) => ({ command: { ...s.command, status: 'running', text, error: null } }));
  // The Compare panel in front follows the command bar.
  if (useLayout.getState().panels.bottom === 'compare') void runCompare(text);
  const outcome = await engine().run(files, argv);
  if (outcome.status === 'superseded') return;
  if (outcome.status === 'done') {
    const { result, millis } = outcome.value;
    useEngine.setState({ command: { status: 'done', text, result, revision, millis, error: null } });
  } else {
    // Stopped or crashed: this command has no result (the previous command's result must not pass for its own).
    useEngine.setState({
      command: {
        status: outcome.status === 'stopped' ? 'stopped' : 'failed',
        text,
        result: null,
        revision,
        millis: 0,
        error:
          outcome.status === 'failed'
            ? `The engine stopped unexpectedly while running this command (${outcome.error}). It restarts by itself; your files are unchanged. Run the command again.`
            : null,
      },
    });
    // The worker is gone: a fresh one reloads the workspace, so that Problems and Targets stay current.
    if (outcome.status === 'failed') void loadNow();
  }
}

/** Runs the command line under Bazel 4.2.3 and under current Bazel, for the Compare panel. */
export async function runCompare(text = useEngine.getState().commandText): Promise<void> {
  const { argv, error } = commandArgv(text);
  const { files, revision } = useWorkspace.getState();
  if (error) {
    useCompare.setState({ status: 'failed', text, result: null, revision, millis: 0, error });
    return;
  }
  useCompare.setState({ status: 'running', text, error: null });
  const outcome = await engine().compare(files, argv);
  if (outcome.status === 'superseded') return;
  if (outcome.status === 'done') {
    useCompare.setState({ status: 'done', text, result: outcome.value.result, revision, millis: outcome.value.millis, error: null });
  } else {
    useCompare.setState({
      status: outcome.status === 'stopped' ? 'stopped' : 'failed',
      text,
      result: null,
      revision,
      millis: 0,
      error: outcome.status === 'failed' ? `The engine stopped unexpectedly while comparing (${outcome.error}). Your files are unchanged; compare again.` : null,
    });
    if (outcome.status === 'failed') void loadNow();
  }
}

/** Stop: terminates the worker (a fresh one starts with the next request) and reloads the workspace. */
export function stopEngine(): void {
  engine().stop();
  void loadNow();
}

/** Tests: the engine worker dies as of an uncaught error (see EngineClient.simulateCrash). */
export function simulateEngineCrash(message = 'simulated crash'): void {
  engine().simulateCrash(message);
}

/** Runs argv on a side channel (the Query and Why panels), independent of the command bar's run. */
export function runOnChannel(channel: Exclude<RunChannel, 'command'>, argv: string[]): Promise<Outcome<Timed<CommandResult>>> {
  return engine().run(useWorkspace.getState().files, argv, channel);
}

/** A target's kind and attributes from the rule schema. */
export function describeTarget(label: string): Promise<Outcome<TargetDetails | null>> {
  return engine().describe(useWorkspace.getState().files, label);
}

/** The option table, for completing flags. */
export function fetchOptionTable(): Promise<Outcome<OptionInfo[]>> {
  return engine().options();
}

/** The native rules' schema tables, for the editor's hover, completion and signature help. */
export function fetchRuleTable(): Promise<Outcome<RuleInfo[]>> {
  return engine().rules();
}

/** The ModuleInfo of a .bzl path or a starlark_doc_extract label, for the Docs panel. */
export function fetchDocs(pathOrLabel: string): Promise<Outcome<DocsResult>> {
  return engine().docs(useWorkspace.getState().files, pathOrLabel);
}

/** A `*.binaryproto` decoded, for the Generated files panel. */
export function decodeModuleInfo(bytes: Uint8Array): Promise<Outcome<DecodedModuleInfo>> {
  return engine().decodeModuleInfo(bytes);
}
