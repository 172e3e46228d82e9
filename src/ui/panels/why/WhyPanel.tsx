// Why: for the target selected in the editor (cursor inside its rule call) or in the graph, how each select()
// resolved in the current configuration — one plain sentence first, then the table of conditions and their
// entries (flag, expected, actual, where the actual came from), then the spec.

import { useEffect } from 'react';
import { KindBadge } from '../../components/KindBadge.tsx';
import { LabelText, useKnownLabels } from '../../components/LabelText.tsx';
import { useEngine } from '../../state/engine-store.ts';
import { runCommandLine } from '../../state/engine-sync.ts';
import { optionsFor, splitCommandText } from '../../state/flags.ts';
import { useOptionTable } from '../../state/option-table.ts';
import { useSelection } from '../../state/selection-store.ts';
import { useWorkspace } from '../../state/workspace-store.ts';
import { selectsFor, sourceText, type ConfiguredSelects, type SelectExplanation, type SettingMatch } from './why-shapes.ts';
import { startWhyFollow, useWhy } from './why-store.ts';
import './why-panel.css';

const SPEC_SELECT = 'https://bazel.build/docs/configurable-attributes';
const SPEC_CONFIG_SETTING = 'https://bazel.build/reference/be/general#config_setting';

export function WhyPanel() {
  const label = useSelection((s) => s.label);
  const source = useSelection((s) => s.source);
  const why = useWhy();
  const command = useEngine((s) => s.command);
  const commandText = useEngine((s) => s.commandText);
  const table = useOptionTable((s) => s.table);
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
  const fromCquery = fresh ? selectsFor(why.result, label) : [];
  const fromCommand = command.status === 'done' ? selectsFor(command.result, label) : [];
  const flagsNow = optionsFor('cquery', splitCommandText(commandText, table), table).kept.join(' ');
  const flagsThen = optionsFor('cquery', splitCommandText(command.text, table), table).kept.join(' ');
  const commandStale = command.revision !== revision || flagsNow !== flagsThen;
  const use: { groups: ConfiguredSelects[]; from: string; stale: boolean } | null = fromCquery.length
    ? { groups: fromCquery, from: `$ bazel ${why.argv.join(' ')}`, stale: why.revision !== revision }
    : fromCommand.length
      ? { groups: fromCommand, from: `from the last command: $ ${command.text.trim()}`, stale: commandStale }
      : null;
  const details = fresh ? why.details : null;
  const selectAttrs = details?.attributes.filter((a) => a.value.includes('select(')) ?? [];
  const running = why.status === 'running';

  return (
    <div className="panel-body why-panel" data-stale={running || use?.stale || undefined} aria-busy={running || undefined}>
      <header className="why-header">
        <LabelText text={label} known={known} />
        {details && <KindBadge kind={details.kind} />}
        <span className="muted why-origin">{source === 'graph' ? 'selected in the graph' : source === 'targets' ? 'selected in Targets' : 'at the cursor'}</span>
      </header>
      {use && (
        <>
          <p className="why-from muted">
            <code>{use.from}</code>
            {use.stale && ' · the files or flags changed since'}
          </p>
          {use.groups.map((g) => (
            <div key={g.key}>
              {use.groups.length > 1 && <h3 className="why-config">configuration {g.config ?? 'none'}</h3>}
              {g.selects.length === 0 && <p className="muted">No select() was resolved for this target in this configuration.</p>}
              {g.selects.map((s, i) => (
                <SelectCard key={s.attribute + i} s={s} known={known} />
              ))}
            </div>
          ))}
        </>
      )}
      {!use && fresh && details && selectAttrs.length === 0 && (
        <p className="why-sentence">
          <code>{label}</code> has no select(): its attributes are the same in every configuration.
        </p>
      )}
      {!use && fresh && selectAttrs.length > 0 && (
        <NoExplanation label={label} attrs={selectAttrs.map((a) => a.name)} why={why} flags={flagsNow} />
      )}
      {!use && !fresh && <p className="muted">Resolving {label}…</p>}
      <p className="why-spec muted">
        Spec:{' '}
        <a href={SPEC_SELECT} target="_blank" rel="noreferrer">
          configurable attributes, select()
        </a>{' '}
        ·{' '}
        <a href={SPEC_CONFIG_SETTING} target="_blank" rel="noreferrer">
          config_setting
        </a>
      </p>
    </div>
  );
}

function NoExplanation({ label, attrs, why, flags }: { label: string; attrs: string[]; why: ReturnType<typeof useWhy.getState>; flags: string }) {
  const cqueryFailed = why.result && why.result.exitCode !== 0;
  const buildLine = `bazel build ${label}${flags ? ' ' + flags : ''}`;
  return (
    <div className="why-empty">
      <p className="why-sentence">
        {attrs.map((a, i) => (
          <span key={a}>
            {i > 0 && (i === attrs.length - 1 ? ' and ' : ', ')}
            <code>{a}</code>
          </span>
        ))}{' '}
        {attrs.length === 1 ? 'uses' : 'use'} select(), but the engine has not said which branch this configuration picks.
      </p>
      {cqueryFailed && (
        <p className="muted">
          <code>$ bazel {why.argv.join(' ')}</code> answered: {firstLine(why.result!.stderr) || `exit code ${why.result!.exitCode}`}
        </p>
      )}
      <p>
        A build resolves the selects and records why:{' '}
        <button
          type="button"
          className="button"
          onClick={() => {
            useEngine.getState().setCommandText(buildLine);
            void runCommandLine(buildLine);
          }}
        >
          Run <code>{buildLine}</code>
        </button>
      </p>
    </div>
  );
}

function firstLine(s: string): string {
  return s.split('\n').find((l) => l.trim()) ?? '';
}

function checkKey(kind: string, key: string): string {
  if (kind === 'values') return `--${key}`;
  if (kind === 'define_values') return `--define ${key}`;
  return key;
}

function SelectCard({ s, known }: { s: SelectExplanation; known: ReturnType<typeof useKnownLabels> }) {
  const chosen = new Set(s.chosen);
  return (
    <section className="why-select" aria-label={`select() in ${s.attribute}`}>
      <p className="why-sentence">
        <code className="why-attr">{s.attribute}</code>: <LabelText text={s.reason} known={known} />
      </p>
      <p className="why-chosen">
        {s.chosen.filter(Boolean).length > 0 ? (
          <>
            Chosen:{' '}
            {s.chosen.filter(Boolean).map((c, i) => (
              <span key={c + i} className="chosen-key">
                <LabelText text={c} known={known} />
              </span>
            ))}
          </>
        ) : (
          <span className="notice error">No branch could be chosen.</span>
        )}
      </p>
      <table className="why-table">
        <caption className="sr-only">Conditions of the select() in {s.attribute}</caption>
        <thead>
          <tr>
            <th scope="col">Condition</th>
            <th scope="col">Expected</th>
            <th scope="col">Actual</th>
            <th scope="col">From</th>
            <th scope="col">
              <span className="sr-only">Matches</span>
            </th>
          </tr>
        </thead>
        {s.conditions.map((c, i) => (
          <ConditionRows key={c.setting + i} c={c} chosen={chosen.has(c.setting)} known={known} />
        ))}
      </table>
    </section>
  );
}

function Mark({ ok }: { ok: boolean }) {
  return (
    <span className={ok ? 'mark yes' : 'mark no'} aria-label={ok ? 'matches' : 'does not match'} title={ok ? 'matches' : 'does not match'}>
      {ok ? '✓' : '✗'}
    </span>
  );
}

function ConditionRows({ c, chosen, known }: { c: SettingMatch; chosen: boolean; known: ReturnType<typeof useKnownLabels> }) {
  const isDefault = c.setting === '//conditions:default';
  return (
    <tbody className={'why-condition' + (chosen ? ' chosen' : '')}>
      <tr className="condition-row">
        <th scope="rowgroup" colSpan={4}>
          <LabelText text={c.setting} known={known} />
          {c.resolvedTo && (
            <span className="muted">
              {' '}
              → <LabelText text={c.resolvedTo} known={known} />
            </span>
          )}
          {chosen && <span className="chosen-badge">chosen</span>}
          {isDefault && <span className="muted"> used when no other condition matches</span>}
        </th>
        <td>{!isDefault && <Mark ok={c.matches} />}</td>
      </tr>
      {c.error && (
        <tr>
          <td colSpan={5} className="notice error why-error">
            {c.error}
          </td>
        </tr>
      )}
      {c.checks.map((k, i) => (
        <tr key={i} className="check-row">
          <td className="flag">{checkKey(k.kind, k.key)}</td>
          <td className="value">{k.expected}</td>
          <td className="value">
            {k.actual}
            {k.note && <div className="note">{k.note}</div>}
          </td>
          <td className="source">{sourceText(k.source)}</td>
          <td>
            <Mark ok={k.matches} />
          </td>
        </tr>
      ))}
    </tbody>
  );
}

