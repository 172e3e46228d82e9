import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../worker/protocol.ts';
import { markerMessage, markersByFile, toMarkerData, type ResourceOf } from './diagnostic-to-monaco.ts';

const syntax: Diagnostic = {
  file: 'app/BUILD',
  range: { start: { line: 3, column: 5 }, end: { line: 3, column: 9 } },
  severity: 'error',
  message: "syntax error at 'name': expected ,",
  kind: 'syntax',
};

describe('diagnostic → Monaco marker', () => {
  it('keeps the 1-based positions and maps the severity', () => {
    expect(toMarkerData(syntax)).toEqual({
      severity: 8,
      message: "syntax error at 'name': expected ,",
      source: 'bazel',
      code: 'syntax',
      startLineNumber: 3,
      startColumn: 5,
      endLineNumber: 3,
      endColumn: 9,
    });
    expect(toMarkerData({ ...syntax, severity: 'warning' }).severity).toBe(4);
  });

  it('appends the Starlark stack like Bazel', () => {
    const d: Diagnostic = {
      ...syntax,
      message: 'Error in fail: boom',
      stack: [
        { file: 'app/BUILD', line: 2, column: 1, name: '<toplevel>' },
        { file: 'app/defs.bzl', line: 4, column: 5, name: 'greeting' },
      ],
    };
    expect(markerMessage(d)).toBe(
      'Error in fail: boom\nTraceback (most recent call last):\n' +
        '  File "app/BUILD", line 2, column 1, in <toplevel>\n' +
        '  File "app/defs.bzl", line 4, column 5, in greeting',
    );
  });

  it('groups by file and leaves out diagnostics that concern no file', () => {
    const byFile = markersByFile([syntax, { ...syntax, file: '' }, { ...syntax, file: 'x.bzl' }]);
    expect([...byFile.keys()]).toEqual(['app/BUILD', 'x.bzl']);
  });

  it('gives related locations as related information, in the models of their files', () => {
    const d: Diagnostic = {
      ...syntax,
      related: [{ file: 'conf/BUILD', range: { start: { line: 1, column: 1 }, end: { line: 1, column: 15 } }, message: '//conf:arm matches' }],
    };
    const resourceOf = ((path: string) => ({ path: '/' + path })) as unknown as ResourceOf;
    expect(toMarkerData(d, resourceOf).relatedInformation).toEqual([
      { resource: { path: '/conf/BUILD' }, message: '//conf:arm matches', startLineNumber: 1, startColumn: 1, endLineNumber: 1, endColumn: 15 },
    ]);
    expect(toMarkerData(d).relatedInformation).toBeUndefined();
  });
});
