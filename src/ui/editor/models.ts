// Monaco models derived from the workspace store (the vuejs/repl arrangement): the store holds the texts; a
// model exists for each file, is updated when the store changes from elsewhere, pushes the user's edits back
// into the store, and is disposed when its file goes away. No text lives only in Monaco. A binary file has no
// model (the editor shows it as a hex view).

import { monaco } from './monaco.ts';
import { modelPath, pathOfModelPath } from './diagnostic-to-monaco.ts';
import { languageForPath } from '../state/file-paths.ts';
import { editedPath, useWorkspace } from '../state/workspace-store.ts';
import type { Files } from '../state/file-content.ts';

const models = new Map<string, monaco.editor.ITextModel>();

export function modelFor(path: string): monaco.editor.ITextModel | undefined {
  return models.get(path);
}

export function allModels(): ReadonlyMap<string, monaco.editor.ITextModel> {
  return models;
}

function createModel(path: string, text: string): monaco.editor.ITextModel {
  const uri = monaco.Uri.from({ scheme: 'file', path: modelPath(path) });
  // A model left over with this URI (hot reload) is replaced, not reused, so its listeners are ours.
  monaco.editor.getModel(uri)?.dispose();
  const model = monaco.editor.createModel(text, languageForPath(path), uri);
  // Calm colours: brackets keep the text colour (the standalone editor colours them by default).
  model.updateOptions({ tabSize: 4, insertSpaces: true, bracketColorizationOptions: { enabled: false, independentColorPoolPerBracketType: false } });
  model.onDidChangeContent(() => {
    useWorkspace.getState().setText(pathOfModelPath(model.uri.path), model.getValue());
  });
  return model;
}

/**
 * Brings the models in line with `files`. Given the files they were in line with, only texts that changed since
 * are compared (a keystroke in a workspace of thousands of files touches one).
 */
export function syncModels(files: Files, previous?: Files): void {
  for (const [path, model] of models) {
    if (typeof files[path] !== 'string') {
      model.dispose();
      models.delete(path);
    }
  }
  for (const path in files) {
    const text = files[path];
    if (typeof text !== 'string' || (previous && previous[path] === text && models.has(path))) continue;
    syncModel(path, text);
  }
}

function syncModel(path: string, text: string): void {
  const model = models.get(path);
  if (!model) models.set(path, createModel(path, text));
  else if (model.getValue() !== text) {
    // A change from outside the editor (test hook, undo of a delete…): keep it undoable in the editor.
    model.pushEditOperations([], [{ range: model.getFullModelRange(), text }], () => null);
  }
}

/** Follows the store from now on; returns the function that stops following it and disposes the models. */
export function startModelSync(): () => void {
  syncModels(useWorkspace.getState().files);
  const unsubscribe = useWorkspace.subscribe((state, previous) => {
    if (state.files === previous.files) return;
    // A keystroke changed one text (most often the model's own, which then already holds it).
    const path = editedPath(state, previous.files);
    const text = path === null ? undefined : state.files[path];
    if (path !== null && typeof text === 'string') syncModel(path, text);
    else syncModels(state.files, previous.files);
  });
  return () => {
    unsubscribe();
    for (const model of models.values()) model.dispose();
    models.clear();
  };
}
