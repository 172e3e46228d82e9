// Export to real Bazel: the workspace as files that `bazel` runs as they are — a WORKSPACE or MODULE.bazel so
// that Bazel finds the root, .bazelversion (so bazelisk picks the version the playground followed), the command
// line's flags in .bazelrc, and a README with the exact command — as a .zip, or as txtar text for an issue.

import { commandArgv } from './command-line.ts';
import { formatTxtar } from './txtar.ts';
import { writeZip } from './zip.ts';
import { bytesOf, textOf, type Files } from './file-content.ts';

/** The Bazel version the playground follows when the workspace has no .bazelversion (the engine's modern profile). */
export const MODERN_BAZEL_VERSION = '8.4.2';

/** Long options that take their value as the next word (`--cpu arm`); booleans never do. */
const VALUE_OPTIONS = new Set([
  'compilation_mode', 'cpu', 'host_cpu', 'define', 'copt', 'host_copt', 'platforms', 'host_platform', 'config',
  'output', 'test_tag_filters', 'build_tag_filters', 'test_size_filters', 'test_timeout_filters', 'test_lang_filters',
  'action_env', 'test_env', 'test_arg', 'features', 'output_groups', 'universe_scope', 'query_file', 'extra_toolchains',
  'test_output', 'run_under', 'strategy', 'spawn_strategy', 'jobs', 'target_pattern_file', 'aspects',
]);
const SHORT_WITH_VALUE = new Set(['-c', '-j']);

export interface SplitCommand {
  /** The Bazel command (build, test, query, …), or '' when none. */
  command: string;
  /** Startup options before the command (kept on the command line). */
  startup: string[];
  /** Options after the command, each as one .bazelrc word group (`--cpu=arm`, `-c opt`). */
  flags: string[];
  /** Everything else: target patterns, the query expression. */
  residue: string[];
  error: string | null;
}

export function splitCommand(text: string): SplitCommand {
  const { argv, error } = commandArgv(text);
  const out: SplitCommand = { command: '', startup: [], flags: [], residue: [], error };
  let i = 0;
  while (i < argv.length && argv[i].startsWith('-')) out.startup.push(argv[i++]);
  out.command = argv[i++] ?? '';
  for (; i < argv.length; i++) {
    const w = argv[i];
    if (w === '--') {
      out.residue.push(...argv.slice(i + 1));
      break;
    }
    if (!w.startsWith('-')) {
      out.residue.push(w);
      continue;
    }
    const next = argv[i + 1];
    const takesNext =
      next !== undefined &&
      !next.startsWith('-') &&
      (SHORT_WITH_VALUE.has(w) || (w.startsWith('--') && !w.includes('=') && VALUE_OPTIONS.has(w.slice(2))));
    if (takesNext) {
      out.flags.push(`${w} ${next}`);
      i++;
    } else out.flags.push(w);
  }
  return out;
}

/** Quotes a word for a POSIX shell when it needs it. */
export function shellQuote(word: string): string {
  if (/^[A-Za-z0-9_@%+=:,./-]+$/.test(word)) return word;
  return `'${word.replace(/'/g, `'\\''`)}'`;
}

function versionOf(files: Files): string {
  return textOf(files['.bazelversion']).trim() || MODERN_BAZEL_VERSION;
}

function needsWorkspaceFile(version: string): boolean {
  const major = Number(/^(\d+)/.exec(version)?.[1] ?? '99');
  return major < 7;
}

export interface ExportPlan {
  files: Files;
  /** The command to run in the exported folder (flags live in .bazelrc). */
  command: string;
  /** Files the export added or changed (for the README and for the UI to mention). */
  added: string[];
}

/** The files of the export: the workspace plus what real Bazel needs to run the command as the playground did. */
export function planExport(workspace: Files, commandText: string, name = 'rulepen'): ExportPlan {
  const files: Files = { ...workspace };
  const added: string[] = [];
  const version = versionOf(files);
  if (!('.bazelversion' in files)) {
    files['.bazelversion'] = version + '\n';
    added.push('.bazelversion');
  }
  const hasWorkspace = 'WORKSPACE' in files || 'WORKSPACE.bazel' in files;
  const hasModule = 'MODULE.bazel' in files;
  if (needsWorkspaceFile(version) ? !hasWorkspace : !hasWorkspace && !hasModule) {
    const file = needsWorkspaceFile(version) ? 'WORKSPACE' : 'MODULE.bazel';
    files[file] = needsWorkspaceFile(version) ? `workspace(name = "${name}")\n` : `module(name = "${name}")\n`;
    added.push(file);
  }

  const split = splitCommand(commandText);
  const cmd = split.command || 'query';
  if (split.flags.length) {
    const lines = split.flags.map((f) => `${cmd} ${f}`);
    const header = '# The flags of the rulepen command line, so that the README command behaves as the playground did.\n';
    const prior = textOf(files['.bazelrc']);
    files['.bazelrc'] = (prior ? prior + (prior.endsWith('\n') ? '' : '\n') + '\n' : '') + header + lines.join('\n') + '\n';
    added.push('.bazelrc');
  }
  const command = ['bazel', ...split.startup, cmd, ...split.residue].map(shellQuote).join(' ');
  const original = commandText.trim().startsWith('bazel') ? commandText.trim() : `bazel ${commandText.trim()}`;

  let readmeName = 'README.md';
  while (readmeName in files) readmeName = readmeName.replace(/(\.md)$/, '.rulepen$1');
  files[readmeName] = [
    `# ${name}`,
    '',
    'A workspace exported from rulepen, the Bazel rules playground. Run, in this folder:',
    '',
    '```sh',
    command,
    '```',
    '',
    `Bazel ${version} (from \`.bazelversion\`; bazelisk picks it up).` +
      (split.flags.length ? ` The command line's flags (${split.flags.map((f) => `\`${f}\``).join(', ')}) are in \`.bazelrc\`.` : ''),
    '',
    'The command as it was typed in the playground:',
    '',
    '```sh',
    original,
    '```',
    '',
    ...(added.length ? [`Added by the export: ${added.map((a) => `\`${a}\``).join(', ')}.`, ''] : []),
  ].join('\n');
  added.push(readmeName);
  return { files, command, added };
}

export function exportZip(workspace: Files, commandText: string, name = 'rulepen'): Uint8Array {
  const { files } = planExport(workspace, commandText, name);
  return writeZip(
    Object.keys(files)
      .sort()
      .map((path) => ({ name: `${name}/${path}`, data: bytesOf(files[path]), mode: /\.(sh|bash|py)$/.test(path) ? 0o755 : 0o644 })),
  );
}

/**
 * The workspace as txtar text, the command in the comment: what "Copy as text" puts on the clipboard. Text
 * cannot hold a binary file: those are left out and named in the comment.
 */
export function exportText(workspace: Files, commandText: string): string {
  const original = commandText.trim().startsWith('bazel') ? commandText.trim() : `bazel ${commandText.trim()}`;
  const texts: Record<string, string> = {};
  const binary: string[] = [];
  for (const [p, content] of Object.entries(workspace)) {
    if (typeof content === 'string') texts[p] = content;
    else binary.push(p);
  }
  const note = binary.length ? `binary files left out (export a .zip to keep them): ${binary.sort().join(', ')}\n` : '';
  return formatTxtar(texts, `$ ${original}\n${note}`);
}
