// cquery --transitions: current Bazel makes it imply --output=transitions (unless --output is given); 4.2.3 did not.

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
  it('keeps the label output in Bazel 4.2.3', async () => {
    const r = await runCommand({ ...files, WORKSPACE: '', '.bazelversion': '4.2.3' }, ['cquery', '//p:g', '--transitions=lite']);
    expect(r.stdout).toMatch(/^\/\/p:g \(\w+\)\n$/);
  });
});
