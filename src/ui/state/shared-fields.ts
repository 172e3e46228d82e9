// The panels' own state that share links and the saved session carry: the Query panel's expression, mode,
// output format and view; and where the sender pointed — the cursor in the open file and the selected target —
// so that the Why panel explains the same target for the recipient. Imported by main.tsx before the session
// starts, so a link's values reach the panels.

import { setLinkAsksCompare } from '../panels/compare/compare-store.ts';
import { useQuery, type QueryMode, type QueryState } from '../panels/query/query-store.ts';
import { useSelection, type SelectionSource } from './selection-store.ts';
import { registerShareField } from './session.ts';
import { COMPARE_EXTRA } from './share-link.ts';
import { useWorkspace } from './workspace-store.ts';

type Shared = 'expression' | 'mode' | 'format' | 'view';

function queryField(key: Shared, valid: (v: string) => boolean) {
  return {
    read: () => String(useQuery.getState()[key]),
    write: (v: string | undefined) => {
      if (v !== undefined && valid(v)) useQuery.getState().set({ [key]: v } as Partial<Pick<QueryState, Shared>>);
    },
    subscribe: (onChange: () => void) => useQuery.subscribe((s, p) => s[key] !== p[key] && onChange()),
  };
}

registerShareField('query', queryField('expression', () => true));
registerShareField('query-mode', queryField('mode', (v) => v === ('query' satisfies QueryMode) || v === ('cquery' satisfies QueryMode)));
registerShareField('query-format', queryField('format', (v) => /^[a-z_]{1,30}$/.test(v)));
registerShareField('query-view', queryField('view', (v) => v === 'text' || v === 'graph'));

// The cursor, as `line:column` in the open file (1-based). Not followed for saving: every edit saves it anyway.
registerShareField('cursor', {
  read: () => {
    const c = useSelection.getState().cursor;
    const active = useWorkspace.getState().activePath;
    return c && c.path === active ? `${c.line}:${c.column}` : undefined;
  },
  write: (v) => {
    const m = v === undefined ? null : /^(\d{1,7}):(\d{1,7})$/.exec(v);
    const path = useWorkspace.getState().activePath;
    if (m && path) useWorkspace.getState().revealAt(path, Number(m[1]), Number(m[2]));
  },
});

// The selected target and where it was picked (the editor, the Targets panel or the graph), as `source|label`:
// what Why explains, and how it says it was chosen.
registerShareField('selected', {
  read: () => {
    const { label, source } = useSelection.getState();
    return label ? `${source ?? 'targets'}|${label}` : undefined;
  },
  write: (v) => {
    const m = v === undefined ? null : /^(?:(editor|graph|targets)\|)?(@{0,2}[\w.-]*\/\/\S{0,300})$/.exec(v);
    if (m) useSelection.getState().select(m[2], (m[1] ?? 'targets') as SelectionSource);
    else useSelection.getState().select(null, 'targets');
  },
});

// A link made with "Open in compare view": opening it shows the Compare view. Never read back: it belongs to the
// link, not to the workspace (the saved session and later links leave it out unless asked again).
registerShareField(COMPARE_EXTRA, {
  read: () => undefined,
  write: (v) => setLinkAsksCompare(v === '1'),
});
