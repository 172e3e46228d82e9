// What every command receives: the workspace, the absolute path Bazel would print for it, and a cancel flag.
import type { Workspace } from '../build/index.ts';

export interface CommandContext {
  readonly workspace: Workspace;
  /** Absolute workspace path used in messages (`ERROR: /ws/pkg/BUILD:3:8: …`). */
  readonly workspaceDir: string;
  readonly cancel?: { cancelled: boolean };
}
