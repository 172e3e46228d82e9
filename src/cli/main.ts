// The `rulepen` command line: `rulepen [--workspace=DIR] <command> [args…]` runs the engine over DIR's files
// (default: the current directory) as `bazel <command> [args…]` would, writing outputs under DIR/bazel-bin and
// DIR/bazel-testlogs. `rulepen starlark …` runs Starlark files (src/cli/starlark-command.ts).

import { chmodSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { FileSource } from '../engine/index.ts';

/** Directories never read into the virtual workspace. */
function skipped(name: string): boolean {
  return name === '.git' || name === 'node_modules' || name.startsWith('bazel-');
}

/** The directories `.bazelignore` lists (workspace-relative, one a line; `#` starts a comment line). */
function bazelignored(dir: string): Set<string> {
  let text = '';
  try {
    text = readFileSync(join(dir, '.bazelignore'), 'utf8');
  } catch {
    return new Set();
  }
  const dirs = text.split('\n').map((l) => l.trim().replace(/^\.\//, '').replace(/\/+$/, ''));
  return new Set(dirs.filter((l) => l !== '' && !l.startsWith('#')));
}

/**
 * The files under dir (workspace-relative paths, '/'-separated) but what `.bazelignore` lists: the tree is listed
 * (names only) and a file's bytes are read when the engine first asks for them.
 */
export function listWorkspace(dir: string): FileSource {
  const paths: string[] = [];
  const ignored = bazelignored(dir);
  const walk = (abs: string, rel: string) => {
    let entries;
    try {
      entries = readdirSync(abs, { withFileTypes: true });
    } catch {
      return; // an unreadable directory holds no file the engine can read
    }
    for (const e of entries) {
      if (skipped(e.name)) continue;
      const r = rel ? `${rel}/${e.name}` : e.name;
      if (ignored.has(r)) continue;
      let isDir = e.isDirectory();
      let isFile = e.isFile();
      if (e.isSymbolicLink()) {
        try {
          const st = statSync(join(abs, e.name));
          isDir = st.isDirectory();
          isFile = st.isFile();
        } catch {
          continue; // a dangling symlink
        }
      }
      if (isDir) walk(join(abs, e.name), r);
      else if (isFile) paths.push(r);
    }
  };
  walk(dir, '');
  return {
    paths,
    read: (p) => {
      try {
        return readFileSync(join(dir, p));
      } catch {
        return undefined;
      }
    },
  };
}

function parseArgs(argv: string[]): { workspace: string; rest: string[] } {
  let workspace = process.cwd();
  const rest: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (rest.length === 0 && a.startsWith('--workspace=')) workspace = a.slice('--workspace='.length);
    else if (rest.length === 0 && a === '--workspace' && i + 1 < argv.length) workspace = argv[++i]!;
    else rest.push(...argv.slice(i)), (i = argv.length);
  }
  return { workspace: resolve(workspace), rest };
}

/**
 * The startup options with `--output_base` made explicit as Bazel computes it: `<output_user_root>/<md5 of the
 * workspace path>`, the root being `--output_user_root` or ~/.cache/bazel/_bazel_$USER (runfiles manifests name
 * generated files by their path there).
 */
async function withOutputBase(argv: string[], workspace: string): Promise<string[]> {
  // Loaded here: `version` and `help` start without them.
  const [{ createHash }, { homedir, userInfo }] = await Promise.all([import('node:crypto'), import('node:os')]);
  let i = 0;
  while (i < argv.length && argv[i]!.startsWith('-')) i++;
  const startup = argv.slice(0, i);
  if (startup.some((w) => w === '--output_base' || w.startsWith('--output_base='))) return argv;
  const rootOpt = startup.find((w) => w.startsWith('--output_user_root='));
  const root = rootOpt ? rootOpt.slice('--output_user_root='.length) : join(homedir(), '.cache', 'bazel', `_bazel_${userInfo().username}`);
  return [`--output_base=${join(root, createHash('md5').update(workspace).digest('hex'))}`, ...argv];
}

/**
 * `version` and `help` without arguments: printed from the workspace's `.bazelversion` alone (it picks the profile),
 * without reading the workspace or loading the engine. Undefined for every other command line.
 */
async function quickCommand(workspace: string, argv: readonly string[]): Promise<number | undefined> {
  let i = 0;
  while (i < argv.length && argv[i]!.startsWith('-')) i++;
  const command = argv[i];
  if ((command !== 'version' && command !== 'help') || i + 1 !== argv.length) return undefined;
  const [{ profileForVersion }, { versionCommand, helpCommand }] = await Promise.all([
    import('../engine/base/index.ts'),
    import('../engine/commands/info.ts'),
  ]);
  let bazelversion: string | undefined;
  try {
    bazelversion = readFileSync(join(workspace, '.bazelversion'), 'utf8');
  } catch {
    bazelversion = undefined;
  }
  const profile = profileForVersion(bazelversion);
  const result = command === 'version' ? versionCommand(profile) : helpCommand(profile, []);
  await new Promise<void>((r) => process.stdout.write(result.stdout, () => r()));
  await new Promise<void>((r) => process.stderr.write(result.stderr, () => r()));
  return result.exitCode;
}

async function main(): Promise<number> {
  const { workspace, rest } = parseArgs(process.argv.slice(2));
  if (rest[0] === 'starlark') {
    const mod = (await import('./starlark-command.ts')) as {
      starlarkCommand(args: string[], io: { stdout(s: string): void; stderr(s: string): void; readFile(p: string): string }): Promise<number>;
    };
    return mod.starlarkCommand(rest.slice(1), {
      stdout: (s) => process.stdout.write(s),
      stderr: (s) => process.stderr.write(s),
      readFile: (p) => readFileSync(p, 'utf8'),
    });
  }
  const quick = await quickCommand(workspace, rest);
  if (quick !== undefined) return quick;
  // Loaded on demand: `version` and `help` start without parsing the engine.
  const { runCommand } = await import('../engine/index.ts');
  // The CLI prints results: no graph for a graph view.
  const result = await runCommand(listWorkspace(workspace), await withOutputBase(rest, workspace), { workspaceDir: workspace, resultGraph: false });
  for (const rel of result.removed ?? []) rmSync(join(workspace, rel), { force: true });
  const made = new Set<string>();
  for (const [rel, data] of Object.entries(result.outputs)) {
    const p = join(workspace, rel);
    if (!made.has(dirname(p))) {
      mkdirSync(dirname(p), { recursive: true });
      made.add(dirname(p));
    }
    writeFileSync(p, data);
    if (/\.(sh|bash)$/.test(rel) || result.executables?.includes(rel)) chmodSync(p, 0o755);
  }
  // Binary outputs (query --output=proto) come as bytes.
  await new Promise<void>((r) => process.stdout.write(result.stdoutBytes ?? result.stdout, () => r()));
  await new Promise<void>((r) => process.stderr.write(result.stderr, () => r()));
  return result.exitCode;
}

process.exitCode = await main();
