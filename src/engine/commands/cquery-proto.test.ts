// cquery --output=proto|streamed_proto|textproto|jsonproto: an analysis.CqueryResult with each target's
// configured attribute values, its configuration and (current Bazel) the list of configurations.

import { fromBinary } from '@bufbuild/protobuf';
import { describe, expect, it } from 'vitest';
import { CqueryResultSchema } from '../query/output/proto/analysis_v2_pb.ts';
import { runCommand } from '../index.ts';

const files = {
  'MODULE.bazel': '',
  'p/BUILD': `config_setting(name = "arm", values = {"cpu": "arm"})
genrule(name = "g", srcs = select({":arm": ["a.txt"], "//conditions:default": ["b.txt"]}), outs = ["g.txt"], cmd = "cat $< > $@", tools = [":t"])
genrule(name = "t", outs = ["t.sh"], cmd = "touch $@")
`,
  'p/a.txt': '',
  'p/b.txt': '',
};

describe('cquery proto outputs', () => {
  it('textproto: configured attribute values, the configuration checksum and id, then the configurations', async () => {
    const r = await runCommand(files, ['cquery', 'kind(genrule, deps(//p:g)) + //p:a.txt', '--output=textproto', '--cpu=arm']);
    expect(r.exitCode).toBe(0);
    const out = r.stdout;
    // The select() resolved in the configuration: only the arm branch.
    expect(out).toContain('        name: "srcs"\n        type: LABEL_LIST\n        string_list_value: "//p:a.txt"\n        explicitly_specified: true\n');
    expect(out).not.toContain('string_list_value: "//p:b.txt"');
    expect(out).toContain('  configuration {\n    checksum: "null"\n  }\n}\n');
    const configs = [...out.matchAll(/^configurations \{\n  id: (\d+)\n  mnemonic: "([^"]+)"\n  platform_name: "(\w+)"\n  checksum: "(\w+)"\n(  is_tool: true\n)?\}/gm)];
    expect(configs.map((m) => [m[1], m[2], m[3], Boolean(m[5])])).toEqual([
      ['1', 'arm-fastbuild', 'arm', false],
      ['2', 'k8-opt-exec-2B5CBBC6', 'k8', true],
    ]);
    expect(out).toContain(`  configuration {\n    checksum: "${configs[0]![4]}"\n  }\n  configuration_id: 1\n}`);
  });

  it('proto and jsonproto carry the same result; streamed_proto one CqueryResult per target and configuration', async () => {
    const proto = await runCommand(files, ['cquery', '//p:g', '--output=proto']);
    const decoded = fromBinary(CqueryResultSchema, proto.stdoutBytes!);
    expect(decoded.results.map((r) => r.target?.rule?.name)).toEqual(['//p:g']);
    expect(decoded.configurations.map((c) => c.id)).toEqual([1]);
    const json = JSON.parse((await runCommand(files, ['cquery', '//p:g', '--output=jsonproto'])).stdout);
    expect(json.results[0].target.rule.name).toBe('//p:g');
    expect(json.results[0].configurationId).toBe(1);
    const streamed = (await runCommand(files, ['cquery', '//p:g', '--output=streamed_proto'])).stdoutBytes!;
    const messages = [];
    for (let i = 0; i < streamed.length; ) {
      let len = 0;
      for (let shift = 0; ; shift += 7) {
        const b = streamed[i++]!;
        len |= (b & 0x7f) << shift;
        if (b < 0x80) break;
      }
      messages.push(fromBinary(CqueryResultSchema, streamed.subarray(i, i + len)));
      i += len;
    }
    expect(messages.map((m) => [m.results.length, m.configurations.length])).toEqual([[1, 0], [0, 1]]);
  });

  it('Bazel 4.2.3 gave each target only its configuration checksum', async () => {
    const r = await runCommand({ ...files, '.bazelversion': '4.2.3', WORKSPACE: '' }, ['cquery', '//p:g', '--output=textproto']);
    expect(r.stdout).toMatch(/\n {2}configuration \{\n {4}checksum: "\w+"\n {2}\}\n\}\n$/);
    expect(r.stdout).not.toContain('configurations {');
    expect(r.stdout).not.toContain('configuration_id');
  });

  it("4.2.3: a config_setting's visibility as written (query prints //visibility:public, loading made it so)", async () => {
    const ws = { WORKSPACE: '', '.bazelversion': '4.2.3', 'c/BUILD': 'config_setting(name = "s", values = {"cpu": "arm"}, visibility = ["//visibility:private"])' };
    const cq = await runCommand(ws, ['cquery', '//c:s', '--output=textproto']);
    expect(cq.stdout).toContain('        name: "visibility"\n        type: STRING_LIST\n        string_list_value: "//visibility:private"\n');
    const q = await runCommand(ws, ['query', '//c:s', '--output=build']);
    expect(q.stdout).toContain('visibility = ["//visibility:public"]');
  });
});
