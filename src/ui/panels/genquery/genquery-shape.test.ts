import { describe, expect, it } from 'vitest';
import type { CommandResult } from '../../../worker/protocol.ts';
import { genqueryFor, genquerySentence, replaceExpression, splitOpts } from './genquery-shape.ts';

const result = (genqueries: Record<string, unknown>) => ({ exitCode: 0, stdout: '', stderr: '', outputs: {}, diagnostics: [], explanations: { genqueries } }) as CommandResult;

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
  it('ignores what is not an explanation', () => {
    expect(genqueryFor(result({ '//q:q': 3 }), '//q:q')).toBeNull();
    expect(genqueryFor(null, '//q:q')).toBeNull();
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
