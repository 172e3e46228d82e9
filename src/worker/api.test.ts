import { describe, expect, it } from 'vitest';
import { createApi, type EngineModule } from './api.ts';

const broken: EngineModule = {
  loadWorkspace() {
    throw new TypeError('cannot read properties of undefined');
  },
  async runCommand() {
    throw new Error('kaput');
  },
};

describe('worker api', () => {
  it('turns an engine exception during load into an internal diagnostic', async () => {
    const api = createApi(async () => broken, () => 0);
    const { result } = await api.load({ BUILD: '' });
    expect(result.targets).toEqual([]);
    expect(result.diagnostics).toHaveLength(1);
    expect(result.diagnostics[0].kind).toBe('internal');
    expect(result.diagnostics[0].message).toContain('cannot read properties of undefined');
  });

  it('turns an engine exception during a command into exit code 37 and a diagnostic', async () => {
    const api = createApi(async () => broken, () => 0);
    const { result } = await api.run({}, ['query', '//...']);
    expect(result.exitCode).toBe(37);
    expect(result.stderr).toContain('kaput');
    expect(result.diagnostics[0].kind).toBe('internal');
  });

  it('reports a failure to load the engine module itself', async () => {
    const api = createApi(() => Promise.reject(new Error('no engine')), () => 0);
    const { result } = await api.load({});
    expect(result.diagnostics[0].message).toContain('no engine');
  });

  it('passes results through', async () => {
    const ok: EngineModule = {
      loadWorkspace: (files) => ({ profile: 'modern', diagnostics: [], packages: Object.keys(files), targets: [] }),
      runCommand: async (_files, argv) => ({ exitCode: 0, stdout: argv.join(' '), stderr: '', outputs: {}, diagnostics: [] }),
    };
    let t = 0;
    const api = createApi(async () => ok, () => (t += 5));
    expect((await api.load({ a: '' })).result.packages).toEqual(['a']);
    const run = await api.run({}, ['query', '//...']);
    expect(run.result.stdout).toBe('query //...');
    expect(run.millis).toBe(5);
  });

  it('keeps one action cache across commands, so that a rebuild of unchanged files runs nothing', async () => {
    const seen: unknown[] = [];
    class FakeCache {}
    const ok: EngineModule = {
      ...broken,
      ActionCache: FakeCache,
      runCommand: async (_files, _argv, opts) => {
        seen.push(opts?.actionCache);
        return { exitCode: 0, stdout: '', stderr: '', outputs: {}, diagnostics: [] };
      },
    };
    const api = createApi(async () => ok, () => 0);
    await api.run({}, ['build', '//...']);
    await api.run({ BUILD: 'changed' }, ['build', '//...']);
    expect(seen).toHaveLength(2);
    expect(seen[0]).toBeInstanceOf(FakeCache);
    expect(seen[1]).toBe(seen[0]);
  });

  it('keeps one load cache for loads, commands and descriptions, so that an edit re-evaluates only what it affects', async () => {
    const engine = await import('../engine/index.ts');
    const caches: unknown[] = [];
    const spying: EngineModule = {
      ...engine,
      loadWorkspace: (files, opts) => (caches.push(opts?.loadCache), engine.loadWorkspace(files, opts as never)),
      runCommand: (files, argv, opts) => (caches.push(opts?.loadCache), engine.runCommand(files, argv, opts as never)),
    };
    const api = createApi(async () => spying, () => 0);
    const files = { WORKSPACE: '', 'a/BUILD': 'filegroup(name = "a")\n', 'b/BUILD': 'filegroup(name = "b", srcs = ["//a"])\n' };
    await api.load(files);
    const edited = { ...files, 'a/BUILD': 'filegroup(name = "a", srcs = ["new.txt"])\n' };
    const { result } = await api.run(edited, ['query', 'deps(//b)']);
    expect(result.stdout).toBe('//a:a\n//a:new.txt\n//b:b\n');
    expect(caches[0]).toBeInstanceOf(engine.LoadCache);
    expect(caches[1]).toBe(caches[0]);
    // The one cache holds both packages (the engine's own tests count what is reused).
    expect((caches[0] as InstanceType<typeof engine.LoadCache>).size.packages).toBe(2);
  }, 30_000); // imports the whole engine: seconds on a busy machine

  it('describes targets and lists options, and answers null / [] when the engine lacks them or fails', async () => {
    const details = { label: '//a:b', kind: 'genrule rule', doc: '', location: { file: 'a/BUILD', line: 1, column: 8 }, attributes: [] };
    const ok: EngineModule = {
      ...broken,
      describeTarget: (_files, label) => (label === '//a:b' ? details : null),
      optionTable: () => [{ name: 'cpu', abbrev: '', kind: 'string', default: null, multiple: false, commands: ['build'], doc: '' }],
    };
    const api = createApi(async () => ok, () => 0);
    expect(await api.describe({}, '//a:b')).toEqual(details);
    expect(await api.describe({}, '//a:c')).toBeNull();
    expect((await api.options()).map((o) => o.name)).toEqual(['cpu']);
    const none = createApi(async () => broken, () => 0);
    expect(await none.describe({}, '//a:b')).toBeNull();
    expect(await none.options()).toEqual([]);
  });
});
