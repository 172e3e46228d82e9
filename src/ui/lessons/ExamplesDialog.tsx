// The examples gallery: lessons and bug-report templates as cards; choosing one replaces the workspace
// (undoably), sets the command line and runs it.

import { openLesson } from './open-lesson.ts';
import { useUi } from '../state/ui-store.ts';
import { Dialog } from '../components/Dialog.tsx';
import { lessons, type Lesson } from './lessons.ts';

export function ExamplesDialog() {
  const open = useUi((s) => s.dialog === 'examples');
  const close = () => useUi.getState().openDialog(null);
  return (
    <Dialog open={open} title="Examples" onClose={close} className="examples-dialog">
      <p className="muted">Each lesson is a small workspace and a command; its text stays beside the editor. Your files can be restored with Undo.</p>
      <Section title="Lessons" items={lessons.filter((l) => l.kind === 'lesson')} />
      <Section title="Bug-report templates" items={lessons.filter((l) => l.kind === 'template')} />
    </Dialog>
  );
}

function Section({ title, items }: { title: string; items: Lesson[] }) {
  return (
    <section className="examples-section" aria-label={title}>
      <h3>{title}</h3>
      <ul className="example-cards">
        {items.map((l) => (
          <li key={l.id}>
            <button type="button" className="example-card" aria-label={`Open example: ${l.title}`} onClick={() => openLesson(l.id)}>
              <span className="example-title">{l.title}</span>
              <span className="kind-badge">{l.topic}</span>
              <span className="example-summary">
                <RichText text={l.summary} />
              </span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Plain text with `code` spans: split on backticks, rendered as text nodes (never HTML). */
export function RichText({ text }: { text: string }) {
  const parts = text.split('`');
  return (
    <>
      {parts.map((p, i) => (i % 2 === 1 ? <code key={i}>{p}</code> : <span key={i}>{p}</span>))}
    </>
  );
}
