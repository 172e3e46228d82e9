// Compare: the same files and command line under both semantics profiles, Bazel 4.2.3 and current Bazel.
//
// The engine picks its profile from the workspace's `.bazelversion` (src/engine/base/profile.ts), so running "under
// a profile" means running the files as a user would after editing that one file: `.bazelversion` says the
// version. Bazel 4.2.3 also needs a WORKSPACE file (it predates MODULE.bazel): where the workspace has none, the
// 4.2.3 run adds an empty one, or every comparison of a modern workspace would differ on that alone. Each change
// is listed in the column, so the view never hides what it ran.

import type { CommandResult, ProfileName as Profile, WorkspaceFiles } from '../engine/index.ts';

export interface ComparedProfile {
  profile: Profile;
  /** What `.bazelversion` says for this column (the engine's profile table reports the same version). */
  version: string;
  title: string;
}

/** The two columns, left to right: the older Bazel first, as a diff reads old → new. */
export const COMPARED_PROFILES: readonly ComparedProfile[] = [
  { profile: 'bazel4', version: '4.2.3', title: 'Bazel 4.2.3' },
  { profile: 'modern', version: '8.4.2', title: 'current Bazel' },
];

/** Root markers, as the engine looks for them (Workspace in src/engine/loading/workspace.ts). */
const MARKERS = ['MODULE.bazel', 'REPO.bazel', 'WORKSPACE.bazel', 'WORKSPACE'];

export interface ProfileFiles {
  files: WorkspaceFiles;
  /** What the comparison changed, in words, e.g. "`.bazelversion` set to 4.2.3". */
  changes: string[];
}

/** The directory prefix of the workspace root: '' when a marker is at the top, else the shallowest marker's folder. */
export function rootPrefix(files: WorkspaceFiles): string {
  const paths = Object.keys(files);
  if (paths.some((p) => MARKERS.includes(p))) return '';
  let best: string | null = null;
  for (const p of paths) {
    const slash = p.lastIndexOf('/');
    if (slash < 0 || !MARKERS.includes(p.slice(slash + 1))) continue;
    const dir = p.slice(0, slash + 1);
    const depth = dir.split('/').length;
    if (best === null || depth < best.split('/').length || (depth === best.split('/').length && dir < best)) best = dir;
  }
  return best ?? '';
}

/** The files as the run under `target` sees them. */
export function filesUnder(files: WorkspaceFiles, target: ComparedProfile): ProfileFiles {
  const root = rootPrefix(files);
  const out: WorkspaceFiles = { ...files };
  const changes: string[] = [];
  const versionPath = root + '.bazelversion';
  const given = files[versionPath];
  const current = given === undefined || typeof given === 'string' ? given : new TextDecoder().decode(given);
  const bazel4 = target.profile === 'bazel4';
  // Only a file that picks the other profile is changed (the engine reads any 4.x/5.x as 4.2.3, any other as current).
  if (current === undefined ? bazel4 : picksBazel4(current) !== bazel4) {
    out[versionPath] = target.version + '\n';
    changes.push(`\`${versionPath}\` ${current === undefined ? 'added:' : 'set to'} ${target.version}`);
  }
  if (bazel4 && !((root + 'WORKSPACE') in files) && !((root + 'WORKSPACE.bazel') in files)) {
    out[root + 'WORKSPACE'] = '';
    changes.push(`an empty \`${root}WORKSPACE\` added (Bazel 4.2.3 has no MODULE.bazel)`);
  }
  return { files: out, changes };
}

/** Whether a `.bazelversion` text picks the 4.2.3 profile (profileForVersion in src/engine/base/profile.ts). */
function picksBazel4(text: string): boolean {
  return /^[0-5]\./.test(text.trim().split(/\s+/)[0] ?? '');
}

export interface CompareColumn extends ComparedProfile {
  result: CommandResult;
  changes: string[];
  millis: number;
}

export interface CompareResult {
  columns: CompareColumn[];
}
