// Flags on the command line: splitting `bazel <command> <options> <residue>` with the option table (which options
// take a value), carrying the command bar's flags over to the Query and Why panels' own commands, and completing
// the word under the caret (option names, enum values, user-defined `--//pkg:flag`s found in the workspace).

import type { OptionInfo, TargetSummary } from '../../worker/protocol.ts';
import { parseCommandLine } from './command-line.ts';

export interface SplitCommand {
  command: string | null;
  /** Each option with its value word when it takes one (`['-c', 'opt']`, `['--cpu=arm']`). */
  options: string[][];
  /** Target patterns or the query expression. */
  residue: string[];
}

export type OptionIndex = ReadonlyMap<string, OptionInfo>;

export function indexOptions(table: readonly OptionInfo[]): { byName: OptionIndex; byAbbrev: OptionIndex } {
  return {
    byName: new Map(table.map((o) => [o.name, o])),
    byAbbrev: new Map(table.filter((o) => o.abbrev).map((o) => [o.abbrev, o])),
  };
}

/** The option a word names (`--cpu=arm`, `--nokeep_going`, `-c`), with whether its value is in the word. */
function optionOf(word: string, idx: ReturnType<typeof indexOptions>): { option?: OptionInfo; inline: boolean; starlark: boolean } {
  if (/^--(no)?(@[\w.~+-]*)?\/\//.test(word)) return { inline: true, starlark: true };
  if (word.startsWith('--')) {
    const eq = word.indexOf('=');
    const name = word.slice(2, eq < 0 ? undefined : eq);
    const option = idx.byName.get(name) ?? (name.startsWith('no') ? idx.byName.get(name.slice(2)) : undefined);
    const negated = !idx.byName.has(name) && !!option;
    return { option, inline: eq >= 0 || negated || option?.kind === 'boolean', starlark: false };
  }
  const option = idx.byAbbrev.get(word.slice(1));
  return { option, inline: option?.kind === 'boolean', starlark: false };
}

export function splitCommand(argv: readonly string[], table: readonly OptionInfo[]): SplitCommand {
  const idx = indexOptions(table);
  let i = 0;
  if (argv[0] === 'bazel' || argv[0] === 'bazelisk') i++;
  while (i < argv.length && argv[i].startsWith('-')) i++; // startup options
  const command = argv[i] ?? null;
  const out: SplitCommand = { command, options: [], residue: [] };
  for (i++; i < argv.length; i++) {
    const w = argv[i];
    if (w === '--') {
      out.residue.push(...argv.slice(i + 1));
      break;
    }
    if (!w.startsWith('-') || w === '-') {
      out.residue.push(w);
      continue;
    }
    const { option, inline } = optionOf(w, idx);
    if (option && !inline && i + 1 < argv.length) out.options.push([w, argv[++i]]);
    else out.options.push([w]);
  }
  return out;
}

/**
 * The command bar's options that `command` accepts (Bazel would reject the others), and those left out. User-defined
 * flags go to build-like commands only.
 */
export function optionsFor(command: string, split: SplitCommand, table: readonly OptionInfo[]): { kept: string[]; dropped: string[] } {
  const idx = indexOptions(table);
  const kept: string[] = [];
  const dropped: string[] = [];
  for (const group of split.options) {
    const { option, starlark } = optionOf(group[0], idx);
    const ok = starlark ? command !== 'query' : option ? option.commands.includes(command) : true;
    (ok ? kept : dropped).push(...group);
  }
  return { kept, dropped };
}

/** The command bar's text, split (the option table may still be loading: then every `-x` stands alone). */
export function splitCommandText(text: string, table: readonly OptionInfo[]): SplitCommand {
  return splitCommand(parseCommandLine(text).argv, table);
}

export interface Completion {
  /** What replaces the word under the caret. */
  insert: string;
  /** Shown in the list. */
  label: string;
  detail: string;
}

export interface CompletionContext {
  /** The word being replaced: [start, end) in the text. */
  from: number;
  to: number;
  items: Completion[];
}

const USER_FLAG_KIND = /^(bool|int|string|string_list)_flag rule$/;

/** Build settings a user may set on the command line: skylib *_flag targets of the workspace. */
export function userFlags(targets: readonly TargetSummary[]): TargetSummary[] {
  return targets.filter((t) => USER_FLAG_KIND.test(t.kind));
}

/** Completions for the word under the caret, or null when it is not a flag. */
export function completeFlag(
  text: string,
  caret: number,
  table: readonly OptionInfo[],
  targets: readonly TargetSummary[],
  limit = 12,
): CompletionContext | null {
  let from = caret;
  while (from > 0 && !/\s/.test(text[from - 1])) from--;
  let to = caret;
  while (to < text.length && !/\s/.test(text[to])) to++;
  const word = text.slice(from, caret);
  const command = splitCommandText(text, table).command ?? 'build';
  const idx = indexOptions(table);
  const applies = (o: OptionInfo) => o.commands.includes(command);

  // A value after `-c ` / `--compilation_mode ` (an option that takes its value in the next word).
  const before = text.slice(0, from).trimEnd().split(/\s+/).pop() ?? '';
  if (!word.startsWith('-') && before.startsWith('-') && !before.includes('=')) {
    const { option, inline } = optionOf(before, idx);
    if (option?.values && !inline) {
      const items = option.values.filter((v) => v.startsWith(word)).map((v) => ({ insert: v, label: v, detail: `value of --${option.name}` }));
      return items.length ? { from, to, items } : null;
    }
    return null;
  }
  if (!word.startsWith('-')) return null;

  const eq = word.indexOf('=');
  if (word.startsWith('--') && eq >= 0) {
    const name = word.slice(2, eq);
    const partial = word.slice(eq + 1);
    const o = idx.byName.get(name);
    const values = o?.values ?? (o?.kind === 'boolean' ? ['true', 'false'] : undefined);
    if (!values) return null;
    const items = values
      .filter((v) => v.startsWith(partial))
      .map((v) => ({ insert: `--${name}=${v}`, label: v, detail: v === o!.default ? 'default' : '' }));
    return items.length ? { from, to, items } : null;
  }

  const items: Completion[] = [];
  if (word.startsWith('--')) {
    const needle = word.slice(2);
    if (needle.startsWith('/') || needle.startsWith('no/') || needle.startsWith('@')) {
      const negated = needle.startsWith('no');
      for (const t of userFlags(targets)) {
        const flag = `${negated ? 'no' : ''}${t.label}`;
        if (!flag.startsWith(needle)) continue;
        const bool = t.kind.startsWith('bool_');
        items.push({ insert: `--${flag}${bool || negated ? '' : '='}`, label: `--${flag}`, detail: `${t.kind.replace(/ rule$/, '')} (user-defined)` });
      }
    } else {
      // Option names: prefix matches first, then substring matches; user flags when the needle is empty.
      const prefix: OptionInfo[] = [];
      const inner: OptionInfo[] = [];
      for (const o of table) {
        if (!applies(o)) continue;
        if (o.name.startsWith(needle)) prefix.push(o);
        else if (needle.length >= 2 && o.name.includes(needle)) inner.push(o);
      }
      if (needle === '' || '//'.startsWith(needle)) {
        for (const t of userFlags(targets)) {
          items.push({ insert: `--${t.label}${t.kind.startsWith('bool_') ? '' : '='}`, label: `--${t.label}`, detail: 'user-defined flag' });
        }
      }
      for (const o of [...prefix, ...inner]) {
        const takesValue = o.kind !== 'boolean';
        items.push({
          insert: `--${o.name}${takesValue ? '=' : ''}`,
          label: `--${o.name}`,
          detail: (o.abbrev ? `-${o.abbrev} · ` : '') + (o.default !== null && o.default !== '' ? `default ${o.default} · ` : '') + o.doc,
        });
      }
    }
  } else {
    const needle = word.slice(1);
    for (const o of table) {
      if (o.abbrev && o.abbrev.startsWith(needle) && applies(o)) {
        items.push({ insert: `-${o.abbrev}${o.kind === 'boolean' ? '' : ' '}`, label: `-${o.abbrev}`, detail: `--${o.name} · ${o.doc}` });
      }
    }
  }
  return items.length ? { from, to, items: items.slice(0, limit) } : null;
}
