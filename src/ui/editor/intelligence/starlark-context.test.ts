import { describe, expect, it } from 'vitest';
import { contextAt, enclosingDict } from './starlark-context.ts';

function at(src: string) {
  const offset = src.indexOf('|');
  return contextAt(src.replace('|', ''), offset);
}

describe('contextAt', () => {
  it('finds the call, the argument and the keywords given', () => {
    const c = at('genrule(\n    name = "x",\n    srcs = [":a", |');
    expect(c.call).toMatchObject({ callee: 'genrule', argIndex: 1, keyword: 'srcs', keywords: ['name', 'srcs'] });
    expect(c.atArgumentName).toBe(false);
  });

  it('knows an argument name may be typed', () => {
    const c = at('genrule(\n    name = "x",\n    ou|');
    expect(c.atArgumentName).toBe(true);
    expect(c.word).toBe('ou');
    expect(c.call?.callee).toBe('genrule');
  });

  it('finds the string under the cursor', () => {
    const c = at('filegroup(name = "a", srcs = ["//too|ls:x"])');
    expect(c.string).toEqual({ text: '//tools:x', start: 31, end: 40 });
    expect(c.call?.keyword).toBe('srcs');
  });

  it('ignores brackets and quotes in comments and strings', () => {
    const c = at('# f(\nx = "(["\nalias(|');
    expect(c.frames).toHaveLength(1);
    expect(c.call?.callee).toBe('alias');
    expect(at('x = 1  # a (comment|').inComment).toBe(true);
  });

  it('knows a dict key of config_setting values', () => {
    const c = at('config_setting(\n    name = "x",\n    values = {"compilation_mode": "opt", "|');
    expect(enclosingDict(c)).toEqual({ keyword: 'values', callee: 'config_setting', atKey: true });
    expect(c.string?.text).toBe('');
  });

  it('handles native.genrule and select', () => {
    expect(at('native.genrule(na|').call?.callee).toBe('native.genrule');
    expect(at('cmd = select({":a": "|').call?.callee).toBe('select');
  });
});
