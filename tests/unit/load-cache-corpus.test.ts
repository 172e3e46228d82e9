// Incremental loading against the whole conformance corpus: every case's command, run with one LoadCache shared
// across all cases (as the worker keeps one across edits and workspace switches), must print exactly what a cold
// run prints — also after an edit of one of the case's BUILD files.

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LoadCache, loadWorkspace, runCommand, type CommandResult, type WorkspaceFiles } from '../../src/engine/index.ts';

const CORPUS = resolve(import.meta.dirname, '../conformance/corpus');

interface Case {
  readonly name: string;
  readonly files: WorkspaceFiles;
  readonly args: string[];
}

function readTree(dir: string, root = dir, out: Record<string, string> = {}): Record<string, string> {
  for (const e of readdirSync(dir)) {
    const p = join(dir, e);
    if (statSync(p).isDirectory()) readTree(p, root, out);
    else out[relative(root, p)] = readFileSync(p, 'utf8');
  }
  return out;
}

function cases(): Case[] {
  const out: Case[] = [];
  for (const suite of ['cases', 'doc-extract']) {
    for (const name of readdirSync(join(CORPUS, suite)).sort()) {
      const dir = join(CORPUS, suite, name);
      if (!statSync(dir).isDirectory()) continue;
      const { args } = JSON.parse(readFileSync(join(dir, 'case.json'), 'utf8')) as { args: string[] };
      const files = readTree(join(dir, 'files'));
      out.push({ name: `${suite}/${name}`, files: suite === 'cases' ? { ...files, '.bazelversion': '4.2.3\n' } : files, args });
    }
  }
  return out;
}

/** The same files with the first BUILD file edited: a target added (the package must be evaluated again). */
function edited(files: WorkspaceFiles): WorkspaceFiles {
  const build = Object.keys(files).sort().find((p) => /(^|\/)BUILD(\.bazel)?$/.test(p));
  return build ? { ...files, [build]: files[build] + '\nfilegroup(name = "zz_added_by_the_edit")\n' } : files;
}

function comparable(r: CommandResult) {
  return {
    exitCode: r.exitCode,
    stdout: r.stdout,
    stderr: r.stderr,
    outputs: Object.fromEntries(Object.entries(r.outputs).map(([k, v]) => [k, Buffer.from(v).toString('base64')])),
  };
}

describe('a shared LoadCache changes nothing a command prints', () => {
  const all = cases();
  const cache = new LoadCache();
  it('has the corpus', () => expect(all.length).toBeGreaterThan(100));
  it.each(all.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    for (const files of [c.files, edited(c.files)]) {
      const cold = await runCommand(files, c.args);
      // Twice warm: the first may evaluate (the cache holds another case), the second reuses everything.
      for (let i = 0; i < 2; i++) {
        const warm = await runCommand(files, c.args, { loadCache: cache });
        expect(comparable(warm)).toEqual(comparable(cold));
      }
      expect(loadWorkspace(files, { loadCache: cache })).toEqual(loadWorkspace(files));
    }
  });
});
