// The Share dialog: the link to the current state (already copied), its size, and a warning when it is longer
// than chat tools and issue trackers accept; the HTML that embeds the same state in a page (an <iframe> of the
// embed URL); plus the other ways to pass a workspace on.

import { copyAsText, copyText, downloadZip, linkTooLong, setShareCompare } from '../state/actions.ts';
import { embedSnippet } from '../state/embed-link.ts';
import { useEngine } from '../state/engine-store.ts';
import { LINK_WARN_CHARS } from '../state/share-link.ts';
import { useUi } from '../state/ui-store.ts';
import { Dialog } from './Dialog.tsx';

export function ShareDialog() {
  const open = useUi((s) => s.dialog === 'share');
  const link = useUi((s) => s.link) ?? '';
  const command = useEngine((s) => s.commandText);
  const snippet = link ? embedSnippet(link, command) : '';
  const compare = useUi((s) => s.linkCompare);
  const close = () => useUi.getState().openDialog(null);
  return (
    <Dialog open={open} title="Share this workspace" onClose={close}>
      <p className="muted">
        The link holds the files, the command line, the open file and panels. Anyone who opens it sees what you see; nothing is
        uploaded.
      </p>
      <div className="share-row">
        <input
          className="share-link"
          aria-label="Share link"
          readOnly
          value={link}
          onFocus={(e) => e.currentTarget.select()}
          data-testid="share-link"
        />
        <button
          type="button"
          className="button primary"
          onClick={async () => useUi.getState().say((await copyText(link)) ? 'Link copied' : 'The browser refused the clipboard')}
        >
          Copy link
        </button>
      </div>
      <label className="share-option">
        <input type="checkbox" checked={compare} onChange={(e) => void setShareCompare(e.target.checked)} />
        Open in compare view: the command runs under Bazel 4.2.3 and current Bazel, side by side
      </label>
      <p className="muted" data-testid="share-size">
        {link.length.toLocaleString('en')} characters
      </p>
      {linkTooLong(link) && (
        <p className="notice warning" role="alert">
          This link is longer than {LINK_WARN_CHARS.toLocaleString('en')} characters: chat tools and issue trackers may cut it. Consider
          sharing the workspace as text or as a .zip instead.
        </p>
      )}
      <h3 className="help-heading">Embed in a page</h3>
      <p className="muted">
        For a blog post or docs: the editor, the command line and its result, runnable in place. Nothing a reader does there is kept in
        their browser.
      </p>
      <div className="share-row">
        <textarea
          className="share-link share-snippet"
          aria-label="Embed code"
          readOnly
          rows={3}
          value={snippet}
          onFocus={(e) => e.currentTarget.select()}
          data-testid="embed-code"
        />
        <button
          type="button"
          className="button"
          onClick={async () => useUi.getState().say((await copyText(snippet)) ? 'Embed code copied' : 'The browser refused the clipboard')}
        >
          Copy embed code
        </button>
      </div>
      <div className="dialog-actions">
        <button type="button" className="button" onClick={() => void copyAsText()}>
          Copy as text
        </button>
        <button type="button" className="button" onClick={() => void downloadZip()}>
          Download .zip
        </button>
      </div>
    </Dialog>
  );
}
