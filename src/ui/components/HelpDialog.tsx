// Help (the `?` key outside a text field, and the ⋯ menu): the keyboard shortcuts, the theme (system, light,
// dark) and the lessons, each one click away.

import { RichText } from '../lessons/ExamplesDialog.tsx';
import { lessons } from '../lessons/lessons.ts';
import { openLesson } from '../lessons/open-lesson.ts';
import { useTheme, type ThemeChoice } from '../state/theme.ts';
import { useUi } from '../state/ui-store.ts';
import { Dialog } from './Dialog.tsx';
import { MOD } from './shortcuts.ts';

const SHORTCUTS: readonly (readonly [string, string])[] = [
  [`${MOD}+Enter`, 'run the command line'],
  ['Esc', 'stop a running command; close a dialog or menu'],
  [`${MOD}+S`, 'copy a share link to this workspace'],
  [`${MOD}+P`, 'open a file by name (arrows choose, Enter opens)'],
  ['F12', 'go to the declaration of the label or symbol under the cursor'],
  [`${MOD}+Shift+Z`, 'undo the last file operation (outside the editor)'],
  ['← →', 'move between panel tabs (when a tab has the focus)'],
  ['Delete', 'close the editor tab that has the focus'],
  ['↑ ↓', 'move in menus, completions and quick open'],
  ['+ − 0', 'in the Query graph: zoom in, zoom out, fit (arrows pan; on a node they move to the next node)'],
  ['Enter c f', 'on a graph node: open its declaration, collapse its package, show only its neighbourhood'],
  ['?', 'this help (outside a text field)'],
];

const THEMES: readonly (readonly [ThemeChoice, string])[] = [
  ['system', 'System'],
  ['light', 'Light'],
  ['dark', 'Dark'],
];

export function HelpDialog() {
  const open = useUi((s) => s.dialog === 'help');
  const close = () => useUi.getState().openDialog(null);
  const theme = useTheme((s) => s.choice);
  return (
    <Dialog open={open} title="Help" onClose={close} className="help">
      <h3 className="help-heading">Keyboard shortcuts</h3>
      <table className="help-shortcuts" aria-label="Keyboard shortcuts">
        <tbody>
          {SHORTCUTS.map(([keys, what]) => (
            <tr key={keys}>
              <th scope="row">
                <kbd>{keys}</kbd>
              </th>
              <td>{what}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h3 className="help-heading" id="theme-heading">
        Theme
      </h3>
      <div className="help-themes" role="radiogroup" aria-labelledby="theme-heading">
        {THEMES.map(([value, label]) => (
          <label key={value} className="help-theme">
            <input type="radio" name="theme" value={value} checked={theme === value} onChange={() => useTheme.getState().choose(value)} />
            {label}
          </label>
        ))}
      </div>
      <h3 className="help-heading">Lessons</h3>
      <ul className="help-lessons" aria-label="Lessons">
        {lessons.map((l) => (
          <li key={l.id}>
            <button type="button" className="link-button" onClick={() => openLesson(l.id)}>
              {l.title}
            </button>
            <span className="muted">
              {' — '}
              <RichText text={l.summary} />
            </span>
          </li>
        ))}
      </ul>
      <p className="muted">
        rulepen emulates Bazel's general-purpose rules in your browser; nothing you type leaves this page unless you share a link.
      </p>
    </Dialog>
  );
}
