import { describe, expect, it } from 'vitest';
import { PROFILES } from '../engine/index.ts';
import { createApi } from './api.ts';
import { COMPARED_PROFILES, filesUnder, rootPrefix } from './compare.ts';

const [bazel4, modern] = COMPARED_PROFILES;

describe('compare: the files under each profile', () => {
  it('names the versions the engine reports for its profiles', () => {
    for (const p of COMPARED_PROFILES) expect(p.version).toBe(PROFILES[p.profile].bazelVersion);
  });

  it('adds .bazelversion and an empty WORKSPACE for 4.2.3 to a MODULE.bazel workspace, and nothing for current Bazel', () => {
    const files = { 'MODULE.bazel': '', 'a/BUILD': '' };
    expect(filesUnder(files, bazel4)).toEqual({
      files: { ...files, '.bazelversion': '4.2.3\n', WORKSPACE: '' },
      changes: ['`.bazelversion` added: 4.2.3', 'an empty `WORKSPACE` added (Bazel 4.2.3 has no MODULE.bazel)'],
    });
    expect(filesUnder(files, modern)).toEqual({ files, changes: [] });
  });

  it('changes a .bazelversion only where it picks the other profile', () => {
    const old = { WORKSPACE: '', '.bazelversion': '4.2.3\n' };
    expect(filesUnder(old, bazel4).changes).toEqual([]);
    expect(filesUnder(old, modern)).toEqual({ files: { WORKSPACE: '', '.bazelversion': '8.4.2\n' }, changes: ['`.bazelversion` set to 8.4.2'] });
    expect(filesUnder({ WORKSPACE: '', '.bazelversion': '7.1.0' }, modern).changes).toEqual([]);
  });

  it('finds the root where the engine does: a marker at the top, else the shallowest folder with one', () => {
    expect(rootPrefix({ 'MODULE.bazel': '', 'x/WORKSPACE': '' })).toBe('');
    expect(rootPrefix({ 'repo/MODULE.bazel': '', 'repo/sub/deep/WORKSPACE': '', 'README.md': '' })).toBe('repo/');
    expect(filesUnder({ 'repo/MODULE.bazel': '' }, bazel4).files).toEqual({ 'repo/MODULE.bazel': '', 'repo/.bazelversion': '4.2.3\n', 'repo/WORKSPACE': '' });
  });
});

describe('compare: the worker runs both', () => {
  it('runs the command under 4.2.3 and current Bazel, each from a clean output tree', async () => {
    const engine = await import('../engine/index.ts');
    const api = createApi(async () => engine, () => 0);
    const files = {
      'MODULE.bazel': '',
      'a/BUILD': 'filegroup(name = "c")\nfilegroup(name = "a", srcs = [":c"])\ngenrule(name = "g", outs = ["g.txt"], cmd = "echo hi > $@")\n',
    };
    const { result } = await api.compare(files, ['query', '//a:all']);
    expect(result.columns.map((c) => [c.profile, c.result.exitCode])).toEqual([
      ['bazel4', 0],
      ['modern', 0],
    ]);
    // 4.2.3 orders query output by dependency, current Bazel sorts it.
    expect(result.columns[1].result.stdout).toBe('//a:a\n//a:c\n//a:g\n');
    expect(result.columns[0].result.stdout).not.toBe(result.columns[1].result.stdout);
    // A build twice: both runs build afresh (no "0 processes" from a cache on the second).
    await api.compare(files, ['build', '//a:g']);
    const again = await api.compare(files, ['build', '//a:g']);
    for (const c of again.result.columns) expect(c.result.stderr).toContain('INFO: 2 processes: 2 internal.');
  }, 30_000);
});
