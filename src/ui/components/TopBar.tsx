// The top bar: the name, the command line (Bazel's own syntax), Run and Stop, and the engine's status.

import type { FormEvent, KeyboardEvent } from 'react';
import { useEngine } from '../state/engine-store.ts';
import { runCommandLine, stopEngine } from '../state/engine-sync.ts';
import { useIsStale } from '../state/use-stale.ts';
import { Icon } from './Icon.tsx';

export function TopBar({ onRan }: { onRan(): void }) {
  const commandText = useEngine((s) => s.commandText);
  const running = useEngine((s) => s.command.status === 'running');

  function run(e?: FormEvent): void {
    e?.preventDefault();
    onRan();
    void runCommandLine();
  }

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>): void {
    if (e.key === 'Escape' && running) {
      e.preventDefault();
      stopEngine();
    }
  }

  return (
    <header className="top-bar">
      <h1 className="brand">rulepen</h1>
      <form className="command-line" onSubmit={run} aria-label="Command">
        <label className="prompt" htmlFor="command-input">
          $
        </label>
        <input
          id="command-input"
          className="command-input"
          aria-label="Command line"
          spellCheck={false}
          autoComplete="off"
          value={commandText}
          onChange={(e) => useEngine.getState().setCommandText(e.target.value)}
          onKeyDown={onKeyDown}
        />
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
      <EngineStatus />
    </header>
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
    const n = load.result.targets.length;
    const p = load.result.packages.length;
    const profile = load.result.profile === 'bazel4' ? 'Bazel 4' : 'modern Bazel';
    text = `${profile} · ${p} package${p === 1 ? '' : 's'}, ${n} target${n === 1 ? '' : 's'} · ${load.millis} ms`;
  }
  return (
    <div className="engine-status" role="status" aria-live="polite" data-stale={stale || undefined}>
      {text}
    </div>
  );
}
