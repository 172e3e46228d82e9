// Output formats against Bazel 4.2.3: each golden string is what `bazel query` printed for the same files
// (tests/…/fixture.test-data.ts), with the workspace path replaced by /ws.
import { describe, expect, it } from 'vitest';
import { fixture } from './fixture.test-data.ts';

describe('query output formats (4.2.3)', () => {
  const t = fixture('4.2.3');
  it("location of every target", () => {
    expect(t.format("//vis:*", "location", {})).toBe("/ws/vis/BUILD:10:11: test_suite rule //vis:s\n/ws/vis/BUILD:9:8: sh_test rule //vis:t\n/ws/vis/BUILD:9:8: source file //vis:t.sh\n/ws/vis/BUILD:3:14: package group //vis:grp2\n/ws/vis/BUILD:2:14: package group //vis:grp\n/ws/vis/BUILD:7:8: generated file //vis:g2.out\n/ws/vis/BUILD:7:8: generated file //vis:g.out\n/ws/vis/BUILD:7:8: genrule rule //vis:g\n/ws/vis/BUILD:8:15: config_setting rule //vis:cs\n/ws/vis/BUILD:6:10: filegroup rule //vis:c\n/ws/vis/BUILD:6:10: source file //vis:c.txt\n/ws/vis/BUILD:5:10: filegroup rule //vis:b\n/ws/vis/BUILD:5:10: source file //vis:b.txt\n/ws/vis/BUILD:11:6: alias rule //vis:al\n/ws/vis/BUILD:4:10: filegroup rule //vis:a\n/ws/vis/BUILD:4:10: source file //vis:a.txt\n/ws/vis/BUILD: source file //vis:BUILD\n");
  });
  it("build: rules only, explicit attributes in Bazel order, select() as written", () => {
    expect(t.format("//vis:g + //vis:t + //vis:grp + //vis:a.txt + //vis:g.out + //vis:al + //vis:s + //vis:cs", "build", {})).toBe("# /ws/vis/BUILD:9:8\nsh_test(\n  name = \"t\",\n  data = [\"//lib:core\"],\n  srcs = [\"//vis:t.sh\"],\n  size = \"small\",\n)\n# Rule t instantiated at (most recent call last):\n#   /ws/vis/BUILD:9:8 in <toplevel>\n\n# /ws/vis/BUILD:10:11\ntest_suite(\n  name = \"s\",\n  tests = [\"//vis:t\"],\n)\n# Rule s instantiated at (most recent call last):\n#   /ws/vis/BUILD:10:11 in <toplevel>\n\n# /ws/vis/BUILD:7:8\ngenrule(\n  name = \"g\",\n  tags = [\"t1\", \"t2\"],\n  srcs = select({\"//vis:cs\": [\"//vis:a\"], \"//conditions:default\": [\"//vis:b\"]}),\n  outs = [\"//vis:g.out\", \"//vis:g2.out\"],\n  cmd = \"x\",\n)\n# Rule g instantiated at (most recent call last):\n#   /ws/vis/BUILD:7:8 in <toplevel>\n\n# /ws/vis/BUILD:8:15\nconfig_setting(\n  name = \"cs\",\n  values = {\"cpu\": \"arm\"},\n)\n# Rule cs instantiated at (most recent call last):\n#   /ws/vis/BUILD:8:15 in <toplevel>\n\n# /ws/vis/BUILD:11:6\nalias(\n  name = \"al\",\n  actual = \"//vis:a\",\n)\n# Rule al instantiated at (most recent call last):\n#   /ws/vis/BUILD:11:6 in <toplevel>\n\n");
  });
  it("xml: typed attributes, rule inputs, package groups, a BUILD file with its loads", () => {
    expect(t.format("//vis:cs + //vis:al + //app:BUILD + //vis:grp2 + //app:docs", "xml", {})).toBe("<?xml version=\"1.1\" encoding=\"UTF-8\" standalone=\"no\"?>\n<query version=\"2\">\n    <package-group location=\"/ws/vis/BUILD:3:14\" name=\"//vis:grp2\">\n        <list name=\"includes\"/>\n        <list name=\"packages\">\n            <string value=\"lib\"/>\n        </list>\n    </package-group>\n    <rule class=\"config_setting\" location=\"/ws/vis/BUILD:8:15\" name=\"//vis:cs\">\n        <string name=\"name\" value=\"cs\"/>\n        <dict name=\"values\">\n            <pair>\n                <string value=\"cpu\"/>\n                <string value=\"arm\"/>\n            </pair>\n        </dict>\n    </rule>\n    <rule class=\"alias\" location=\"/ws/vis/BUILD:11:6\" name=\"//vis:al\">\n        <string name=\"name\" value=\"al\"/>\n        <label name=\"actual\" value=\"//vis:a\"/>\n        <rule-input name=\"//vis:a\"/>\n    </rule>\n    <rule class=\"filegroup\" location=\"/ws/app/BUILD:12:10\" name=\"//app:docs\">\n        <string name=\"name\" value=\"docs\"/>\n        <string name=\"generator_name\" value=\"docs\"/>\n        <string name=\"generator_function\" value=\"txt_group\"/>\n        <string name=\"generator_location\" value=\"app/BUILD:12:10\"/>\n        <list name=\"srcs\">\n            <label value=\"//app:main.txt\"/>\n            <label value=\"//app:readme.txt\"/>\n        </list>\n        <rule-input name=\"//app:main.txt\"/>\n        <rule-input name=\"//app:readme.txt\"/>\n    </rule>\n    <source-file location=\"/ws/app/BUILD\" name=\"//app:BUILD\" package_contains_errors=\"false\">\n        <load name=\"//build_defs:macros.bzl\"/>\n        <load name=\"//build_defs:helpers.bzl\"/>\n        <visibility-label name=\"//visibility:private\"/>\n    </source-file>\n</query>\n");
  });
  it("graph, factored, --order_output=full", () => {
    expect(t.format("deps(//app:main)", "graph", {order: "full"})).toBe("digraph mygraph {\n  node [shape=box];\n  \"//app:main\"\n  \"//app:main\" -> \"//app:main.txt\\n//tools:gen.sh\\n@bazel_tools//tools/genrule:genrule-setup.sh\"\n  \"//app:main\" -> \"//lib:core\"\n  \"//lib:core\"\n  \"//lib:core\" -> \"//lib:core.txt\"\n  \"//lib:core\" -> \"//lib:util\"\n  \"//lib:util\"\n  \"//lib:util\" -> \"//lib:util.txt\"\n  \"//lib:util.txt\"\n  \"//lib:core.txt\"\n  \"//app:main.txt\\n//tools:gen.sh\\n@bazel_tools//tools/genrule:genrule-setup.sh\"\n}\n");
  });
  it("graph, --nograph:factored, --order_output=full", () => {
    expect(t.format("deps(//app:main)", "graph", {order: "full", graphFactored: false})).toBe("digraph mygraph {\n  node [shape=box];\n  \"//app:main\"\n  \"//app:main\" -> \"//app:main.txt\"\n  \"//app:main\" -> \"//lib:core\"\n  \"//app:main\" -> \"//tools:gen.sh\"\n  \"//app:main\" -> \"@bazel_tools//tools/genrule:genrule-setup.sh\"\n  \"@bazel_tools//tools/genrule:genrule-setup.sh\"\n  \"//tools:gen.sh\"\n  \"//lib:core\"\n  \"//lib:core\" -> \"//lib:core.txt\"\n  \"//lib:core\" -> \"//lib:util\"\n  \"//lib:util\"\n  \"//lib:util\" -> \"//lib:util.txt\"\n  \"//lib:util.txt\"\n  \"//lib:core.txt\"\n  \"//app:main.txt\"\n}\n");
  });
  it("minrank, --order_output=full", () => {
    expect(t.format("deps(//app:main)", "minrank", {order: "full"})).toBe("0 //app:main\n1 //app:main.txt\n1 //lib:core\n1 //tools:gen.sh\n1 @bazel_tools//tools/genrule:genrule-setup.sh\n2 //lib:core.txt\n2 //lib:util\n3 //lib:util.txt\n");
  });
  it("maxrank, --order_output=full", () => {
    expect(t.format("deps(//app:main)", "maxrank", {order: "full"})).toBe("0 //app:main\n1 //app:main.txt\n1 //lib:core\n1 //tools:gen.sh\n1 @bazel_tools//tools/genrule:genrule-setup.sh\n2 //lib:core.txt\n2 //lib:util\n3 //lib:util.txt\n");
  });
  it("label_kind", () => {
    expect(t.format("//vis:*", "label_kind", {})).toBe("test_suite rule //vis:s\nsh_test rule //vis:t\nsource file //vis:t.sh\npackage group //vis:grp2\npackage group //vis:grp\ngenerated file //vis:g2.out\ngenerated file //vis:g.out\ngenrule rule //vis:g\nconfig_setting rule //vis:cs\nfilegroup rule //vis:c\nsource file //vis:c.txt\nfilegroup rule //vis:b\nsource file //vis:b.txt\nalias rule //vis:al\nfilegroup rule //vis:a\nsource file //vis:a.txt\nsource file //vis:BUILD\n");
  });
  it("package", () => {
    expect(t.format("//vis:*", "package", {})).toBe("vis\n");
  });
});

describe('query output formats (current Bazel)', () => {
  const t = fixture('8.4.2');
  it('label and location in lexicographic order by default', () => {
    expect(t.format('deps(//lib:core)', 'label')).toBe('//lib:core\n//lib:core.txt\n//lib:util\n//lib:util.txt\n');
    expect(t.format('//tools:*', 'location')).toBe('/ws/tools/BUILD: source file //tools:BUILD\n/ws/tools/BUILD:1:14: source file //tools:gen.sh\n');
    expect(t.format('//tools:*', 'location', { relativeLocations: true })).toBe('tools/BUILD: source file //tools:BUILD\ntools/BUILD:1:14: source file //tools:gen.sh\n');
  });
  it('--consistent_labels', () => {
    expect(t.format('//lib:core + @bazel_tools//tools/genrule:genrule-setup.sh', 'label', { consistentLabels: true })).toBe('@@//lib:core\n@@bazel_tools//tools/genrule:genrule-setup.sh\n');
  });
  it('textproto, jsonproto and streamed_jsonproto', () => {
    expect(t.format('//vis:grp', 'textproto')).toBe(
      'target {\n  type: PACKAGE_GROUP\n  package_group {\n    name: "//vis:grp"\n    contained_package: "app/..."\n    contained_package: "tools"\n    included_package_group: "//vis:grp2"\n  }\n}\n',
    );
    expect(t.format('//vis:g.out', 'streamed_jsonproto')).toBe(
      '{"type":"GENERATED_FILE","generatedFile":{"name":"//vis:g.out","generatingRule":"//vis:g","location":"/ws/vis/BUILD:7:8"}}\n',
    );
    expect(JSON.parse(t.format('//vis:a.txt', 'jsonproto'))).toEqual({
      target: [{ type: 'SOURCE_FILE', sourceFile: { name: '//vis:a.txt', location: '/ws/vis/BUILD:4:10', visibilityLabel: ['//lib:__subpackages__'] } }],
    });
  });
  it('proto: a binary QueryResult; streamed_proto: length-delimited Targets', () => {
    const proto = t.format('//vis:g.out', 'proto');
    const streamed = t.format('//vis:g.out', 'streamed_proto');
    // QueryResult { target (1) = Target } vs varint length + Target.
    expect(proto.slice(0, 2)).toBe('0a');
    expect(proto.slice(4)).toBe(streamed.slice(2));
  });
  it('xml and build print the same in both profiles', () => {
    expect(t.format('//vis:al', 'build')).toBe(fixture('4.2.3').format('//vis:al', 'build'));
    expect(t.format('//vis:al', 'xml')).toBe(fixture('4.2.3').format('//vis:al', 'xml'));
  });
});
