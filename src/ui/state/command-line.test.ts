import { describe, expect, it } from 'vitest';
import { commandArgv, parseCommandLine } from './command-line.ts';

describe('parseCommandLine', () => {
  it('splits on whitespace', () => {
    expect(parseCommandLine('  query   //...  ').argv).toEqual(['query', '//...']);
  });
  it('keeps quoted text together and drops the quotes', () => {
    expect(parseCommandLine(`query 'deps(//app:all) except //tools/...'`).argv).toEqual([
      'query',
      'deps(//app:all) except //tools/...',
    ]);
    expect(parseCommandLine(`build --define="a=b c" x`).argv).toEqual(['build', '--define=a=b c', 'x']);
    expect(parseCommandLine(`echo "a\\"b" c\\ d ''`).argv).toEqual(['echo', 'a"b', 'c d', '']);
  });
  it('reports unterminated quotes', () => {
    expect(parseCommandLine(`query 'x`).error).toBe('unterminated single quote');
    expect(parseCommandLine(`query "x`).error).toBe('unterminated double quote');
  });
});

describe('commandArgv', () => {
  it('drops a leading bazel', () => {
    expect(commandArgv('bazel query //...').argv).toEqual(['query', '//...']);
    expect(commandArgv('query //...').argv).toEqual(['query', '//...']);
  });
  it('asks for a command when empty', () => {
    expect(commandArgv('bazel').error).toMatch(/enter a command/);
  });
});
