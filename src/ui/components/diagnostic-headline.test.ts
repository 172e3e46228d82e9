import { describe, expect, it } from 'vitest';
import { headline } from './DiagnosticItem.tsx';

describe('a diagnostic row\'s headline', () => {
  it('is the first line, with "more" when other lines follow', () => {
    expect(headline('no such target //a:x')).toEqual({ text: 'no such target //a:x', more: false });
    expect(headline('first\nsecond')).toEqual({ text: 'first', more: true });
  });

  it("names a Starlark traceback's error after the rule it happened in", () => {
    const message = [
      'in cc_toolchain_alias rule @bazel_tools//tools/cpp:current_cc_toolchain: ',
      'Traceback (most recent call last):',
      '\tFile "/virtual_builtins_bzl/common/cc/cc_toolchain_alias.bzl", line 26, column 48, in _impl',
      'Error in fail: Unable to find a CC toolchain using toolchain resolution. Target: @@bazel_tools//tools/cpp:current_cc_toolchain',
    ].join('\n');
    expect(headline(message)).toEqual({
      text: 'in cc_toolchain_alias rule @bazel_tools//tools/cpp:current_cc_toolchain: Error in fail: Unable to find a CC toolchain using toolchain resolution. Target: @@bazel_tools//tools/cpp:current_cc_toolchain',
      more: true,
    });
  });
});
