// Opening a lesson or bug-report template: it replaces the workspace (undoably), sets the command line and runs
// it. Here rather than in state/actions.ts so that the lessons' text loads with the dialogs that offer them, not
// with the page.

import { restorer } from '../state/actions.ts';
import { useEngine } from '../state/engine-store.ts';
import { runCommandLine } from '../state/engine-sync.ts';
import { replaceAllFiles } from '../state/file-ops.ts';
import { useLayout } from '../state/layout-store.ts';
import { keepCopy, useSession } from '../state/session.ts';
import { useUi } from '../state/ui-store.ts';
import { useWorkspace } from '../state/workspace-store.ts';
import { lessonById } from './lessons.ts';
import type { Files } from '../state/file-content.ts';

/** Whether the workspace differs from the lesson it came from (its files or its command). */
export function lessonChanged(files: Files, command: string, lesson: { files: Files; command: string }): boolean {
  const a = Object.keys(files);
  return command.trim() !== lesson.command.trim() || a.length !== Object.keys(lesson.files).length || a.some((p) => files[p] !== lesson.files[p]);
}

export function openLesson(id: string): void {
  const lesson = lessonById(id);
  if (!lesson) return;
  // A lesson you changed is kept in the workspace list before another one replaces it.
  const before = lessonById(useSession.getState().lesson);
  if (before && lessonChanged(useWorkspace.getState().files, useEngine.getState().commandText, before)) {
    void keepCopy(`Lesson: ${before.title} (changed)`, 'lesson');
  }
  replaceAllFiles(lesson.files, lesson.activePath, `Opened “${lesson.title}”`, restorer());
  useEngine.getState().setCommandText(lesson.command);
  useSession.getState().setLesson(lesson.id);
  useUi.setState({ dialog: null });
  useLayout.getState().showPanel('bottom', 'output');
  void runCommandLine();
}
