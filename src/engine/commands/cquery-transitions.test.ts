// cquery --transitions: it implies --output=transitions (unless --output is given); Bazel 4.2.3 prints a single
// result's label alone (checked).

import { describe, expect, it } from 'vitest';
import { runCommand } from '../index.ts';

const files = {
  'MODULE.bazel': '',
  'p/BUILD': 'genrule(name = "g", outs = ["g.txt"], cmd = "touch $@", tools = [":t"])\ngenrule(name = "t", outs = ["t.sh"], cmd = "touch $@")\n',
};

describe('cquery --transitions', () => {
  it('implies --output=transitions in current Bazel, unless --output says otherwise', async () => {
    const r = await runCommand(files, ['cquery', '//p:g', '--transitions=lite']);
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toMatch(/^\/\/p:g \(\w+\)\n {2}tools#\/\/p:t#\w+ -> \w+\n$/);
    const label = await runCommand(files, ['cquery', '//p:g', '--transitions=lite', '--output=label']);
    expect(label.stdout).toMatch(/^\/\/p:g \(\w+\)\n$/);
  });
  it('in Bazel 4.2.3 prints a single result as a label, several with their transitions', async () => {
    const ws = { ...files, WORKSPACE: '', '.bazelversion': '4.2.3' };
    const r = await runCommand(ws, ['cquery', '//p:g', '--transitions=lite']);
    expect(r.stdout).toMatch(/^\/\/p:g \(\w+\)\n$/);
    const two = await runCommand(ws, ['cquery', '//p:g + //p:t', '--transitions=lite']);
    expect(two.stdout).toContain('  tools#//p:t#HostTransition -> ');
  });
});
