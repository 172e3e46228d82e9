import { describe, expect, it } from 'vitest';
import { asModuleInfo, docBlocks, inlineParts, signature, typeWord } from './module-info-json.ts';

describe('docstring blocks', () => {
  it('splits paragraphs, fenced and indented code, and lists; keeps markup as text', () => {
    const doc = 'First <b>para</b>\ncontinued.\n\n```\nx = 1\n```\n\n- one\n- two\n  more\n\n    indented()\n\nLast.';
    expect(docBlocks(doc)).toEqual([
      { kind: 'paragraph', text: 'First <b>para</b>\ncontinued.' },
      { kind: 'code', text: 'x = 1' },
      { kind: 'list', items: ['one', 'two more'] },
      { kind: 'code', text: 'indented()' },
      { kind: 'paragraph', text: 'Last.' },
    ]);
  });

  it('finds code spans and strong text', () => {
    expect(inlineParts('Use `srcs` **only** here')).toEqual([
      { kind: 'text', text: 'Use ' },
      { kind: 'code', text: 'srcs' },
      { kind: 'text', text: ' ' },
      { kind: 'strong', text: 'only' },
      { kind: 'text', text: ' here' },
    ]);
  });
});

describe('Stardoc words', () => {
  it('names attribute types and writes signatures', () => {
    expect(typeWord('LABEL_LIST')).toBe('List of labels');
    expect(typeWord(undefined)).toBe('Unknown');
    expect(signature('f', [{ name: 'a' }, { name: 'args', role: 'PARAM_ROLE_VARARGS' }, { name: 'kw', role: 'PARAM_ROLE_KWARGS' }])).toBe('f(a, *args, **kw)');
  });

  it('reads anything but an object as an empty ModuleInfo', () => {
    expect(asModuleInfo(null)).toEqual({});
    expect(asModuleInfo([1])).toEqual({});
    expect(asModuleInfo({ file: '//a:b.bzl' })).toEqual({ file: '//a:b.bzl' });
  });
});
