// Docs: what starlark_doc_extract makes of the .bzl file open in the editor (or of the starlark_doc_extract
// target selected) — a documentation page in the shape of Stardoc's markdown, the ModuleInfo as JSON (protobuf
// JSON mapping) and as textproto. Follows the edits (debounced); a result older than the text is greyed.

import { useEffect, useState } from 'react';
import type { JsonValue } from '../../../worker/protocol.ts';
import { useWorkspace } from '../../state/workspace-store.ts';
import { DocsPage } from './DocsPage.tsx';
import { startDocsFollow, useDocs } from './docs-store.ts';
import { asModuleInfo, countSymbols } from './module-info-json.ts';
import './docs-panel.css';

type View = 'page' | 'json' | 'text';

const VIEWS: { id: View; title: string }[] = [
  { id: 'page', title: 'Page' },
  { id: 'json', title: 'JSON' },
  { id: 'text', title: 'Textproto' },
];

export function DocsPanel() {
  const docs = useDocs();
  const revision = useWorkspace((s) => s.revision);
  const [view, setView] = useState<View>('page');

  useEffect(() => startDocsFollow(), []);

  if (!docs.subject) {
    return (
      <div className="panel-body docs-panel">
        <p className="muted">Open a .bzl file (or select a starlark_doc_extract target) to see the documentation starlark_doc_extract extracts from it.</p>
      </div>
    );
  }

  const r = docs.result;
  const answersSubject = docs.answered === docs.subject;
  const running = docs.status === 'running';
  const stale = !answersSubject || docs.revision !== revision || running;

  return (
    <div className="panel-body docs-panel" data-stale={stale || undefined} aria-busy={running || undefined}>
      <header className="docs-header">
        <span className="docs-subject">
          <code>{r && answersSubject && r.file ? r.file : docs.subject}</code>
          <span className="muted">
            {r && answersSubject
              ? r.target
                ? ` · as ${r.target} extracts it`
                : ' · the whole file (no starlark_doc_extract names it)'
              : ' · extracting…'}
          </span>
        </span>
        <div className="segmented" role="tablist" aria-label="Docs view">
          {VIEWS.map((v) => (
            <button
              key={v.id}
              type="button"
              role="tab"
              aria-selected={view === v.id}
              className="segment"
              onClick={() => setView(v.id)}
            >
              {v.title}
            </button>
          ))}
        </div>
      </header>
      {stale && r && <p className="stale-note muted">{running ? 'Updating…' : 'Shown for an earlier text of the file.'}</p>}
      {docs.status === 'failed' && <p className="notice error">The engine failed: {docs.error}</p>}
      {r && !r.ok && (
        <pre className="docs-error" aria-label="Extraction error">
          {r.error}
        </pre>
      )}
      {r && r.ok && <DocsView view={view} json={r.json} text={r.text} file={r.file} />}
    </div>
  );
}

/** Opens the declaration of a top-level symbol (`name = …` or `def name(`) of the documented file. */
function openDeclaration(file: string, name: string): void {
  const ws = useWorkspace.getState();
  const text = ws.files[file];
  if (typeof text !== 'string') return;
  const top = name.split('.')[0];
  const lines = text.split('\n');
  const i = lines.findIndex((l) => l.startsWith(`def ${top}(`) || new RegExp(`^${top.replace(/[$]/g, '\\$&')}\\s*=`).test(l));
  ws.revealAt(file, i < 0 ? 1 : i + 1, 1);
}

function DocsView({ view, json, text, file }: { view: View; json: JsonValue; text: string; file: string }) {
  if (view === 'json') {
    return (
      <pre className="docs-source" aria-label="ModuleInfo as JSON">
        {JSON.stringify(json, null, 2)}
      </pre>
    );
  }
  if (view === 'text') {
    return (
      <pre className="docs-source" aria-label="ModuleInfo as textproto">
        {text || '# (empty ModuleInfo)'}
      </pre>
    );
  }
  const info = asModuleInfo(json);
  return (
    <>
      {countSymbols(info) === 0 && !info.moduleDocstring && <p className="muted">This file documents nothing: it has no public rules, providers, functions, macros, aspects, repository rules or module extensions.</p>}
      <DocsPage info={info} open={(name) => openDeclaration(file, name)} />
    </>
  );
}
