// Every command's options come from one place: config's commandLine() (the option table, the workspace's
// .bazelrc, --bazelrc, --config, user-defined --//pkg:flag values). This module turns its error into Bazel's
// console line and exit code 2.

import { commandLine, lastValue, optionValue, OptionsError, type CommandLine } from '../config/index.ts';
import type { CommandContext } from './context.ts';
import { EXIT, Console, type CommandResult } from './result.ts';

export { OptionsError, optionValue };

/** The command line of `command`, or the failed CommandResult (exit 2) to return as is. */
export function commandOptions(ctx: CommandContext, command: string, args: readonly string[]): { commandLine: CommandLine } | { failed: CommandResult } {
  const cl = commandLine(ctx.workspace, command, args, ctx.startup ?? []);
  if ('error' in cl) {
    const out = new Console();
    out.line('error', cl.error);
    return { failed: out.result(EXIT.COMMAND_LINE_ERROR) };
  }
  return { commandLine: cl };
}

/** Reading a parsed command line: the last value given, a boolean flag with its default, a comma-separated list. */
export function optionReader(cl: CommandLine) {
  const given = (name: string) => lastValue(cl.options, name)?.value;
  return {
    given,
    flag(name: string, dflt: boolean): boolean {
      const v = given(name);
      return v === undefined ? dflt : v === true;
    },
    list(name: string): string[] {
      return String(given(name) ?? '')
        .split(',')
        .filter((s) => s !== '');
    },
  };
}
