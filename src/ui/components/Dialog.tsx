// A modal dialog on the native <dialog> element: focus is trapped and restored by the browser, Esc closes it.
// Opening it puts the focus in its first field (or the element marked data-autofocus), not on Close, so that a
// dialog like quick open can be typed into at once.

import { useEffect, useRef, type ReactNode } from 'react';

export interface DialogProps {
  open: boolean;
  title: string;
  onClose(): void;
  children: ReactNode;
  className?: string;
}

export function Dialog({ open, title, onClose, children, className }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) {
      d.showModal();
      d.querySelector<HTMLElement>('[data-autofocus], input:not([type=file]):not([type=checkbox]):not([readonly]), textarea')?.focus();
    }
    if (!open && d.open) d.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      className={'dialog ' + (className ?? '')}
      aria-label={title}
      onClose={onClose}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onClick={(e) => {
        // A click on the backdrop (the dialog element itself, outside its content) closes it.
        if (e.target === e.currentTarget) onClose();
      }}
    >
      {open && (
        <div className="dialog-body">
          <div className="dialog-header">
            <h2>{title}</h2>
            <button type="button" className="icon-button" aria-label="Close" title="Close (Esc)" onClick={onClose}>
              ×
            </button>
          </div>
          {children}
        </div>
      )}
    </dialog>
  );
}
