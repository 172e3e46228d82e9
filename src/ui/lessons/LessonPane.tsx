// The lesson's text beside the editor: what it shows, what to try, and its command with a Run button.

import { useState } from 'react';
import { useEngine } from '../state/engine-store.ts';
import { runCommandLine } from '../state/engine-sync.ts';
import { useSession } from '../state/session.ts';
import { RichText } from './ExamplesDialog.tsx';
import { lessonById } from './lessons.ts';

export function LessonPane() {
  const id = useSession((s) => s.lesson);
  const [collapsed, setCollapsed] = useState(false);
  const lesson = lessonById(id);
  if (!lesson) return null;
  return (
    <aside className="lesson-pane" aria-label={`Lesson: ${lesson.title}`} data-collapsed={collapsed || undefined}>
      <div className="lesson-header">
        <button
          type="button"
          className="icon-button"
          aria-expanded={!collapsed}
          aria-label={collapsed ? 'Show the lesson text' : 'Hide the lesson text'}
          onClick={() => setCollapsed(!collapsed)}
        >
          {collapsed ? '▸' : '▾'}
        </button>
        <h2 className="lesson-title">{lesson.title}</h2>
        <button type="button" className="icon-button" aria-label="Close the lesson" title="Close the lesson" onClick={() => useSession.getState().setLesson(null)}>
          ×
        </button>
      </div>
      {!collapsed && (
        <div className="lesson-body">
          {lesson.text.map((p, i) => (
            <p key={i}>
              <RichText text={p} />
            </p>
          ))}
          <div className="lesson-command">
            <code>{lesson.command}</code>
            <button
              type="button"
              className="button"
              aria-label="Run the lesson's command"
              title="Put the lesson's command on the command line and run it"
              onClick={() => {
                useEngine.getState().setCommandText(lesson.command);
                void runCommandLine(lesson.command);
              }}
            >
              Run
            </button>
          </div>
          <h3>Try</h3>
          <ol className="lesson-steps">
            {lesson.steps.map((s, i) => (
              <li key={i}>
                <RichText text={s} />
              </li>
            ))}
          </ol>
        </div>
      )}
    </aside>
  );
}
