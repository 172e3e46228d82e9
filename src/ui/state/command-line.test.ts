import { describe, expect, it } from 'vitest';
import { commandArgv, parseCommandLine, withCommand } from './command-line.ts';

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

describe('withCommand', () => {
  it('replaces the command word and keeps the rest as typed', () => {
    expect(withCommand('bazel query //...', 'build')).toBe('bazel build //...');
    expect(withCommand('  bazel --batch cquery //a:b --cpu=arm', 'test')).toBe('  bazel --batch test //a:b --cpu=arm');
    expect(withCommand('query //x', 'build')).toBe('bazel build //x');
    expect(withCommand('', 'build')).toBe('bazel build //...');
  });
});
