// Every lesson and bug-report template of the examples gallery loads through the engine without a loading error
// (unless the lesson is about one), and its command line names a command the engine knows.
import { describe, expect, it } from 'vitest';
import { COMMANDS, loadWorkspace, runCommand } from '../../src/engine/index.ts';
import { lessons } from '../../src/ui/lessons/lessons.ts';

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
});
