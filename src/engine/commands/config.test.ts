// `config`: the configurations a build with the given flags uses, one configuration's options, a diff of two.

import { describe, expect, it } from 'vitest';
import { runCommand } from '../index.ts';

const files = {
  'MODULE.bazel': '',
  'p/BUILD': 'genrule(name = "g", outs = ["g.txt"], cmd = "echo > $@", tools = [":t"])\ngenrule(name = "t", outs = ["t.sh"], cmd = "echo > $@")\n',
};

describe('config', () => {
  it('lists the target and exec configurations, with the ids cquery prints', async () => {
    const list = await runCommand(files, ['config', '--cpu=arm']);
    expect(list.exitCode).toBe(0);
    const lines = list.stdout.trim().split('\n');
    expect(lines[0]).toBe('Available configurations:');
    expect(lines[1]).toMatch(/^[0-9a-f]{7} arm-fastbuild$/);
    expect(lines[2]).toMatch(/^[0-9a-f]{7} k8-opt-exec-[0-9A-F]+ \(exec\)$/);
    const cq = await runCommand(files, ['cquery', '//p:g', '--cpu=arm']);
    expect(cq.stdout).toBe(`//p:g (${lines[1].split(' ')[0]})\n`);
  });

  it('shows one configuration by id, and the options two differ in', async () => {
    const [, target, exec] = (await runCommand(files, ['config', '-c', 'dbg'])).stdout.trim().split('\n').map((l) => l.split(' ')[0]);
    const one = await runCommand(files, ['config', '-c', 'dbg', target]);
    expect(one.stdout).toContain(`BuildConfigurationValue ${target}:`);
    expect(one.stdout).toContain('  compilation_mode: dbg\n');
    const diff = await runCommand(files, ['config', '-c', 'dbg', target, exec]);
    expect(diff.stdout).toContain('  compilation_mode: dbg, opt\n');
    expect(diff.stdout).not.toContain('cpu: k8, k8');
  });

  it('refuses an unknown id and a non-build option', async () => {
    expect((await runCommand(files, ['config', 'abcdef0'])).stderr).toContain('No configuration found with id: abcdef0');
    expect((await runCommand(files, ['config', '--output=label'])).exitCode).toBe(2);
  });
});
