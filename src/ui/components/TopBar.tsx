// The top bar: the name, the command line (Bazel's own syntax), Run and Stop, and the engine's status.

import { useEffect, useState, type FormEvent } from 'react';
import { useEngine } from '../state/engine-store.ts';
import { runCommandLine, stopEngine } from '../state/engine-sync.ts';
import { useIsStale } from '../state/use-stale.ts';
import { CommandInput } from './CommandInput.tsx';
import { AppMenu } from './AppMenu.tsx';
import { Icon } from './Icon.tsx';
import { withCommand } from '../state/command-line.ts';

export function TopBar({ onRan }: { onRan(): void }) {
  const running = useEngine((s) => s.command.status === 'running');

  // Esc anywhere stops a running command (the command line handles its own Esc first: it closes completions).
  useEffect(() => {
    if (!running) return;
    function onKeyDown(e: globalThis.KeyboardEvent): void {
      if (e.key === 'Escape' && !e.defaultPrevented) stopEngine();
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [running]);

  function run(e?: FormEvent): void {
    e?.preventDefault();
    onRan();
    void runCommandLine();
  }

  function runAs(verb: string): void {
    const s = useEngine.getState();
    s.setCommandText(withCommand(s.commandText, verb));
    run();
  }

  return (
    <header className="top-bar">
      <h1 className="brand">rulepen</h1>
      <form className="command-line" onSubmit={run} aria-label="Command">
        <label className="prompt" htmlFor="command-input">
          $
        </label>
        <CommandInput />
        <button type="submit" className="button primary" aria-label="Run command" title="Run (Ctrl+Enter)">
          <Icon name="play" /> Run
        </button>
        <button
          type="button"
          className="button"
          aria-label="Stop"
          title="Stop (Esc)"
          disabled={!running}
          onClick={() => stopEngine()}
        >
          <Icon name="stop" /> Stop
        </button>
      </form>
      <div className="verb-buttons" role="group" aria-label="Build, test or run">
        {VERBS.map(([verb, label, title]) => (
          <button key={verb} type="button" className="button verb" aria-label={label} title={title} onClick={() => runAs(verb)}>
            {verb}
          </button>
        ))}
      </div>
      <EngineStatus />
      <AppMenu />
      {running && <Progress />}
    </header>
  );
}

const VERBS = [
  ['build', 'Build', 'bazel build: the command line with the command set to build, run now'],
  ['test', 'Test', 'bazel test: build and run the tests the patterns name'],
  ['run', 'Run target', 'bazel run: build the one executable target and run it'],
] as const;

/** Running: an indeterminate bar under the top bar and the time so far (the engine reports no steps). */
function Progress() {
  const text = useEngine((s) => s.command.text);
  const [started] = useState(() => Date.now());
  const [now, setNow] = useState(started);
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 100);
    return () => clearInterval(id);
  }, []);
  return (
    <div className="progress" role="progressbar" aria-label={`Running bazel ${text.replace(/^\s*bazel\s+/, '')}`} aria-valuetext={`${((now - started) / 1000).toFixed(1)} s`}>
      <span className="progress-bar" />
    </div>
  );
}

function EngineStatus() {
  const load = useEngine((s) => s.load);
  const workerError = useEngine((s) => s.workerError);
  const stale = useIsStale();
  let text: string;
  if (workerError) text = 'engine failed';
  else if (!load) text = 'loading…';
  else if (stale) text = 'updating…';
  else {
    const n = load.result.targetCount;
    const p = load.result.packages.length;
    const profile = load.result.profile === 'bazel4' ? 'Bazel 4' : 'modern Bazel';
    text = `${profile} · ${p} package${p === 1 ? '' : 's'}, ${n} target${n === 1 ? '' : 's'} · ${load.millis} ms`;
  }
  return (
    <div className="engine-status" role="status" aria-live="polite" title={text} data-stale={stale || undefined}>
      {text}
    </div>
  );
}
