// Actions: each genrule of the last build — its command through the three expansion stages ($(location) forms,
// then make variables, then the script bash runs), the environment, and the transcript (exit code, stdout, stderr,
// outputs produced or missing).

import { useState } from 'react';
import { LabelText, useKnownLabels } from '../../components/LabelText.tsx';
import { useLastCommand } from '../command-result.ts';
import { formatSize } from '../generated/bytes.ts';
import { actionStatus, genrulesOf, type GenruleExplanation } from './genrule-shape.ts';
import '../bottom-panels.css';

export function ActionsPanel() {
  const { result, text, running, stale } = useLastCommand();
  const rules = genrulesOf(result?.explanations?.genrules);
  const [chosen, setChosen] = useState<string | null>(null);
  const selected = rules.find(([k]) => k === chosen) ?? rules.find(([, e]) => actionStatus(e) === 'failed') ?? rules[0];

  if (rules.length === 0) {
    return (
      <div className="panel-body">
        <p className="muted">
          {result
            ? 'The last command analysed no genrule, so there is no command expansion to show. Build a genrule to see it here.'
            : 'Build a genrule to see its command expanded stage by stage and the shell transcript.'}
        </p>
      </div>
    );
  }

  return (
    <div className="split-panel" data-stale={stale || running || undefined}>
      <nav className="split-list" aria-label="Actions">
        {stale && <p className="stale-note">from <code>{text}</code>; the files changed since</p>}
        <ul className="plain-list">
          {rules.map(([key, e]) => {
            const status = actionStatus(e);
            return (
              <li key={key}>
                <button
                  type="button"
                  className="list-row"
                  aria-current={selected?.[0] === key || undefined}
                  aria-label={`genrule ${key} (${status})`}
                  onClick={() => setChosen(key)}
                >
                  <span className="list-name">{key}</span>
                  <span className={`status-chip ${status === 'failed' ? 'failed' : status === 'ran' ? 'ok' : ''}`}>{status}</span>
                </button>
              </li>
            );
          })}
        </ul>
      </nav>
      {selected && <GenruleDetail e={selected[1]} />}
    </div>
  );
}

function GenruleDetail({ e }: { e: GenruleExplanation }) {
  const known = useKnownLabels();
  const status = actionStatus(e);
  return (
    <section className="split-detail" aria-label={`genrule ${e.label}`}>
      <header className="detail-header">
        <code className="detail-title">
          <LabelText text={e.label} known={known} />
        </code>
        <span className="muted detail-meta">
          {e.configuration} · {e.progress}
        </span>
        <span className={`status-chip ${status === 'failed' ? 'failed' : status === 'ran' ? 'ok' : ''}`}>{status}</span>
      </header>
      <div className="detail-body">
        <p className="muted">
          {e.cached
            ? 'Nothing it depends on changed since the last build, so the action was not run again (action cache).'
            : e.ran
              ? `The command ran in the emulated bash and exited with ${e.exitCode ?? '?'}.`
              : e.error
                ? 'The command could not be expanded, so it did not run.'
                : 'The command did not run (the build stopped before it).'}
        </p>
        <Stage n={1} title={`${e.attribute}, as written`} text={e.template} />
        {e.afterLocations !== undefined && <Stage n={2} title="after $(location) and friends" text={e.afterLocations} />}
        {e.afterMakeVariables !== undefined && <Stage n={3} title="after make variables and $$ (what bash receives)" text={e.afterMakeVariables} />}
        {e.script !== undefined && <Stage n={4} title={`the script bash runs${e.scriptFile ? ` (from ${e.scriptFile}: too long for a command line)` : ''}, with set -euo pipefail`} text={e.script} />}
        {e.error && (
          <div className="stage">
            <h4>error</h4>
            <pre className="notice error">{e.error}</pre>
          </div>
        )}
        {(e.ran || e.exitCode !== undefined) && (
          <div className="stage" aria-label="Transcript">
            <h4>transcript · exit code {e.exitCode}</h4>
            <pre className="code-block transcript">
              {e.stdout ? <span>{e.stdout}</span> : null}
              {e.stderr ? <span className="stderr-text">{e.stderr}</span> : null}
              {!e.stdout && !e.stderr && <span className="muted">(no output on stdout or stderr)</span>}
            </pre>
          </div>
        )}
        {(e.produced?.length || e.missing?.length) ? (
          <div className="stage">
            <h4>outputs</h4>
            <table className="kv-table">
              <tbody>
                {e.produced?.map((p) => (
                  <tr key={p.path}>
                    <td>{p.path}</td>
                    <th>{formatSize(p.size)}</th>
                  </tr>
                ))}
                {e.missing?.map((p) => (
                  <tr key={p}>
                    <td>{p}</td>
                    <th className="notice error">declared but not produced</th>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
        <details className="more">
          <summary>inputs, make variables and environment</summary>
          <KeyValues title="inputs" rows={e.inputs.map((p, i) => [String(i + 1), p])} />
          <KeyValues title="make variables" rows={Object.entries(e.variables)} prefix="$(" suffix=")" />
          <KeyValues title="environment (all bash sees)" rows={Object.entries(e.env)} />
        </details>
      </div>
    </section>
  );
}

function Stage({ n, title, text }: { n: number; title: string; text: string }) {
  return (
    <div className="stage">
      <h4>
        {n}. {title}
      </h4>
      <pre>{text}</pre>
    </div>
  );
}

function KeyValues({ title, rows, prefix = '', suffix = '' }: { title: string; rows: [string, string][]; prefix?: string; suffix?: string }) {
  if (rows.length === 0) return null;
  return (
    <div className="stage">
      <h4>{title}</h4>
      <table className="kv-table">
        <tbody>
          {rows.map(([k, v]) => (
            <tr key={k}>
              <th>
                {prefix}
                {k}
                {suffix}
              </th>
              <td>{v}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
