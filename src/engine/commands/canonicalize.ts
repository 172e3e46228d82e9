// `canonicalize-flags`: prints a list of options (given after `--`) in canonical form, one per line, as the command
// named by --for_command (default `build`) would read them (CanonicalizeCommand). Native options come first,
// sorted by name, each as `--name=value` (the last value of an option given once; a boolean written without a
// value is 1, or 0 with `no`), then the Starlark flags as `--//pkg:flag=value`. Flag aliases (`--flag_alias` on the
// `build` lines of the rc files) are replaced by the flags they stand for.

import { commandChain, expandCommandLine, OPTIONS, OptionsError, flagAliases, rcLines, withFlagAliases } from '../config/index.ts';
import type { CommandContext } from './context.ts';
import { commandOptions } from './options.ts';
import { EXIT, Console, type CommandResult } from './result.ts';

export function canonicalizeCommand(ctx: CommandContext, args: readonly string[]): CommandResult {
  const out = new Console(ctx.workspaceDir);
  const dash = args.indexOf('--');
  const own = dash < 0 ? args : args.slice(0, dash);
  const flags = dash < 0 ? [] : args.slice(dash + 1);
  let forCommand = 'build';
  for (let i = 0; i < own.length; i++) {
    const w = own[i]!;
    if (w.startsWith('--for_command=')) forCommand = w.slice('--for_command='.length);
    else if (w === '--for_command' && i + 1 < own.length) forCommand = own[++i]!;
    else {
      out.line('error', `Unrecognized option: ${w}`);
      return out.result(EXIT.COMMAND_LINE_ERROR);
    }
  }
  // The rc files are read for their flag aliases only: their options are not part of what is canonicalised.
  const rc = commandOptions(ctx, forCommand, []);
  if ('failed' in rc) return rc.failed;
  const lines0 = rcLines(ctx.workspace, ctx.startup ?? []);
  if ('error' in lines0) {
    out.line('error', lines0.error);
    return out.result(EXIT.COMMAND_LINE_ERROR);
  }
  let parsed;
  try {
    const aliases = flagAliases(commandChain(forCommand), lines0, flags);
    parsed = expandCommandLine(forCommand, withFlagAliases(flags, aliases), [], { commonIgnoresInapplicable: true });
  } catch (e) {
    if (!(e instanceof OptionsError)) throw e;
    out.line('error', e.message);
    return out.result(EXIT.COMMAND_LINE_ERROR);
  }
  if (parsed.residue.length > 0) {
    out.line('error', `Unrecognized arguments: ${parsed.residue.join(' ')}`);
    return out.result(EXIT.COMMAND_LINE_ERROR);
  }
  const last = new Map<string, string[]>();
  for (const o of parsed.options) {
    if (o.name === 'flag_alias') continue;
    const bare = !o.written.includes('=') && !o.written.includes(' ');
    const value = typeof o.value === 'boolean' && bare ? (o.value ? '1' : '0') : typeof o.value === 'boolean' ? o.written.slice(o.written.indexOf('=') + 1) : o.value;
    const line = `--${o.name}=${value}`;
    if (OPTIONS.get(o.name)?.multiple) last.set(o.name, [...(last.get(o.name) ?? []), line]);
    else last.set(o.name, [line]);
  }
  const lines = [...last.keys()].sort().flatMap((k) => last.get(k)!);
  const starlark = new Map<string, string>();
  for (const f of parsed.starlarkFlags) starlark.set(f.label, f.value);
  for (const [label, value] of starlark) lines.push(`--${label}=${value}`);
  out.stdout(lines.map((l) => l + '\n').join(''));
  return out.result(EXIT.SUCCESS);
}
