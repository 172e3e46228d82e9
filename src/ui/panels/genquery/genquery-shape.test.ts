import { describe, expect, it } from 'vitest';
import type { CommandResult } from '../../../worker/protocol.ts';
import { failureText, genqueryFailure, genqueryFor, genquerySentence, replaceExpression, splitOpts } from './genquery-shape.ts';

const result = (genqueries: NonNullable<NonNullable<CommandResult['explanations']>['genqueries']>, diagnostics: CommandResult['diagnostics'] = []): CommandResult => ({
  exitCode: 0,
  stdout: '',
  stderr: '',
  outputs: {},
  diagnostics,
  explanations: { genqueries },
});

describe('genqueryFor and genquerySentence', () => {
  it('reads an explanation and says what ran and what it found', () => {
    const e = genqueryFor(result({ '//app:deps': { expression: 'deps(//app:main)', scope: ['//app:main'], closure: ['//app:main', '//lib:a'], strict: true, outOfScope: [], result: ['//app:main', '//lib:a'], opts: [], warnings: [] } }), '//app:deps')!;
    expect(genquerySentence('//app:deps', e, null)).toBe(':deps ran deps(//app:main) over the closure of 1 scope target (2 targets) and found 2 targets');
  });
  it('says a strict violation and its path', () => {
    const e = genqueryFor(result({ '//q:q': { expression: 'deps(//lib:x)', scope: ['//lib:y'], closure: ['//lib:y'], strict: true, outOfScope: ['//lib:x'], opts: [], warnings: [], violation: { target: '//lib:x', path: ['//lib:x'], toScope: ['//lib:x', '//lib:y'] } } }), '//q:q')!;
    expect(genquerySentence('//q:q', e, null)).toBe(':q ran deps(//lib:x) over the closure of 1 scope target (1 target) and failed: //lib:x is not within the scope of the query; path: //lib:x');
    expect(e.violation?.toScope).toEqual(['//lib:x', '//lib:y']);
  });
  it('has nothing for a genquery the command did not build', () => {
    expect(genqueryFor(result({}), '//q:q')).toBeNull();
    expect(genqueryFor(null, '//q:q')).toBeNull();
  });
  it('takes the failure from the diagnostic about the genquery', () => {
    const d = {
      file: 'q/BUILD',
      range: { start: { line: 3, column: 5 }, end: { line: 3, column: 30 } },
      severity: 'error' as const,
      message: "in genquery rule //q:q: query failed: Evaluation failed: target '//lib:x' is not within the scope of the query",
      kind: 'analysis' as const,
      target: '//q:q',
    };
    const r = result({}, [{ ...d, target: '//q:other' }, d]);
    expect(genqueryFailure(r, '//q:q')).toBe(d);
    expect(failureText(d, '//q:q')).toBe("query failed: Evaluation failed: target '//lib:x' is not within the scope of the query");
    expect(genqueryFailure(r, '//q:none')).toBeNull();
  });
});

describe('splitOpts', () => {
  it('takes --output out', () => {
    expect(splitOpts(['--output=graph', '--noimplicit_deps'])).toEqual({ output: 'graph', rest: ['--noimplicit_deps'] });
    expect(splitOpts(['--output', 'build'])).toEqual({ output: 'build', rest: [] });
  });
});

describe('replaceExpression', () => {
  const build = `filegroup(name = "a", srcs = ["expression = 'x'"])

genquery(
    name = "q",  # expression = "no"
    expression = "deps(//a:a)",
    scope = [":a"],
)
`;
  it('replaces the literal of the call at the location', () => {
    expect(replaceExpression(build, { line: 3, column: 9 }, 'kind("rule", deps(//a:a))')).toBe(build.replace('"deps(//a:a)"', '"kind(\\"rule\\", deps(//a:a))"'));
  });
  it('refuses what is not a plain literal, or not the call', () => {
    expect(replaceExpression(build.replace('"deps(//a:a)"', 'EXPR'), { line: 3, column: 9 }, 'x')).toBeNull();
    expect(replaceExpression(build, { line: 2, column: 1 }, 'x')).toBeNull();
  });
});
