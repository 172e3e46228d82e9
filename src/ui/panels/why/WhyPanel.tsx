// Why: for the target selected in the editor (cursor inside its rule call), the graph or Targets, what the
// panel's own `cquery <target> <flags>` says — how each select() resolved or why it could not (ambiguous, no
// match, a broken condition), a config_setting's own match or what is wrong with it, and the target's errors.
// One plain sentence first, then the evidence (conditions and their entries: flag, expected, actual, where the
// actual came from), then the spec.

import { Fragment, useEffect, type ReactNode } from 'react';
import type { Diagnostic, SelectExplanation, SettingMatch } from '../../../worker/protocol.ts';
import { DiagnosticItem } from '../../components/DiagnosticItem.tsx';
import { KindBadge } from '../../components/KindBadge.tsx';
import { LabelText, useKnownLabels } from '../../components/LabelText.tsx';
import { useSelection } from '../../state/selection-store.ts';
import { useWorkspace } from '../../state/workspace-store.ts';
import {
  DEFAULT_CONDITION,
  checkFlag,
  diagnosticsAbout,
  partSentences,
  mismatchText,
  selectsFor,
  settingSentences,
  toolchainSentences,
  toolchainsFor,
  settingText,
  settingsFor,
  sourceText,
  type ConfiguredSetting,
  type ConfiguredToolchains,
  type SelectPart,
} from './why-shapes.ts';
import { startWhyFollow, useWhy } from './why-store.ts';
import './why-panel.css';

const SPEC_SELECT = 'https://bazel.build/docs/configurable-attributes';
const SPEC_CONFIG_SETTING = 'https://bazel.build/reference/be/general#config_setting';
const SPEC_TOOLCHAINS = 'https://bazel.build/extending/toolchains';

type Known = ReturnType<typeof useKnownLabels>;

/** Text whose `backticked` parts are code; labels of known targets link to their declarations. */
function Prose({ text, known }: { text: string; known: Known }) {
  return (
    <>
      {text.split('`').map((s, i) =>
        i % 2 === 1 ? (
          <code key={i}>
            <LabelText text={s} known={known} />
          </code>
        ) : (
          <LabelText key={i} text={s} known={known} />
        ),
      )}
    </>
  );
}

export function WhyPanel() {
  const label = useSelection((s) => s.label);
  const source = useSelection((s) => s.source);
  const why = useWhy();
  const revision = useWorkspace((s) => s.revision);
  const known = useKnownLabels();

  useEffect(() => startWhyFollow(), []);

  if (!label) {
    return (
      <div className="panel-body why-panel">
        <p className="muted">Put the cursor inside a rule call in a BUILD file, or click a node in the Query graph: this panel explains how its select()s resolve with the flags on the command line.</p>
      </div>
    );
  }

  const fresh = why.label === label;
  const result = fresh ? why.result : null;
  const details = fresh ? why.details : null;
  const running = why.status === 'running';
  const stale = fresh && why.revision !== revision;
  const groups = selectsFor(result, label);
  const settings = settingsFor(result, label);
  const { own, others } = diagnosticsAbout(result, label);
  const toolchains = toolchainsFor(result, label);
  const explained = groups.length > 0 || settings.length > 0 || toolchains.length > 0;
  const selectAttrs = details?.attributes.filter((a) => a.value.includes('select(')) ?? [];

  return (
    <div className="panel-body why-panel" data-stale={running || stale || undefined} aria-busy={running || undefined}>
      <header className="why-header">
        <LabelText text={label} known={known} />
        {details && <KindBadge kind={details.kind} />}
        <span className="muted why-origin">{source === 'graph' ? 'selected in the graph' : source === 'targets' ? 'selected in Targets' : 'at the cursor'}</span>
      </header>
      {!fresh && (why.status === 'stopped' || why.status === 'failed' ? <p className="muted">The engine stopped before it answered; it answers again after the next edit.</p> : <p className="muted">Resolving {label}…</p>)}
      {result && (
        <p className="why-from muted">
          <code>$ bazel {why.argv.join(' ')}</code>
          {stale && ' · the files changed since'}
        </p>
      )}
      {settings.map((s) => (
        <SettingCard key={s.key} label={label} s={s} many={settings.length > 1} known={known} />
      ))}
      {toolchains.map((t) => (
        <ToolchainCard key={t.key} label={label} t={t} many={toolchains.length > 1} known={known} />
      ))}
      {groups.map((g) => (
        <div key={g.key}>
          {groups.length > 1 && <h3 className="why-config">configuration {g.config ?? 'none'}</h3>}
          {g.selects.length === 0 && <p className="muted">No select() was resolved for this target in this configuration.</p>}
          {g.selects.map((s, i) => (
            <SelectCard key={s.attribute + i} s={s} known={known} />
          ))}
        </div>
      ))}
      {own.length > 0 && <Errors label={label} diagnostics={own} explained={explained} />}
      {result && !explained && result.exitCode !== 0 && own.length === 0 && <CouldNotRun label={label} result={result} diagnostics={others} />}
      {result && !explained && (result.exitCode === 0 || own.length > 0) && selectAttrs.length === 0 && details?.kind !== 'config_setting rule' && (
        <p className="why-sentence">
          <code>{label}</code> has no select(): its attributes are the same in every configuration.
        </p>
      )}
      {explained && result && result.exitCode !== 0 && others.length > 0 && (
        <section className="why-others" aria-label="Errors in other targets">
          <p className="why-sentence">The cquery also failed on other targets that {label} needs:</p>
          <ul className="problem-list">
            {others.map((d, i) => (
              <DiagnosticItem key={i} d={d} />
            ))}
          </ul>
        </section>
      )}
      <p className="why-spec muted">
        Spec:{' '}
        <a href={SPEC_SELECT} target="_blank" rel="noreferrer">
          configurable attributes, select()
        </a>{' '}
        ·{' '}
        <a href={SPEC_CONFIG_SETTING} target="_blank" rel="noreferrer">
          config_setting
        </a>
        {toolchains.length > 0 && (
          <>
            {' '}
            ·{' '}
            <a href={SPEC_TOOLCHAINS} target="_blank" rel="noreferrer">
              toolchains
            </a>
          </>
        )}
      </p>
    </div>
  );
}

/** The target's own diagnostics: after the explanation when there is one (they are its evidence), else first. */
function Errors({ label, diagnostics, explained }: { label: string; diagnostics: readonly Diagnostic[]; explained: boolean }) {
  const errors = diagnostics.filter((d) => d.severity === 'error').length;
  return (
    <section className="why-errors" aria-label="Errors">
      {explained ? (
        <h3 className="why-attr-title">Bazel's {errors === 1 ? 'error' : errors > 1 ? 'errors' : 'warnings'}</h3>
      ) : (
        <p className="why-sentence failed">
          {errors > 0 ? (
            <>
              <code>{label}</code> fails analysis with these flags:
            </>
          ) : (
            <>
              Bazel warns about <code>{label}</code>:
            </>
          )}
        </p>
      )}
      <ul className="problem-list">
        {diagnostics.map((d, i) => (
          <DiagnosticItem key={i} d={d} />
        ))}
      </ul>
    </section>
  );
}

function CouldNotRun({ label, result, diagnostics }: { label: string; result: { stderr: string; exitCode: number }; diagnostics: readonly Diagnostic[] }) {
  const lines = result.stderr.split('\n').filter((l) => l.startsWith('ERROR: '));
  return (
    <section className="why-errors" aria-label="The cquery failed">
      <p className="why-sentence failed">
        The cquery could not analyse <code>{label}</code> (exit code {result.exitCode}), so there is nothing to explain yet. Fix {diagnostics.length + lines.length > 1 ? 'these errors' : 'this error'} first:
      </p>
      {diagnostics.length > 0 ? (
        <ul className="problem-list">
          {diagnostics.map((d, i) => (
            <DiagnosticItem key={i} d={d} />
          ))}
        </ul>
      ) : null}
      {lines.length > 0 && <pre className="why-error notice error">{lines.join('\n')}</pre>}
    </section>
  );
}

function SettingCard({ label, s, many, known }: { label: string; s: ConfiguredSetting; many: boolean; known: Known }) {
  const { headline, failed, details } = settingSentences(label, s.match);
  return (
    <section className="why-select" aria-label={`config_setting ${label}`}>
      {many && <h3 className="why-config">configuration {s.config ?? 'none'}</h3>}
      <p className={'why-sentence' + (failed ? ' failed' : '')}>
        <Prose text={headline} known={known} />
      </p>
      <Details lines={details} known={known} />
      {s.match.checks.length > 0 && (
        <ConditionTable caption={`Entries of ${label}`}>
          <ConditionRows c={s.match} status={s.match.matches ? 'matches' : 'no'} highlight known={known} />
        </ConditionTable>
      )}
    </section>
  );
}

/**
 * Toolchain resolution: the platforms, then per requested type each registered toolchain of that type in
 * priority order, with what it lacks on the target platform and on the execution platforms.
 */
function ToolchainCard({ label, t, many, known }: { label: string; t: ConfiguredToolchains; many: boolean; known: Known }) {
  const x = t.toolchains;
  const { headline, failed, details } = toolchainSentences(label, x);
  return (
    <section className="why-select why-toolchains" aria-label="Toolchain resolution">
      {many && <h3 className="why-config">configuration {t.config ?? 'none'}</h3>}
      <h3 className="why-attr-title">Toolchains</h3>
      <p className={'why-sentence' + (failed ? ' failed' : '')}>
        <Prose text={headline} known={known} />
      </p>
      <Details lines={details} known={known} />
      {x.types.map((type) => (
        <div className="why-toolchain-type" key={type.requested}>
          <h4 className="why-part-title">
            Registered toolchains of type <LabelText text={type.type} known={known} />
          </h4>
          {type.candidates.length === 0 ? (
            <p className="muted">None is registered (register_toolchains() or --extra_toolchains).</p>
          ) : (
            <ol className="why-candidates" aria-label={`Registered toolchains of type ${type.type}`}>
              {type.candidates.map((c, i) => {
                const exec = c.execMismatch.find((e) => e.mismatch.length === 0);
                const fitsTarget = c.targetMismatch.length === 0;
                return (
                  <li key={c.toolchain + i} className={'why-candidate' + (c.selected ? ' chosen' : '')}>
                    <div className="why-candidate-head">
                      <span>
                        <Breakable text={c.toolchain} />
                      </span>
                      {c.selected ? <span className="status-badge chosen">selected</span> : <Mark ok={fitsTarget && exec !== undefined} />}
                    </div>
                    <div className="source">
                      toolchain <Breakable text={c.implementation} />
                    </div>
                    <div className={'why-candidate-fit' + (fitsTarget ? '' : ' failing')}>
                      target platform: {fitsTarget ? 'fits' : <Breakable text={mismatchText(c.targetMismatch)} />}
                    </div>
                    <div className={'why-candidate-fit' + (exec ? '' : ' failing')}>
                      execution platform:{' '}
                      {exec ? <Breakable text={exec.platform} /> : c.execMismatch.length === 0 ? 'none available' : <Breakable text={mismatchText(c.execMismatch[0]!.mismatch)} />}
                    </div>
                  </li>
                );
              })}
            </ol>
          )}
        </div>
      ))}
    </section>
  );
}

function Details({ lines, known }: { lines: readonly string[]; known: Known }) {
  if (lines.length === 0) return null;
  return (
    <ul className="why-details">
      {lines.map((l, i) => (
        <li key={i}>
          <Prose text={l} known={known} />
        </li>
      ))}
    </ul>
  );
}

function SelectCard({ s, known }: { s: SelectExplanation; known: Known }) {
  return (
    <section className="why-select" aria-label={`select() in ${s.attribute}`}>
      <h3 className="why-attr-title">
        select() in <code className="why-attr">{s.attribute}</code>
      </h3>
      {s.parts.map((p, i) => (
        <PartView key={i} part={p} index={i} count={s.parts.length} known={known} />
      ))}
    </section>
  );
}

type ConditionStatus = 'chosen' | 'ambiguous' | 'matches' | 'less-specialized' | 'no' | 'broken' | 'default';

function statusOf(part: SelectPart, c: SettingMatch): ConditionStatus {
  if (c.setting === part.chosen) return 'chosen';
  if (c.setting === DEFAULT_CONDITION) return 'default';
  if (c.error) return 'broken';
  if (part.outcome === 'ambiguous' && part.ambiguity?.conditions.includes(c.setting)) return 'ambiguous';
  if (part.matching.includes(c.setting)) return 'less-specialized';
  return 'no';
}

/** For an ambiguous select(): per condition, per setting it has, the other conditions that lack it. */
function lackedBy(part: SelectPart): Map<string, Map<string, string[]>> {
  const out = new Map<string, Map<string, string[]>>();
  const add = (key: string, setting: string, other: string) => {
    const m = out.get(key) ?? new Map<string, string[]>();
    m.set(setting, [...(m.get(setting) ?? []), other]);
    out.set(key, m);
  };
  for (const p of part.ambiguity?.pairs ?? []) {
    for (const x of p.onlyA) add(p.a, x, p.b);
    for (const x of p.onlyB) add(p.b, x, p.a);
  }
  return out;
}

function PartView({ part, index, count, known }: { part: SelectPart; index: number; count: number; known: Known }) {
  const { headline, failed, details } = partSentences(part);
  const lacked = lackedBy(part);
  return (
    <div className="why-part">
      {count > 1 && (
        <h4 className="why-part-title">
          select() {index + 1} of {count}
        </h4>
      )}
      <p className={'why-sentence' + (failed ? ' failed' : '')}>
        <Prose text={headline} known={known} />
      </p>
      {!failed && (
        <p className="why-chosen">
          Chosen:{' '}
          <span className="chosen-key">
            <LabelText text={part.chosen} known={known} />
          </span>
        </p>
      )}
      <Details lines={details} known={known} />
      <ConditionTable caption="Conditions of the select()">
        {part.conditions.map((c, i) => (
          <ConditionRows key={c.setting + i} c={c} status={statusOf(part, c)} highlight={part.outcome === 'no-match'} lacked={lacked.get(c.setting)} known={known} />
        ))}
      </ConditionTable>
    </div>
  );
}

function ConditionTable({ caption, children }: { caption: string; children: ReactNode }) {
  return (
    <div className="why-table-wrap">
    <table className="why-table">
      <caption className="sr-only">{caption}</caption>
      <colgroup>
        <col className="flag-col" />
        <col />
        <col />
        <col className="mark-col" />
      </colgroup>
      <thead>
        <tr>
          <th scope="col">Condition</th>
          <th scope="col">Expected</th>
          <th scope="col">Actual (from)</th>
          <th scope="col">
            <span className="sr-only">Matches</span>
          </th>
        </tr>
      </thead>
      {children}
    </table>
    </div>
  );
}

/**
 * A flag or label that may wrap only after its punctuation (`--compilation_` / `mode`, `//pkg:` / `name`), never
 * inside a word: the narrow side panel must not cut `compilation` in two.
 */
function Breakable({ text }: { text: string }) {
  const parts = text.split(/(?<=[^-][_\-/:.=])/);
  return (
    <>
      {parts.map((p, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          <span className="nobr">{p}</span>
        </Fragment>
      ))}
    </>
  );
}

function Mark({ ok }: { ok: boolean }) {
  return (
    <span className={ok ? 'mark yes' : 'mark no'} aria-label={ok ? 'matches' : 'does not match'} title={ok ? 'matches' : 'does not match'}>
      {ok ? '✓' : '✗'}
    </span>
  );
}

const STATUS_TEXT: Record<ConditionStatus, string> = {
  chosen: 'chosen',
  ambiguous: 'ambiguous',
  matches: 'matches',
  'less-specialized': 'less specialized',
  no: 'no match',
  broken: 'cannot be used',
  default: 'if nothing matches',
};

function ConditionRows({
  c,
  status,
  highlight,
  lacked,
  known,
}: {
  c: SettingMatch;
  status: ConditionStatus;
  /** Highlight the entries that fail (a select() with no match, a config_setting that does not match). */
  highlight?: boolean;
  /** Setting → the other ambiguous conditions that lack it. */
  lacked?: ReadonlyMap<string, readonly string[]>;
  known: Known;
}) {
  return (
    <tbody className={`why-condition status-${status}`}>
      <tr className="condition-row">
        <th scope="rowgroup" colSpan={3}>
          <LabelText text={c.setting} known={known} />
          {c.resolvedTo && (
            <span className="muted">
              {' '}
              → <LabelText text={c.resolvedTo} known={known} />
            </span>
          )}
          <span className={`status-badge ${status}`}>{STATUS_TEXT[status]}</span>
        </th>
        <td>{status !== 'default' && status !== 'broken' && <Mark ok={c.matches} />}</td>
      </tr>
      {c.error && !c.problems?.length && (
        <tr>
          <td colSpan={4} className="notice error why-error">
            {c.error}
          </td>
        </tr>
      )}
      {c.checks.map((k, i) => {
        const lacking = lacked?.get(k.setting);
        const failing = highlight && !k.matches;
        return (
          <Fragment key={i}>
            <tr className={'check-row' + (failing ? ' failing' : '') + (lacking ? ' distinct' : '')}>
              <td className="flag">
                <Breakable text={checkFlag(k)} />
              </td>
              <td className="value">{k.expected}</td>
              <td className="value">
                {k.actual}
                {/* Where the actual value came from: prose under it, to keep the table narrow. */}
                <div className="source">{sourceText(k.source)}</div>
                {k.note && <div className="note">{k.note}</div>}
              </td>
              <td>
                <Mark ok={k.matches} />
              </td>
            </tr>
            {lacking && (
              <tr className="lacked-row distinct">
                <td colSpan={4}>
                  <LabelText text={`${lacking.join(', ')} ${lacking.length === 1 ? 'does' : 'do'} not ask for ${settingText(k.setting)}`} known={known} />
                </td>
              </tr>
            )}
          </Fragment>
        );
      })}
    </tbody>
  );
}
