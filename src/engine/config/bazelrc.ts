// .bazelrc files and the final command line: reads `command[:config] options…`, `import` and `try-import`
// lines, then lays out the options a command sees in Bazel's order — rc lines for `common`, then for each
// ancestor command (`build` before `test`), then the command line itself — with every `--config=name` expanded
// in place from the `…:name` lines, and remembers for each value the file and line it came from.

import { BY_ABBREV, COMMAND_PARENTS, OptionsError, optionNamed, parseOptionWords, type OptionDef, type ParsedArgs, type OptionValue, type StarlarkFlagValue } from './options.ts';

export interface RcLine {
  readonly file: string;
  readonly line: number;
  readonly command: string;
  readonly config?: string;
  readonly words: readonly string[];
}

/** Splits a line into words as a POSIX shell would (quotes and backslashes), which is what Bazel does. */
export function shellWords(s: string): string[] {
  const out: string[] = [];
  let cur = '';
  let inWord = false;
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (c === "'") {
      const end = s.indexOf("'", i + 1);
      if (end < 0) throw new OptionsError(`unterminated quotation: ${s}`);
      cur += s.slice(i + 1, end);
      i = end;
      inWord = true;
    } else if (c === '"') {
      let j = i + 1;
      for (; j < s.length && s[j] !== '"'; j++) {
        if (s[j] === '\\' && j + 1 < s.length && '"\\$`'.includes(s[j + 1])) j++;
        cur += s[j];
      }
      if (j >= s.length) throw new OptionsError(`unterminated quotation: ${s}`);
      i = j;
      inWord = true;
    } else if (c === '\\' && i + 1 < s.length) {
      cur += s[++i];
      inWord = true;
    } else if (c === ' ' || c === '\t') {
      if (inWord) out.push(cur);
      cur = '';
      inWord = false;
    } else {
      cur += c;
      inWord = true;
    }
  }
  if (inWord) out.push(cur);
  return out;
}

/**
 * Reads an rc file and, recursively, what it imports. `read` returns a file's text or undefined when it does
 * not exist; `%workspace%` in import paths is the workspace root ('').
 */
export function readRcFile(path: string, read: (p: string) => string | undefined, seen: Set<string> = new Set()): RcLine[] {
  if (seen.has(path)) throw new OptionsError(`Import loop detected: ${[...seen, path].join(' -> ')}`);
  const text = read(path);
  if (text === undefined) return [];
  seen.add(path);
  const out: RcLine[] = [];
  const physical = text.split(/\r?\n/);
  for (let i = 0; i < physical.length; i++) {
    const lineNo = i + 1;
    let line = physical[i];
    while (line.endsWith('\\') && i + 1 < physical.length) line = line.slice(0, -1) + physical[++i];
    line = line.trim();
    if (line === '' || line.startsWith('#')) continue;
    const words = shellWords(line);
    const [head, ...rest] = words;
    if (head === 'import' || head === 'try-import') {
      const target = (rest[0] ?? '').replace(/^%workspace%\/?/, '');
      if (read(target) === undefined) {
        if (head === 'try-import') continue;
        throw new OptionsError(`Nonexistent path in import declaration in config file '${path}': '${line}'`);
      }
      out.push(...readRcFile(target, read, new Set(seen)));
      continue;
    }
    const [command, config] = head.split(':', 2);
    out.push({ file: path, line: lineNo, command: command === 'always' ? 'common' : command, config, words: rest });
  }
  return out;
}

export interface CommandLine {
  readonly command: string;
  readonly options: readonly OptionValue[];
  readonly starlarkFlags: readonly StarlarkFlagValue[];
  readonly residue: readonly string[];
}

export interface ExpandOptions {
  /** Options of `common` lines that the command does not accept are skipped (current Bazel) or errors (4.2.3). */
  readonly commonIgnoresInapplicable: boolean;
  /** Options defined otherwise in the profile's Bazel (see ParseContext). */
  readonly overrides?: ReadonlyMap<string, OptionDef>;
}

/** Groups option words into units: `--name value` for an option that takes a value, else one word each. */
function optionUnits(words: readonly string[], overrides?: ReadonlyMap<string, OptionDef>): string[][] {
  const units: string[][] = [];
  for (let i = 0; i < words.length; i++) {
    const w = words[i];
    const m = /^--([^=]+)$/.exec(w);
    const def = m ? optionNamed(m[1], overrides) : /^-\w$/.test(w) ? BY_ABBREV.get(w[1]) : undefined;
    if (def && def.kind !== 'boolean' && i + 1 < words.length) units.push([w, words[++i]]);
    else units.push([w]);
  }
  return units;
}

/** The command's chain from the most general to itself: common, build, test for `test`. */
export function commandChain(command: string): string[] {
  const parents = COMMAND_PARENTS[command] ?? [];
  return ['common', ...[...parents].reverse(), command];
}

export function expandCommandLine(command: string, argv: readonly string[], rc: readonly RcLine[], opts: ExpandOptions): CommandLine {
  const options: OptionValue[] = [];
  const starlarkFlags: StarlarkFlagValue[] = [];
  const residue: string[] = [];
  const chain = commandChain(command);
  const expanding: string[] = [];
  // --flag_alias may only be given on plain `build` lines: any other rc line holding one fails every command
  // (BlazeOptionHandler), whether or not the line applies to it.
  for (const l of rc) {
    if (l.command === 'build' && l.config === undefined) continue;
    const w = l.words.find((x) => x === '--flag_alias' || x.startsWith('--flag_alias='));
    if (w !== undefined) throw new OptionsError(`"${w}" disallowed. --flag_alias only supports the "build" command.`);
  }

  const addWords = (words: readonly string[], source: OptionValue['source'], lenient: boolean): void => {
    let parsed: ParsedArgs;
    if (lenient) {
      // Options of `common` that this command does not know are skipped one by one (with their value).
      parsed = { options: [], starlarkFlags: [], residue: [], configs: [] };
      for (const unit of optionUnits(words, opts.overrides)) {
        let one: ParsedArgs;
        try {
          one = parseOptionWords(unit, { command, source, overrides: opts.overrides });
        } catch {
          continue;
        }
        for (const c of one.configs) parsed.configs.push({ name: c.name, index: parsed.options.length + c.index });
        parsed.options.push(...one.options);
        parsed.starlarkFlags.push(...one.starlarkFlags);
        parsed.residue.push(...one.residue);
      }
    } else {
      parsed = parseOptionWords(words, { command, source, overrides: opts.overrides });
    }
    // Splice each --config expansion in at its position.
    let next = 0;
    for (const c of parsed.configs) {
      options.push(...parsed.options.slice(next, c.index + 1));
      next = c.index + 1;
      expandConfig(c.name);
    }
    options.push(...parsed.options.slice(next));
    starlarkFlags.push(...parsed.starlarkFlags);
    residue.push(...parsed.residue);
  };

  const expandConfig = (name: string): void => {
    if (expanding.includes(name)) throw new OptionsError(`Config expansion has a cycle: config value ${name} expands to itself, see inheritance chain [${[...expanding, name].join(', ')}]`);
    const lines = rc.filter((l) => l.config === name && chain.includes(l.command));
    if (!rc.some((l) => l.config === name)) throw new OptionsError(`Config value '${name}' is not defined in any .rc file`);
    expanding.push(name);
    for (const cmd of chain) {
      for (const l of lines) {
        if (l.command !== cmd) continue;
        addWords(l.words, { kind: 'bazelrc', file: l.file, line: l.line, config: name }, cmd === 'common' && opts.commonIgnoresInapplicable);
      }
    }
    expanding.pop();
  };

  for (const cmd of chain) {
    for (const l of rc) {
      if (l.command !== cmd || l.config !== undefined) continue;
      addWords(l.words, { kind: 'bazelrc', file: l.file, line: l.line }, cmd === 'common' && opts.commonIgnoresInapplicable);
    }
  }
  addWords(withFlagAliases(argv, flagAliases(chain, rc, argv)), { kind: 'command-line' }, false);
  return { command, options, starlarkFlags, residue };
}

/**
 * `--flag_alias=name=//pkg:flag` (on `build` rc lines, which every command of the build family reads, or on the
 * command line): the short names of Starlark flags, by name. Later definitions win.
 */
export function flagAliases(chain: readonly string[], rc: readonly RcLine[], argv: readonly string[]): Map<string, string> {
  const aliases = new Map<string, string>();
  const take = (words: readonly string[]) => {
    for (let i = 0; i < words.length; i++) {
      const w = words[i]!;
      if (w === '--') break;
      const v = w.startsWith('--flag_alias=') ? w.slice('--flag_alias='.length) : w === '--flag_alias' ? words[++i] : undefined;
      const eq = v?.indexOf('=') ?? -1;
      if (v !== undefined && eq > 0) aliases.set(v.slice(0, eq), v.slice(eq + 1));
    }
  };
  if (chain.includes('build')) for (const l of rc) if (l.command === 'build' && l.config === undefined) take(l.words);
  take(argv);
  return aliases;
}

/** The command line with each use of a flag alias (`--name=v`, `--name`, `--noname`) written as its Starlark flag. */
export function withFlagAliases(argv: readonly string[], aliases: ReadonlyMap<string, string>): string[] {
  if (aliases.size === 0) return [...argv];
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const w = argv[i]!;
    if (w === '--') {
      out.push(...argv.slice(i));
      break;
    }
    const m = /^--(no)?([A-Za-z0-9_]+)(=.*)?$/s.exec(w);
    if (!m) {
      out.push(w);
      continue;
    }
    const whole = aliases.get((m[1] ?? '') + m[2]!);
    const target = whole ?? aliases.get(m[2]!);
    out.push(target === undefined ? w : `--${whole === undefined ? (m[1] ?? '') : ''}${target}${m[3] ?? ''}`);
  }
  return out;
}
