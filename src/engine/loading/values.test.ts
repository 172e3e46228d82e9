// select() concatenation, as Bazel's SelectorList has it: at evaluation any two operands of one type concatenate
// (`0 + select({...: 1})` is a value); when the rule is created the attribute's type must support it. Each expectation
// from a Bazel 4.2.3 run of the same BUILD file (`bazel build --nobuild`, `bazel query`) or from current Bazel's
// ConfigurableAttributesTest.

import { describe, expect, it } from 'vitest';
import { loadErrors as loadErrorsOf } from './test-helpers.ts';

const DEFS = [
  'def _impl(ctx):',
  '    return []',
  'r = rule(implementation = _impl, attrs = {"b": attr.bool(), "i": attr.int(), "l": attr.label(allow_files = True)})',
].join('\n');

const loadErrors = (build: readonly string[], profile: '4.2.3' | 'current') => loadErrorsOf(DEFS, build, profile);

describe('select() concatenation (SelectorList)', () => {
  it('is checked against the attribute type when the rule is created, before its branches', () => {
    // ConfigurableAttributesTest#selectConcatenatedWithNonSupportingType; the others checked with 4.2.3.
    for (const profile of ['4.2.3', 'current'] as const) {
      expect(
        loadErrors(
          [
            'r(name = "b", b = 0 + select({"//c:a": 0, "//c:b": 1}))',
            'r(name = "b2", b = 0 + select({"//c:a": 2}))',
            'r(name = "l", l = ":x" + select({"//c:a": ":y"}))',
            'r(name = "i", i = select({"//c:a": 1}) + select({"//c:a": 1}))',
          ],
          profile,
        ),
      ).toEqual([
        "/ws/pkg/BUILD:2:2: //pkg:b: type 'boolean' doesn't support select concatenation",
        "/ws/pkg/BUILD:3:2: //pkg:b2: type 'boolean' doesn't support select concatenation",
        "/ws/pkg/BUILD:4:2: //pkg:l: type 'label' doesn't support select concatenation",
      ]);
    }
  });

  it('takes any type at evaluation, as long as both sides have the same one', () => {
    expect(loadErrors(['x = 1 + select({"//c:a": 2})', 'y = True + select({"//c:a": False})'], '4.2.3')).toEqual([]);
    const mixed = loadErrors(['x = select({"//c:a": True}) + select({"//c:a": 0})'], 'current');
    expect(mixed.join('\n')).toContain("'+' operator applied to incompatible types (select of bool, select of int)");
    const none = loadErrors(['x = select({"//c:a": "a"}) + None'], '4.2.3');
    expect(none.join('\n')).toContain("'+' operator applied to incompatible types (select of string, NoneType)");
    const pipe = loadErrors(['x = select({"//c:a": []}) | []'], '4.2.3');
    expect(pipe.join('\n')).toContain('unsupported binary operation: select | list');
  });
});
