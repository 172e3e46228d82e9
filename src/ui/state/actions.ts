// What the menus and shortcuts do: share, export, import, open a lesson, reset, undo a file operation.

import { lessonById } from '../lessons/lessons.ts';
import { runCommandLine } from './engine-sync.ts';
import { useEngine } from './engine-store.ts';
import { exportText, exportZip } from './export.ts';
import { replaceAllFiles, undoFileOp } from './file-ops.ts';
import { firstBuildFile, importText, importZip, type ImportResult } from './import.ts';
import { useQuery } from '../panels/query/query-store.ts';
import { useLayout } from './layout-store.ts';
import { defaultState, keepCopy, shareUrl, snapshot, useSession } from './session.ts';
import { LINK_WARN_CHARS, withCompare } from './share-link.ts';
import { useUi } from './ui-store.ts';
import { useWorkspace } from './workspace-store.ts';

/** Writes text to the clipboard; false when the browser refuses (the Share dialog still shows the link). */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * Ctrl/Cmd+S: makes the link, copies it, and opens the Share dialog that shows it (with a size warning). The link
 * opens in the Compare view when that is the view in front.
 */
export function shareLink(): Promise<void> {
  return makeShareLink(useLayout.getState().panels.bottom === 'compare');
}

/** The Share dialog's "Open in compare view": the link made again, with or without it, and copied again. */
export function setShareCompare(compare: boolean): Promise<void> {
  return makeShareLink(compare);
}

async function makeShareLink(compare: boolean): Promise<void> {
  const link = shareUrl(withCompare(snapshot(), compare));
  useUi.setState({ link, linkCompare: compare, dialog: 'share' });
  const copied = await copyText(link);
  const size = `${link.length.toLocaleString('en')} characters` + (compare ? ', opens in the Compare view' : '');
  useUi.getState().say(copied ? `Link copied (${size})` : `Link ready (${size}); copy it from the dialog`);
}

export function linkTooLong(link: string): boolean {
  return link.length > LINK_WARN_CHARS;
}

function download(name: string, data: Uint8Array | string, type: string): void {
  const blob = new Blob([data as BlobPart], { type });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function downloadZip(): void {
  const { files } = useWorkspace.getState();
  const lesson = useSession.getState().lesson;
  const name = lesson ? `rulepen-${lesson}` : 'rulepen-workspace';
  download(`${name}.zip`, exportZip(files, useEngine.getState().commandText, name), 'application/zip');
  useUi.getState().say(`Downloaded ${name}.zip`);
}

export async function copyAsText(): Promise<void> {
  const text = exportText(useWorkspace.getState().files, useEngine.getState().commandText);
  const ok = await copyText(text);
  useUi.getState().say(ok ? `Workspace copied as text (${Object.keys(useWorkspace.getState().files).length} files)` : 'The browser refused the clipboard');
}

/** Undoing a replacement of the whole workspace also puts back the command line and the lesson. */
function restorer(): () => void {
  const command = useEngine.getState().commandText;
  const lesson = useSession.getState().lesson;
  return () => {
    useEngine.getState().setCommandText(command);
    useSession.getState().setLesson(lesson);
  };
}

function applyImport(result: ImportResult, what: string): string | null {
  if (!result.ok) return result.reason;
  replaceAllFiles(result.value.files, firstBuildFile(result.value.files), `Imported ${what}`, restorer());
  if (result.value.command) useEngine.getState().setCommandText(result.value.command);
  // The Query panel's expression and result belonged to the files before.
  useQuery.getState().set({ expression: '//...', mode: 'query', format: 'label_kind', origin: null, opts: [] });
  useQuery.setState({ last: null, status: 'idle', error: null });
  useSession.getState().setLesson(null);
  useUi.getState().say(`Imported ${what} (${Object.keys(result.value.files).length} files) — Undo restores the previous workspace`);
  return null;
}

/** Imports a dropped or chosen file: a .zip, or txtar text. Returns an error message or null. */
export async function importFile(file: File): Promise<string | null> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  const isZip = bytes[0] === 0x50 && bytes[1] === 0x4b;
  if (isZip) return applyImport(importZip(bytes), file.name);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return `${file.name} is neither a zip file nor UTF-8 text`;
  }
  return applyImport(importText(text), file.name);
}

export function importPastedText(text: string): string | null {
  return applyImport(importText(text), 'text');
}

/** Whether the workspace differs from the lesson it came from (its files or its command). */
export function lessonChanged(files: Record<string, string>, command: string, lesson: { files: Record<string, string>; command: string }): boolean {
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

export function resetWorkspace(): void {
  const d = defaultState();
  replaceAllFiles(d.files, d.activePath, 'Reset to the default workspace', restorer());
  useEngine.getState().setCommandText(d.command);
  useSession.getState().setLesson(null);
  useUi.getState().say('Reset to the default workspace — Undo brings your files back');
}

export function undoLastFileOp(): void {
  const what = undoFileOp();
  useUi.getState().say(what ? `Undone: ${what}` : 'Nothing to undo');
}
