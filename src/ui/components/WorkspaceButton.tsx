// The button in the editor's header that names the open workspace and opens the Workspaces dialog.

import { useWorkspaces } from '../state/session.ts';
import { useUi } from '../state/ui-store.ts';

export function WorkspaceButton() {
  const name = useWorkspaces((s) => s.current.name);
  return (
    <button
      type="button"
      className="button workspace-switch"
      aria-label={`Workspace: ${name}. Open the list of workspaces`}
      title="Your workspaces: reopen, rename or delete them"
      onClick={() => useUi.getState().openDialog('workspaces')}
    >
      {name} ▾
    </button>
  );
}
