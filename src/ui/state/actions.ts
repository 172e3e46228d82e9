// What the menus and shortcuts do: share, export, import, reset, undo a file operation. (Opening a lesson is in
// lessons/open-lesson.ts, with the lessons: both load with the dialogs that offer them.)

import { useEngine } from './engine-store.ts';
import { replaceAllFiles, undoFileOp } from './file-ops.ts';
import type { ImportResult } from './import.ts';
import { useQuery } from '../panels/query/query-store.ts';
import { useLayout } from './layout-store.ts';
import { defaultState, shareUrl, snapshot, useSession } from './session.ts';
import { LINK_WARN_CHARS, withCompare } from './share-link.ts';
import { useUi } from './ui-store.ts';
import { useWorkspace } from './workspace-store.ts';
import { lazyModule } from '../lazy.ts';

// Export and import (with the zip reader and writer) load on first use, not with the page.
const exporting = lazyModule(() => import('./export.ts'));
const importing = lazyModule(() => import('./import.ts'));

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

export async function downloadZip(): Promise<void> {
  const { exportZip } = await exporting();
  const { files } = useWorkspace.getState();
  const lesson = useSession.getState().lesson;
  const name = lesson ? `rulepen-${lesson}` : 'rulepen-workspace';
  download(`${name}.zip`, exportZip(files, useEngine.getState().commandText, name), 'application/zip');
  useUi.getState().say(`Downloaded ${name}.zip`);
}

export async function copyAsText(): Promise<void> {
  const { exportText } = await exporting();
  const text = exportText(useWorkspace.getState().files, useEngine.getState().commandText);
  const ok = await copyText(text);
  useUi.getState().say(ok ? `Workspace copied as text (${Object.keys(useWorkspace.getState().files).length} files)` : 'The browser refused the clipboard');
}

/** Undoing a replacement of the whole workspace also puts back the command line and the lesson. */
export function restorer(): () => void {
  const command = useEngine.getState().commandText;
  const lesson = useSession.getState().lesson;
  return () => {
    useEngine.getState().setCommandText(command);
    useSession.getState().setLesson(lesson);
  };
}

async function applyImport(result: ImportResult, what: string): Promise<string | null> {
  if (!result.ok) return result.reason;
  const { firstBuildFile } = await importing();
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
  const { importText, importZip } = await importing();
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

export async function importPastedText(text: string): Promise<string | null> {
  const { importText } = await importing();
  return applyImport(importText(text), 'text');
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
