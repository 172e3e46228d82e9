// A notice across the top (a link that could not be opened, a session that could not be restored) and the
// status line for short messages ("Link copied"). Texts are rendered as text, never as HTML.

import { useEffect, useState } from 'react';
import { useSession } from '../state/session.ts';
import { useUi } from '../state/ui-store.ts';

export function NoticeBar() {
  const notice = useSession((s) => s.notice);
  if (!notice) return null;
  return (
    <div className={`notice-bar notice ${notice.kind}`} role="alert" data-testid="notice">
      <span className="notice-text">{notice.text}</span>
      {notice.action && (
        <button
          type="button"
          className="button primary notice-action"
          onClick={() => {
            useSession.getState().showNotice(null);
            notice.action!.run();
          }}
        >
          {notice.action.label}
        </button>
      )}
      <button type="button" className="icon-button" aria-label="Dismiss the notice" onClick={() => useSession.getState().showNotice(null)}>
        ×
      </button>
    </div>
  );
}

export function Toast() {
  const toast = useUi((s) => s.toast);
  const [visible, setVisible] = useState<string | null>(null);
  useEffect(() => {
    if (!toast) return;
    setVisible(toast.text);
    const t = setTimeout(() => setVisible(null), 4000);
    return () => clearTimeout(t);
  }, [toast]);
  return (
    <div className="toast" role="status" aria-live="polite" data-testid="toast">
      {visible}
    </div>
  );
}
