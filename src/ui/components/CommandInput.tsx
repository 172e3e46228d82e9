// The command line input: Bazel's own syntax, with completion of flags (the engine's option table and the
// workspace's user-defined `--//pkg:flag`s) in a list under the caret.

import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import './command-bar.css';
import { useEngine } from '../state/engine-store.ts';
import { stopEngine } from '../state/engine-sync.ts';
import { completeFlag, type CompletionContext } from '../state/flags.ts';
import { ensureOptionTable, useOptionTable } from '../state/option-table.ts';

export function CommandInput() {
  const commandText = useEngine((s) => s.commandText);
  const running = useEngine((s) => s.command.status === 'running');
  const table = useOptionTable((s) => s.table);
  const input = useRef<HTMLInputElement>(null);
  const [completion, setCompletion] = useState<CompletionContext | null>(null);
  const [active, setActive] = useState(0);
  const listId = useId();

  useEffect(ensureOptionTable, []);

  function refresh(text = input.current?.value ?? '', caret = input.current?.selectionStart ?? text.length): void {
    const targets = useEngine.getState().load?.result.targets ?? [];
    const c = completeFlag(text, caret, table, targets);
    // Nothing to offer when the word is already the only completion.
    const done = c && c.items.length === 1 && text.slice(c.from, c.to) === c.items[0].insert;
    setCompletion(done ? null : c);
    setActive(0);
  }

  function accept(index: number): void {
    if (!completion) return;
    const item = completion.items[index];
    const text = commandText.slice(0, completion.from) + item.insert + commandText.slice(completion.to);
    const caret = completion.from + item.insert.length;
    useEngine.getState().setCommandText(text);
    // A name that takes a value goes on to the values; a complete word closes the list. Both at once, so a key
    // pressed before the next frame (Enter to run) meets the new list, not the one just accepted.
    if (/[= ]$/.test(item.insert)) refresh(text, caret);
    else setCompletion(null);
    requestAnimationFrame(() => input.current?.setSelectionRange(caret, caret));
  }

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>): void {
    const open = completion && completion.items.length > 0;
    if (open && (e.key === 'ArrowDown' || e.key === 'ArrowUp')) {
      e.preventDefault();
      const n = completion.items.length;
      setActive((a) => (a + (e.key === 'ArrowDown' ? 1 : n - 1)) % n);
    } else if (open && (e.key === 'Tab' || (e.key === 'Enter' && !e.ctrlKey && !e.metaKey))) {
      e.preventDefault();
      accept(active);
    } else if (e.key === 'Escape') {
      if (open) {
        e.preventDefault();
        setCompletion(null);
      } else if (running) {
        e.preventDefault();
        stopEngine();
      }
    } else if (e.key === ' ' && e.ctrlKey) {
      e.preventDefault();
      refresh();
    }
  }

  const open = !!completion && completion.items.length > 0;
  return (
    <div className="command-input-wrap">
      <input
        ref={input}
        id="command-input"
        className="command-input"
        aria-label="Command line"
        aria-autocomplete="list"
        aria-controls={open ? listId : undefined}
        aria-activedescendant={open ? `${listId}-${active}` : undefined}
        spellCheck={false}
        autoComplete="off"
        value={commandText}
        onChange={(e) => {
          useEngine.getState().setCommandText(e.target.value);
          refresh(e.target.value, e.target.selectionStart ?? e.target.value.length);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setCompletion(null)}
      />
      {open && (
        <ul className="completion-list" role="listbox" id={listId} aria-label="Flag completions">
          {completion.items.map((item, i) => (
            <li
              key={item.insert + i}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active}
              className="completion-item"
              onMouseDown={(e) => {
                e.preventDefault();
                accept(i);
              }}
              onMouseEnter={() => setActive(i)}
            >
              <span className="completion-label">{item.label}</span>
              <span className="completion-detail">{item.detail}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
