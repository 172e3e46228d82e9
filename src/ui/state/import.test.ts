// What an import opens: the first BUILD file, never an empty MODULE.bazel.

import { describe, expect, it } from 'vitest';
import { firstBuildFile } from './import.ts';

describe('firstBuildFile', () => {
  it('opens the shallowest BUILD file, else the first file', () => {
    expect(firstBuildFile({ 'MODULE.bazel': '', 'z/BUILD': '', 'a/b/BUILD.bazel': '', 'a/x.txt': '' })).toBe('z/BUILD');
    expect(firstBuildFile({ 'MODULE.bazel': '', 'b/BUILD': '', 'a/BUILD.bazel': '' })).toBe('a/BUILD.bazel');
    expect(firstBuildFile({ 'MODULE.bazel': '', 'notes.txt': '' })).toBe('MODULE.bazel');
    expect(firstBuildFile({})).toBeNull();
  });
});
