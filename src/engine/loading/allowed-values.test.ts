// Allowed attribute values (attr.string/attr.int(values = …), 4.2.3's native py rules) and the values a select()
// chain can take, each expectation from a Bazel 4.2.3 run of the same BUILD file (`bazel build --nobuild`) or from
// current Bazel's ConfigurableAttributesTest.

import { describe, expect, it } from 'vitest';
import { englishList, possibleValues } from './allowed-values.ts';
import { Configurable, type SelectPart } from './attributes.ts';
import { parseLabelInPackage } from './label.ts';
import { loadErrors as loadErrorsOf } from './test-helpers.ts';

const DEFS = [
  'def _impl(ctx):',
  '    return []',
  'r = rule(implementation = _impl, attrs = {',
  '    "one_two": attr.string(values = ["one", "two"]),',
  '    "abc": attr.string(values = ["a", "b", "c"], default = "a"),',
  '    "i": attr.int(values = [1, 2]),',
  '})',
].join('\n');

const loadErrors = (build: readonly string[], profile: '4.2.3' | 'current') => loadErrorsOf(DEFS, build, profile);

const selector = (branches: Record<string, string | null>): SelectPart => ({
  kind: 'selector',
  noMatchError: '',
  branches: Object.entries(branches).map(([k, value]) => ({ key: parseLabelInPackage(k, { repo: '', pkg: 'p' }, 'modern'), isDefault: k === '//conditions:default', value })),
});

describe('possibleValues (AggregatingAttributeMapper.getAllValues)', () => {
  it('lists one select() in the order written, a None branch as the type default', () => {
    const v = new Configurable([selector({ '//c:b': 'b', '//c:a': 'one', '//c:x': null })]);
    expect(possibleValues('string', v)).toEqual(['b', 'one', '']);
    expect(possibleValues('string', 'x')).toEqual(['x']);
  });

  it('walks several depth first, binding selects with the same keys, as 4.2.3 printed them', () => {
    const same = new Configurable([selector({ '//c:b': 'b', '//c:a': 'a' }), selector({ '//c:b': '1', '//c:a': '2' })]);
    expect(possibleValues('string', same)).toEqual(['a2', 'b1']);
    // A binding made on one path is seen by another: 'paq1' but no 'pbq2'.
    const p = { kind: 'value', value: 'p' } as const;
    const q = { kind: 'value', value: 'q' } as const;
    const apart = new Configurable([p, selector({ '//c:b': 'b', '//c:a': 'a' }), q, selector({ '//c:b': '1', '//c:a': '2' })]);
    expect(possibleValues('string', apart)).toEqual(['paq2', 'paq1', 'pbq1']);
  });

  it('adds ints in 32 bits', () => {
    const v = new Configurable([{ kind: 'value', value: 1 }, { kind: 'selector', noMatchError: '', branches: [{ key: parseLabelInPackage('//c:a', { repo: '', pkg: 'p' }, 'modern'), isDefault: false, value: 0x7fffffff }] }]);
    expect(possibleValues('int', v)).toEqual([-0x80000000]);
  });

  it('joins English lists as StringUtil.joinEnglishList, with the Oxford comma of current Bazel', () => {
    expect(englishList(['x'], false)).toBe("'x'");
    expect(englishList(['one', 'two'], true)).toBe("'one' or 'two'");
    expect(englishList(['a', 'b', 'c'], false)).toBe("'a', 'b' or 'c'");
    expect(englishList(['a', 'b', 'c'], true)).toBe("'a', 'b', or 'c'");
  });
});

describe('allowed values are checked when a rule is created', () => {
  it('reports each value a select() can take that is not allowed, concatenations included (4.2.3)', () => {
    expect(
      loadErrors(
        [
          'r(name = "plain", one_two = "bad", abc = "z", i = 3)',
          'r(name = "sel", one_two = select({"//c:a": "TOTALLY_ILLEGAL_VALUE", "//conditions:default": "DIFFERENT_BUT_STILL_ILLEGAL"}))',
          'r(name = "cat", one_two = "on" + select({"//conditions:default": "o"}), i = 1 + select({"//c:a": 1, "//conditions:default": 1}) + 1)',
          'r(name = "ok", one_two = "on" + select({"//conditions:default": "e"}), abc = select({"//c:a": "b", "//c:b": "c"}), i = 1 + select({"//c:a": 1, "//conditions:default": 0}))',
          'r(name = "none", abc = select({"//conditions:default": None}))',
          'r(name = "unset")',
        ],
        '4.2.3',
      ),
    ).toEqual([
      "/ws/pkg/BUILD:2:2: //pkg:plain: invalid value in 'one_two' attribute: has to be one of 'one' or 'two' instead of 'bad'",
      "/ws/pkg/BUILD:2:2: //pkg:plain: invalid value in 'abc' attribute: has to be one of 'a', 'b' or 'c' instead of 'z'",
      "/ws/pkg/BUILD:2:2: //pkg:plain: invalid value in 'i' attribute: has to be one of '1' or '2' instead of '3'",
      "/ws/pkg/BUILD:3:2: //pkg:sel: invalid value in 'one_two' attribute: has to be one of 'one' or 'two' instead of 'TOTALLY_ILLEGAL_VALUE'",
      "/ws/pkg/BUILD:3:2: //pkg:sel: invalid value in 'one_two' attribute: has to be one of 'one' or 'two' instead of 'DIFFERENT_BUT_STILL_ILLEGAL'",
      "/ws/pkg/BUILD:4:2: //pkg:cat: invalid value in 'one_two' attribute: has to be one of 'one' or 'two' instead of 'ono'",
      "/ws/pkg/BUILD:4:2: //pkg:cat: invalid value in 'i' attribute: has to be one of '1' or '2' instead of '3'",
      "/ws/pkg/BUILD:4:2: //pkg:cat: invalid value in 'i' attribute: has to be one of '1' or '2' instead of '3'",
      "/ws/pkg/BUILD:6:2: //pkg:none: invalid value in 'abc' attribute: has to be one of 'a', 'b' or 'c' instead of ''",
    ]);
  });

  it('lists three or more allowed values with the Oxford comma under current Bazel', () => {
    expect(loadErrors(['r(name = "x", abc = "z")'], 'current')).toEqual([
      "/ws/pkg/BUILD:2:2: //pkg:x: invalid value in 'abc' attribute: has to be one of 'a', 'b', or 'c' instead of 'z'",
    ]);
  });

  it("checks 4.2.3's native py rules' srcs_version and python_version", () => {
    const errors = loadErrors(
      ['py_library(name = "l", srcs_version = "bad")', 'py_binary(name = "b", srcs = ["b.py"], python_version = "PY3", srcs_version = select({"//conditions:default": "PY9"}))'],
      '4.2.3',
    );
    expect(errors).toEqual([
      "/ws/pkg/BUILD:2:11: //pkg:l: invalid value in 'srcs_version' attribute: has to be one of 'PY2', 'PY3', 'PY2AND3', 'PY2ONLY' or 'PY3ONLY' instead of 'bad'",
      "/ws/pkg/BUILD:3:10: //pkg:b: invalid value in 'srcs_version' attribute: has to be one of 'PY2', 'PY3', 'PY2AND3', 'PY2ONLY' or 'PY3ONLY' instead of 'PY9'",
    ]);
  });
});
