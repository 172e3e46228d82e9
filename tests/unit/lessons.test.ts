// Every lesson and bug-report template of the examples gallery loads through the engine without a loading error
// (unless the lesson is about one), and its command line names a command the engine knows.
import { describe, expect, it } from 'vitest';
import { COMMANDS, loadWorkspace, runCommand } from '../../src/engine/index.ts';
import { lessons } from '../../src/ui/lessons/lessons.ts';
import { commandArgv } from '../../src/ui/state/command-line.ts';

/**
 * What real Bazel 4.2.3 did with each lesson's command (a WORKSPACE file added; run 2026-11-26 with
 * `bazel --batch <command>`): the exit code and one output's text. starlark_doc_extract is not in 4.2.3, and
 * `bazel test` could not run offline there, so those rows come from loading alone.
 */
const BAZEL_4_2_3: Record<string, [number, string?, string?]> = {
  alias: [0],
  'config-setting-values': [0, 'bazel-bin/app/mode.txt', 'optimized\n'],
  'select-specialization': [0, 'bazel-bin/app/flavor.txt', 'arm, optimized\n'],
  'select-ambiguity': [1],
  'define-values': [0, 'bazel-bin/app/defines.txt', 'foo\n'],
  'list-flags': [0, 'bazel-bin/app/copts.txt', '-DFOO was passed\n'],
  platforms: [0, 'bazel-bin/app/which_os.txt', 'plan 9\n'],
  'exec-configuration': [0, 'bazel-bin/app/use.txt', 'built for the host\n'],
  filegroup: [0, 'bazel-bin/app/generated.txt', 'generated\n'],
  'genrule-expansion': [0, 'bazel-bin/app/ab.txt', 'A\nB\n'],
  'genquery-scope': [0],
  'template-ambiguous-select': [1],
  'template-tool-cpu': [0, 'bazel-bin/pkg/output.txt', 'not arm\n'],
  'template-empty-suite': [4],
  'cc-select-cpu-platform': [0],
  'template-cc-select': [0],
};

describe('lessons', () => {
  it('have unique ids and cover every rule of the spec', () => {
    expect(new Set(lessons.map((l) => l.id)).size).toBe(lessons.length);
    const text = lessons.map((l) => Object.values(l.files).join('\n')).join('\n');
    for (const rule of ['alias', 'config_setting', 'filegroup', 'genquery', 'genrule', 'starlark_doc_extract', 'test_suite']) {
      expect(text, rule).toContain(`${rule}(`);
    }
    expect(lessons.filter((l) => l.kind === 'template').length).toBeGreaterThanOrEqual(3);
  });

  for (const lesson of lessons) {
    it(`${lesson.id} loads without errors`, async () => {
      expect(lesson.files).toHaveProperty(lesson.activePath);
      const result = loadWorkspace(lesson.files);
      const errors = result.diagnostics.filter((d) => d.severity === 'error');
      if (lesson.expectsLoadingError) expect(errors.length).toBeGreaterThan(0);
      else expect(errors.map((d) => `${d.file}:${d.range.start.line}: ${d.message}`)).toEqual([]);
      expect(result.targets.length).toBeGreaterThan(0);
      const command = lesson.command.split(/\s+/)[1];
      expect(COMMANDS.map(([c]) => c)).toContain(command);
      // The engine answers the lesson's query of its packages (a smoke test of the command path).
      const q = await runCommand(lesson.files, ['query', '//...']);
      expect(q.exitCode, q.stderr).toBe(0);
    });
  }

  for (const [id, [exit, output, text]] of Object.entries(BAZEL_4_2_3)) {
    it(`${id}: the lesson's command behaves as Bazel 4.2.3 did`, async () => {
      const lesson = lessons.find((l) => l.id === id)!;
      const r = await runCommand({ ...lesson.files, WORKSPACE: '', '.bazelversion': '4.2.3\n' }, commandArgv(lesson.command).argv);
      expect(r.exitCode, r.stderr).toBe(exit);
      if (output) expect(new TextDecoder().decode(r.outputs[output])).toBe(text);
    });
  }
});
