// Output: the last command's stderr and stdout, as a terminal would show them, with its exit code.

import { useEngine } from '../../state/engine-store.ts';
import { useWorkspace } from '../../state/workspace-store.ts';

export function OutputPanel() {
  const command = useEngine((s) => s.command);
  const revision = useWorkspace((s) => s.revision);
  const stale = command.status === 'done' && command.revision !== revision;

  if (command.status === 'idle') {
    return (
      <div className="panel-body">
        <p className="muted">
          Run a command (<kbd>Ctrl</kbd>+<kbd>Enter</kbd>) to see its output here.
        </p>
      </div>
    );
  }
  const { result } = command;
  return (
    <div className="panel-body output" data-stale={stale || undefined}>
      <pre className="terminal" aria-label="Command output">
        <span className="prompt">$ {command.text.trim().startsWith('bazel') ? '' : 'bazel '}{command.text.trim()}</span>
        {'\n'}
        {command.status === 'running' && <span className="muted">running…{'\n'}</span>}
        {command.status === 'stopped' && (
          <span className="muted">
            stopped.{'\n'}The command was cancelled (Stop or Esc) and has no result. The engine was restarted; your files are unchanged.{'\n'}
          </span>
        )}
        {command.error && <span className="stderr">{command.error}{'\n'}</span>}
        {result && command.status !== 'running' && (
          <>
            {result.stderr && <span className="stderr">{result.stderr}</span>}
            {result.stdout && <span className="stdout">{result.stdout}</span>}
            <span className={result.exitCode === 0 ? 'exit ok' : 'exit failed'}>
              {`\nexit code ${result.exitCode}` + (command.millis ? ` · ${command.millis} ms` : '') + (stale ? ' · files changed since' : '')}
            </span>
          </>
        )}
      </pre>
    </div>
  );
}
