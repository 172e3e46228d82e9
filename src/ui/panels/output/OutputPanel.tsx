// Output: the last command's stderr and stdout, as a terminal would show them, with its exit code. ERROR,
// WARNING and INFO lines are coloured, each workspace place a line names (path:line:column) opens that file
// there, and a new result scrolls its first error into view. Everything is rendered as text.

import { useEffect, useMemo, useRef } from 'react';
import { useEngine } from '../../state/engine-store.ts';
import { useWorkspace } from '../../state/workspace-store.ts';
import { outputLines, type OutputLine } from './output-lines.ts';

export function OutputPanel() {
  const command = useEngine((s) => s.command);
  const revision = useWorkspace((s) => s.revision);
  const files = useWorkspace((s) => s.files);
  const stale = command.status === 'done' && command.revision !== revision;
  const pre = useRef<HTMLPreElement>(null);
  const result = command.result;
  const paths = useMemo(() => new Set(Object.keys(files)), [files]);
  const stderr = useMemo(() => (result ? outputLines(result.stderr, paths) : []), [result, paths]);

  // A new result: its first error at the top of the panel (else the end, where the exit code is, stays in view).
  useEffect(() => {
    const el = pre.current;
    const scroller = el?.closest('.tab-panel');
    if (!el || !scroller || command.status !== 'done') return;
    const first = el.querySelector('.line-error');
    if (first) scroller.scrollTop += first.getBoundingClientRect().top - scroller.getBoundingClientRect().top - 4;
    else scroller.scrollTop = 0;
  }, [result, command.status]);

  if (command.status === 'idle') {
    return (
      <div className="panel-body">
        <p className="muted">
          Run a command (<kbd>Ctrl</kbd>+<kbd>Enter</kbd>) to see its output here.
        </p>
      </div>
    );
  }
  return (
    <div className="panel-body output" data-stale={stale || undefined}>
      <pre className="terminal" aria-label="Command output" ref={pre}>
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
            {stderr.length > 0 && (
              <span className="stderr">
                {stderr.map((line, i) => (
                  <Line key={i} line={line} />
                ))}
              </span>
            )}
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

function Line({ line }: { line: OutputLine }) {
  return (
    <span className={`line line-${line.severity}`}>
      {line.pieces.map((p, i) =>
        p.place ? (
          <button
            key={i}
            type="button"
            className="output-link"
            title={`Open ${p.place.path} at line ${p.place.line}, column ${p.place.column}`}
            onClick={() => useWorkspace.getState().revealAt(p.place!.path, p.place!.line, p.place!.column)}
          >
            {p.text}
          </button>
        ) : (
          p.text
        ),
      )}
      {'\n'}
    </span>
  );
}
