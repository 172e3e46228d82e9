// The Docs panel's data: the ModuleInfo of the .bzl file open in the editor (or of the starlark_doc_extract
// target selected), asked of the worker ~300 ms after the file, the selection or the text changes.

import { create } from 'zustand';
import type { DocsResult } from '../../../worker/protocol.ts';
import { useEngine } from '../../state/engine-store.ts';
import { fetchDocs } from '../../state/engine-sync.ts';
import { useSelection } from '../../state/selection-store.ts';
import { useWorkspace } from '../../state/workspace-store.ts';

export interface DocsState {
  /** What is documented: a .bzl/.scl path or a starlark_doc_extract label; null when nothing fits. */
  subject: string | null;
  /** The subject and workspace revision the result answers. */
  answered: string | null;
  revision: number;
  status: 'idle' | 'running' | 'stopped' | 'failed';
  result: DocsResult | null;
  error: string | null;
}

export const useDocs = create<DocsState>()(() => ({ subject: null, answered: null, revision: -1, status: 'idle', result: null, error: null }));

export const DOCS_DEBOUNCE_MS = 300;

export function isStarlarkFile(path: string | null): path is string {
  return !!path && /\.(bzl|scl)$/.test(path);
}

/** The subject to follow now: the selected starlark_doc_extract target, else the editor's .bzl, else the last one. */
export function currentSubject(): string | null {
  const { activePath, files } = useWorkspace.getState();
  const { label, source } = useSelection.getState();
  const targets = useEngine.getState().load?.result.targets ?? [];
  if (label && source !== 'editor' && targets.some((t) => t.label === label && t.kind === 'starlark_doc_extract rule')) return label;
  if (isStarlarkFile(activePath)) return activePath;
  if (label && targets.some((t) => t.label === label && t.kind === 'starlark_doc_extract rule')) return label;
  const last = useDocs.getState().subject;
  if (last && (last.startsWith('//') || last in files)) return last;
  return Object.keys(files).find((p) => isStarlarkFile(p)) ?? null;
}

async function refresh(): Promise<void> {
  const subject = currentSubject();
  const revision = useWorkspace.getState().revision;
  const s = useDocs.getState();
  if (subject !== s.subject) useDocs.setState({ subject });
  if (!subject) return;
  if (s.answered === subject && s.revision === revision && s.status === 'idle') return;
  useDocs.setState({ status: 'running' });
  const outcome = await fetchDocs(subject);
  if (outcome.status === 'superseded') return;
  if (outcome.status === 'done') useDocs.setState({ answered: subject, revision, status: 'idle', result: outcome.value, error: null });
  else useDocs.setState({ status: outcome.status === 'stopped' ? 'stopped' : 'failed', error: outcome.status === 'failed' ? outcome.error : null });
}

/** Follows the editor, the selection and the files while the panel is shown; returns the unsubscriber. */
export function startDocsFollow(): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const schedule = (delay = DOCS_DEBOUNCE_MS) => {
    clearTimeout(timer);
    timer = setTimeout(() => void refresh(), delay);
  };
  void refresh();
  const a = useWorkspace.subscribe((s, p) => {
    if (s.revision !== p.revision) schedule();
    else if (s.activePath !== p.activePath) schedule(0);
  });
  const b = useSelection.subscribe((s, p) => (s.label !== p.label || s.source !== p.source) && schedule(0));
  const c = useEngine.subscribe((s, p) => s.load !== p.load && !useDocs.getState().subject && schedule(0));
  return () => {
    clearTimeout(timer);
    a();
    b();
    c();
  };
}
