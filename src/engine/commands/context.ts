// What every command receives: the workspace, the absolute path Bazel would print for it, the startup options
// (what came before the command: --bazelrc, --noworkspace_rc, …) and a cancel flag.
import type { LoadCache, Workspace } from '../loading/index.ts';
import type { ActionCache, ShellSignal } from '../actions/index.ts';

export interface CommandContext {
  readonly workspace: Workspace;
  /** Absolute workspace path used in messages (`ERROR: /ws/pkg/BUILD:3:8: …`). */
  readonly workspaceDir: string;
  /** Startup options, before the command name (`bazel --bazelrc=x build …`). */
  readonly startup?: readonly string[];
  readonly cancel?: { cancelled: boolean };
  /** build/test/run: outputs of earlier actions (a worker keeps one across edits, so unchanged actions do not rerun). */
  readonly actionCache?: ActionCache;
  /** build/test/run: aborts a running shell (Stop). */
  readonly signal?: ShellSignal;
  /** Packages and .bzl files evaluated earlier, reused while unchanged (a worker keeps one across edits). */
  readonly loadCache?: LoadCache;
  /** query/cquery: whether the result carries its graph (RunOptions.resultGraph). */
  readonly resultGraph?: boolean;
}

/**
 * Bazel's output base: the startup option `--output_base` (the CLI passes Bazel's default,
 * ~/.cache/bazel/_bazel_$USER/<md5 of the workspace path>), else `/output_base`. External repositories live under
 * it (`<output base>/external/<repo>/…`), and so do generated files (`<output base>/execroot/…`).
 */
export function outputBaseOf(ctx: Pick<CommandContext, 'startup'>): string {
  const startup = ctx.startup ?? [];
  for (let i = startup.length - 1; i >= 0; i--) {
    const w = startup[i]!;
    if (w.startsWith('--output_base=')) return w.slice('--output_base='.length).replace(/\/+$/, '');
    if (w === '--output_base' && i + 1 < startup.length) return startup[i + 1]!.replace(/\/+$/, '');
  }
  return '/output_base';
}
