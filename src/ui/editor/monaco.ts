// Monaco, as the playground uses it: the core editor API plus the handful of features we want (hover for
// markers, find, folding, comments, bracket matching, go-to-problem…), the editor worker served from our own
// origin, the Starlark language and two calm themes that follow the system's colour scheme.

import * as monaco from 'monaco-editor/editor';
import EditorWorker from 'monaco-editor/editor/editor.worker?worker';
import 'monaco-editor/features/codeEditor/register';
import 'monaco-editor/features/codicon/register';
import 'monaco-editor/features/hover/register';
import 'monaco-editor/features/find/register';
import 'monaco-editor/features/folding/register';
import 'monaco-editor/features/comment/register';
import 'monaco-editor/features/bracketMatching/register';
import 'monaco-editor/features/gotoError/register';
import 'monaco-editor/features/gotoLine/register';
import 'monaco-editor/features/quickCommand/register';
import 'monaco-editor/features/wordHighlighter/register';
import 'monaco-editor/features/wordOperations/register';
import 'monaco-editor/features/linesOperations/register';
import 'monaco-editor/features/multicursor/register';
import 'monaco-editor/features/indentation/register';
import 'monaco-editor/features/clipboard/register';
import 'monaco-editor/features/contextmenu/register';
import 'monaco-editor/features/cursorUndo/register';
import 'monaco-editor/features/smartSelect/register';
import 'monaco-editor/features/suggest/register';
// The completion widget itself: in 0.57 the suggest feature module registers only inline completions.
import 'monaco-editor/editor/contrib/suggest/browser/suggestController.js';
import 'monaco-editor/features/snippet/register';
import 'monaco-editor/features/gotoSymbol/register';
import 'monaco-editor/features/parameterHints/register';
import 'monaco-editor/languages/definitions/shell/register';
import { STARLARK_LANGUAGE_ID, starlarkConfiguration, starlarkMonarch } from './starlark-language.ts';
import { registerStarlarkIntelligence } from './intelligence/providers.ts';
import { useTheme } from '../state/theme.ts';

declare global {
  interface Window {
    MonacoEnvironment?: monaco.Environment;
  }
}

// Every language label Monaco may ask for gets the plain editor worker: we register no language service
// that needs its own worker (STACK.md: without this the worker fails to load in the build).
self.MonacoEnvironment = {
  getWorker: () => new EditorWorker(),
};

monaco.languages.register({
  id: STARLARK_LANGUAGE_ID,
  aliases: ['Starlark', 'starlark', 'Bazel'],
  extensions: ['.bzl', '.star', '.sky', '.bazel'],
  filenames: ['BUILD', 'WORKSPACE'],
});
monaco.languages.setMonarchTokensProvider(STARLARK_LANGUAGE_ID, starlarkMonarch);
monaco.languages.setLanguageConfiguration(STARLARK_LANGUAGE_ID, starlarkConfiguration);
// Hover, completion, signature help and go to definition (F12) from the engine's rule and option tables.
registerStarlarkIntelligence(monaco, STARLARK_LANGUAGE_ID);

monaco.editor.defineTheme('rulepen-light', {
  base: 'vs',
  inherit: true,
  rules: [
    { token: 'keyword', foreground: '8a3ffc' },
    { token: 'constant', foreground: '0f62fe' },
    { token: 'type.rule', foreground: '00796b', fontStyle: 'bold' },
    { token: 'predefined', foreground: '0b7285' },
    { token: 'entity.name.function', foreground: '795e26' },
    { token: 'string', foreground: 'a31515' },
    { token: 'string.quote', foreground: 'a31515' },
    { token: 'string.escape', foreground: 'ee6002' },
    { token: 'string.escape.invalid', foreground: 'cd3131', fontStyle: 'underline' },
    { token: 'string.invalid', foreground: 'cd3131' },
    { token: 'string.label', foreground: '1f6f43' },
    { token: 'number', foreground: '098658' },
    { token: 'comment', foreground: '6a737d', fontStyle: 'italic' },
    { token: 'operator', foreground: '555555' },
  ],
  colors: {
    'editor.background': '#fdfdfc',
    // WCAG AA (4.5:1) on the editor's background, the last line's number after a final newline too (Monaco dims it).
    'editorLineNumber.foreground': '#656c74',
    'editorLineNumber.dimmedForeground': '#656c74',
    'editorGutter.background': '#fdfdfc',
  },
});

monaco.editor.defineTheme('rulepen-dark', {
  base: 'vs-dark',
  inherit: true,
  rules: [
    { token: 'keyword', foreground: 'c792ea' },
    { token: 'constant', foreground: '82aaff' },
    { token: 'type.rule', foreground: '4ec9b0', fontStyle: 'bold' },
    { token: 'predefined', foreground: '56b6c2' },
    { token: 'entity.name.function', foreground: 'dcdcaa' },
    { token: 'string', foreground: 'ce9178' },
    { token: 'string.quote', foreground: 'ce9178' },
    { token: 'string.escape', foreground: 'd7ba7d' },
    { token: 'string.escape.invalid', foreground: 'f14c4c', fontStyle: 'underline' },
    { token: 'string.invalid', foreground: 'f14c4c' },
    { token: 'string.label', foreground: '9cdc8e' },
    { token: 'number', foreground: 'b5cea8' },
    { token: 'comment', foreground: '7f8c8d', fontStyle: 'italic' },
    { token: 'operator', foreground: 'b0b0b0' },
  ],
  colors: {
    'editor.background': '#1b1d20',
    'editorGutter.background': '#1b1d20',
    // vs-dark's line number colour (AA on this background), for the dimmed last line's number too.
    'editorLineNumber.foreground': '#858585',
    'editorLineNumber.dimmedForeground': '#858585',
  },
});

function applyTheme(): void {
  monaco.editor.setTheme(useTheme.getState().dark ? 'rulepen-dark' : 'rulepen-light');
}
applyTheme();
useTheme.subscribe((s, p) => s.dark !== p.dark && applyTheme());

export { monaco };
