// The Output panel's line reading: severities, continuation lines, and located places as links.

import { describe, expect, it } from 'vitest';
import { linePieces, outputLines } from './output-lines.ts';

const files = new Set(['bug/BUILD', 'bug/defs.bzl']);

describe('output lines', () => {
  it('reads Bazel’s prefixes, and a message’s continuation lines take its severity', () => {
    const text = [
      'ERROR: /workspace/bug/BUILD:1:10: //bug:nope is not a valid select() condition for //bug:bug.',
      'To inspect the select(), run: bazel query --output=build //bug:bug.',
      '',
      "WARNING: errors encountered while analyzing target '//bug:bug': it will not be built",
      'INFO: Found 1 target...',
      'Target //bug:g failed to build',
      'FAILED: Build did NOT complete successfully',
      '',
    ].join('\n');
    expect(outputLines(text, files).map((l) => l.severity)).toEqual(['error', 'error', 'plain', 'warning', 'info', 'plain', 'error']);
  });

  it('links places in the workspace, and only those', () => {
    expect(linePieces('ERROR: /workspace/bug/BUILD:5:8: Executing genrule //bug:g failed', files)).toEqual([
      { text: 'ERROR: ' },
      { text: '/workspace/bug/BUILD:5:8', place: { path: 'bug/BUILD', line: 5, column: 8 } },
      { text: ': Executing genrule //bug:g failed' },
    ]);
    expect(linePieces('  File "/workspace/bug/defs.bzl", line 3, column 5, in f', files)[1]).toEqual({
      text: 'File "/workspace/bug/defs.bzl", line 3, column 5',
      place: { path: 'bug/defs.bzl', line: 3, column: 5 },
    });
    expect(linePieces('ERROR: /workspace/other/BUILD:1:1: x', files)).toEqual([{ text: 'ERROR: /workspace/other/BUILD:1:1: x' }]);
    expect(linePieces('', files)).toEqual([{ text: '' }]);
  });
});
