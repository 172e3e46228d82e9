import { describe, expect, it } from 'vitest';
import { cquerySetForm } from '../conformance/cquery-set.ts';

describe('cquery stdout compared as a set', () => {
  it('sorts lines with ids masked and numbers ids in that order, from raw hashes or numbered ids alike', () => {
    const bazel = '//a:x (f5527a6)\n@local_config_platform//:host (f5527a6)\n//a:f.txt (null)\n//a:tool (1a2b3c4)\n';
    const rulepen = '//a:x (cfg1)\n//a:tool (cfg2)\n//a:f.txt (null)\n@local_config_platform//:host (cfg1)\n';
    expect(cquerySetForm(bazel)).toBe('//a:f.txt (null)\n//a:tool (cfg1)\n//a:x (cfg2)\n@local_config_platform//:host (cfg2)\n');
    expect(cquerySetForm(rulepen)).toBe(cquerySetForm(bazel));
  });

  it('masks the configuration an edge of --output=transitions leads to', () => {
    const bazel = '//a:g (f5527a6)\n  srcs#//a:in#(T) -> f5527a6\n  tools#//a:t#HostTransition -> af01eaf\n//a:t (HOST)\n';
    const rulepen = '//a:t (HOST)\n//a:g (cfg1)\n  tools#//a:t#HostTransition -> 1234567\n  srcs#//a:in#(T) -> cfg1\n';
    expect(cquerySetForm(bazel)).toBe('  srcs#//a:in#(T) -> cfg1\n  tools#//a:t#HostTransition -> cfg2\n//a:g (cfg1)\n//a:t (HOST)\n');
    expect(cquerySetForm(rulepen)).toBe(cquerySetForm(bazel));
  });

  it('keeps one label in two configurations apart by their first appearance', () => {
    expect(cquerySetForm('//a:x (aaaaaaa)\n//a:x (bbbbbbb)\n')).toBe('//a:x (cfg1)\n//a:x (cfg2)\n');
    expect(cquerySetForm('//a:x (cfg1)\n//a:y (cfg2)\n//a:x (cfg2)\n')).toBe('//a:x (cfg1)\n//a:x (cfg2)\n//a:y (cfg2)\n');
  });
});
