// Tests: how each test_suite expanded (every candidate kept, or dropped with the tag/size/manual reason) and the
// result and log of each test the last command ran.

import { useState } from 'react';
import { LabelText, useKnownLabels } from '../../components/LabelText.tsx';
import { commandWord, useLastCommand } from '../command-result.ts';
import { suiteSentence, suitesOf, testSummaries, type SuiteExplanation, type TestSummary } from './tests-shape.ts';
import '../bottom-panels.css';

type Choice = { kind: 'suite'; id: string } | { kind: 'test'; id: string };

export function TestsPanel() {
  const { result, text, running, stale } = useLastCommand();
  const known = useKnownLabels();
  const suites = suitesOf(result?.explanations?.testSuites);
  const tests = result ? testSummaries(result.stdout, result.outputs) : [];
  const [choice, setChoice] = useState<Choice | null>(null);

  if (suites.length === 0 && tests.length === 0) {
    const verb = commandWord(text);
    return (
      <div className="panel-body">
        <p className="muted">
          {result && verb === 'test'
            ? `bazel test ran no tests${result.exitCode === 4 ? ' (exit code 4: no test targets were found)' : ` (exit code ${result.exitCode}: see Output)`}.`
            : 'Run bazel test (the test button) to see which tests a test_suite stands for, their results and their logs.'}
        </p>
      </div>
    );
  }

  const current: Choice =
    choice && (choice.kind === 'suite' ? suites.some((s) => s.suite === choice.id) : tests.some((t) => t.label === choice.id))
      ? choice
      : tests.find((t) => t.status !== 'PASSED')
        ? { kind: 'test', id: tests.find((t) => t.status !== 'PASSED')!.label }
        : suites[0]
          ? { kind: 'suite', id: suites[0].suite }
          : { kind: 'test', id: tests[0].label };

  return (
    <div className="split-panel" data-stale={stale || running || undefined}>
      <nav className="split-list" aria-label="Tests">
        {stale && <p className="stale-note">from <code>{text}</code>; the files changed since</p>}
        {suites.length > 0 && (
          <section aria-label="Suites">
            <h3 className="list-heading">test_suite expansion</h3>
            <ul className="plain-list">
              {suites.map((s) => (
                <li key={s.suite}>
                  <button
                    type="button"
                    className="list-row"
                    aria-current={(current.kind === 'suite' && current.id === s.suite) || undefined}
                    onClick={() => setChoice({ kind: 'suite', id: s.suite })}
                  >
                    <span className="list-name">{s.suite}</span>
                    <span className="list-meta">
                      {s.candidates.filter((c) => c.outcome === 'kept').length}/{s.candidates.length} kept
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          </section>
        )}
        {tests.length > 0 && (
          <section aria-label="Test results">
            <h3 className="list-heading">results</h3>
            <ul className="plain-list">
              {tests.map((t) => (
                <li key={t.label}>
                  <button
                    type="button"
                    className="list-row"
                    aria-label={`${t.label} ${t.status}`}
                    aria-current={(current.kind === 'test' && current.id === t.label) || undefined}
                    onClick={() => setChoice({ kind: 'test', id: t.label })}
                  >
                    <span className="list-name">{t.label}</span>
                    <span className={`status-chip ${t.status === 'PASSED' ? 'ok' : 'failed'}`}>{t.status}</span>
                  </button>
                </li>
              ))}
            </ul>
          </section>
        )}
      </nav>
      {current.kind === 'suite' ? (
        <SuiteDetail s={suites.find((s) => s.suite === current.id)!} known={known} />
      ) : (
        <TestDetail t={tests.find((t) => t.label === current.id)!} outputs={result!.outputs} known={known} />
      )}
    </div>
  );
}

function SuiteDetail({ s, known }: { s: SuiteExplanation; known: ReturnType<typeof useKnownLabels> }) {
  return (
    <section className="split-detail" aria-label={`Expansion of ${s.suite}`}>
      <div className="detail-body">
        <p className="why-sentence">
          <LabelText text={suiteSentence(s)} known={known} />
        </p>
        {s.errors.map((e) => (
          <pre key={e} className="notice error">
            {e}
          </pre>
        ))}
        <table className="why-table suite-table">
          <thead>
            <tr>
              <th scope="col">candidate</th>
              <th scope="col">outcome</th>
              <th scope="col">why</th>
            </tr>
          </thead>
          <tbody>
            {s.candidates.map((c) => (
              <tr key={c.label + (c.via ?? '')} className={c.outcome}>
                <td className="flag">
                  <LabelText text={c.label} known={known} />
                </td>
                <td>
                  <span className={`status-chip ${c.outcome === 'kept' ? 'ok' : ''}`}>{c.outcome}</span>
                </td>
                <td>
                  {c.reason}
                  {c.via && (
                    <span className="muted">
                      {' '}
                      (via <LabelText text={c.via} known={known} />)
                    </span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="why-spec muted">
          Spec:{' '}
          <a href="https://bazel.build/reference/be/general#test_suite" target="_blank" rel="noreferrer">
            test_suite
          </a>
        </p>
      </div>
    </section>
  );
}

function TestDetail({ t, outputs, known }: { t: TestSummary; outputs: Record<string, Uint8Array>; known: ReturnType<typeof useKnownLabels> }) {
  const log = t.log ? new TextDecoder().decode(outputs[t.log]) : null;
  return (
    <section className="split-detail" aria-label={`Result of ${t.label}`}>
      <header className="detail-header">
        <code className="detail-title">
          <LabelText text={t.label} known={known} />
        </code>
        <span className={`status-chip ${t.status === 'PASSED' ? 'ok' : 'failed'}`}>{t.status}</span>
        <span className="muted detail-meta">{t.detail}</span>
      </header>
      {log !== null ? (
        <pre className="file-contents" aria-label="Test log">
          <span className="muted">{t.log}</span>
          {'\n'}
          {log}
        </pre>
      ) : (
        <p className="muted detail-body">No test.log for this test in the command's outputs.</p>
      )}
    </section>
  );
}
