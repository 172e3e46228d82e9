// Import: a .zip (as exported, or any zip of a Bazel workspace) or txtar text becomes the workspace. An archive
// made by the export comes back as it left: the command line from its README, and the flags block the export
// appended to .bazelrc removed again (the command line carries those flags). A file of the zip that is not UTF-8
// text (or holds a NUL) is kept as bytes.

import { basename, comparePaths, normalizePath, pathProblem } from './file-paths.ts';
import { looksLikeTxtar, parseTxtar } from './txtar.ts';
import { readZip, ZipError } from './zip.ts';
import { contentOf, type Files } from './file-content.ts';

export interface Imported {
  files: Files;
  command: string | null;
}

export type ImportResult = { ok: true; value: Imported } | { ok: false; reason: string };

const RC_HEADER = '# The flags of the rulepen command line, so that the README command behaves as the playground did.\n';

/** The file an import opens: the first BUILD file (shallowest package first), else the first file. */
export function firstBuildFile(files: Files): string | null {
  const paths = Object.keys(files);
  const depth = (p: string) => p.split('/').length;
  const builds = paths.filter((p) => /^BUILD(\.bazel)?$/.test(basename(p))).sort((a, b) => depth(a) - depth(b) || comparePaths(a, b));
  return builds[0] ?? paths.sort(comparePaths)[0] ?? null;
}

function checkPaths(files: Files): string | null {
  const seen: string[] = [];
  for (const p of Object.keys(files)) {
    const problem = p !== normalizePath(p) ? 'not a normal path' : pathProblem(p, seen);
    if (problem) return `bad file path ${JSON.stringify(p)}: ${problem}`;
    seen.push(p);
  }
  return null;
}

export function importText(text: string): ImportResult {
  if (!looksLikeTxtar(text)) return { ok: false, reason: 'the text has no `-- path --` lines (txtar format)' };
  const { comment, files: raw } = parseTxtar(text);
  const files: Record<string, string> = {};
  for (const [p, t] of Object.entries(raw)) files[normalizePath(p)] = t;
  const problem = checkPaths(files);
  if (problem) return { ok: false, reason: problem };
  const line = comment.split('\n').find((l) => /^\$\s*\S/.test(l));
  return { ok: true, value: { files, command: line ? line.replace(/^\$\s*/, '') : null } };
}

export function importZip(bytes: Uint8Array): ImportResult {
  let entries;
  try {
    entries = readZip(bytes);
  } catch (e) {
    return { ok: false, reason: e instanceof ZipError ? e.message : 'not a readable zip file' };
  }
  if (entries.length === 0) return { ok: false, reason: 'the zip has no files' };
  // One top folder around everything (as the export writes): strip it.
  const tops = new Set(entries.map((e) => (e.name.includes('/') ? e.name.split('/')[0] : '')));
  const strip = tops.size === 1 && !tops.has('') ? [...tops][0].length + 1 : 0;
  const files: Files = {};
  for (const e of entries) {
    const path = normalizePath(e.name.slice(strip));
    if (!path || path.startsWith('__MACOSX/') || path.split('/').includes('.DS_Store')) continue;
    files[path] = contentOf(e.data);
  }
  const problem = checkPaths(files);
  if (problem) return { ok: false, reason: problem };
  let command: string | null = null;
  const readme = files['README.md'];
  if (typeof readme === 'string' && readme.includes('exported from rulepen')) {
    const m = /typed in the playground:\n\n```sh\n(.*)\n```/.exec(readme);
    if (m) {
      command = m[1];
      delete files['README.md'];
      const rc = files['.bazelrc'];
      if (typeof rc === 'string' && rc.includes(RC_HEADER)) {
        const kept = rc.slice(0, rc.indexOf(RC_HEADER)).replace(/\n\n$/, '\n');
        if (kept) files['.bazelrc'] = kept;
        else delete files['.bazelrc'];
      }
    }
  }
  return { ok: true, value: { files, command } };
}
