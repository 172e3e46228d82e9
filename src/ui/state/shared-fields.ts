// The panels' own state that share links and the saved session carry: the Query panel's expression, mode,
// output format and view. Imported by main.tsx before the session starts, so a link's values reach the panel.

import { useQuery, type QueryMode, type QueryState } from '../panels/query/query-store.ts';
import { registerShareField } from './session.ts';

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
