// `version` and `help`: what Bazel prints for them (deterministic: no build time).
import type { Profile } from '../base/index.ts';
import { EXIT, Console, type CommandResult } from './result.ts';

export function versionCommand(profile: Profile): CommandResult {
  const out = new Console();
  out.stdout(
    [
      `Build label: ${profile.bazelVersion}`,
      'Build target: bazel-out/k8-opt/bin/src/main/java/com/google/devtools/build/lib/bazel/BazelServer_deploy.jar',
      'Build time: Thu Jan 01 00:00:00 1970 (0)',
      'Build timestamp: Thu Jan 01 00:00:00 1970 (0)',
      'Build timestamp as int: 0',
      '',
    ].join('\n'),
  );
  return out.result(EXIT.SUCCESS);
}

/** The commands rulepen knows, with Bazel's one-line descriptions. */
export const COMMANDS: readonly (readonly [string, string])[] = [
  ['build', 'Builds the specified targets.'],
  ['canonicalize-flags', 'Canonicalizes a list of bazel options.'],
  ['config', 'Displays details of build configurations.'],
  ['cquery', 'Loads, analyzes, and queries the specified targets w/ configurations.'],
  ['help', 'Prints help for commands, or the index.'],
  ['query', 'Executes a dependency graph query.'],
  ['run', 'Runs the specified target.'],
  ['test', 'Builds and runs the specified test targets.'],
  ['version', 'Prints version information for bazel.'],
];

export function helpCommand(profile: Profile, args: readonly string[]): CommandResult {
  const out = new Console();
  const topic = args.find((a) => !a.startsWith('-'));
  if (topic && topic !== 'target-syntax' && !COMMANDS.some(([c]) => c === topic)) {
    out.line('error', `'${topic}' is neither a command nor a help topic`);
    return out.result(EXIT.COMMAND_LINE_ERROR);
  }
  const lines = [
    `${' '.repeat(53)}[bazel release ${profile.bazelVersion}]`,
    'Usage: bazel <command> <options> ...',
    '',
    'Available commands:',
    ...COMMANDS.map(([c, d]) => `  ${c.padEnd(18)}  ${d}`),
    '',
    'Getting more help:',
    '  bazel help <command>',
    '                   Prints help and options for <command>.',
    '  bazel help target-syntax',
    '                   Explains the syntax for specifying targets.',
    '',
  ];
  out.stdout(lines.join('\n'));
  return out.result(EXIT.SUCCESS);
}
