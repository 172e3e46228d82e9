// The rule table the editor's hover and completion read: the files a label attribute accepts come from the same
// attribute tables analysis checks.
import { describe, expect, it } from 'vitest';
import { ruleTable } from './index.ts';

describe('ruleTable', () => {
  const attr = (rule: string, name: string) => ruleTable().find((r) => r.name === rule)?.attrs.find((a) => a.name === name);

  it('says which files a checked label attribute accepts', () => {
    expect(attr('sh_binary', 'deps')?.files).toBe('no files');
    expect(attr('cc_library', 'deps')?.files).toBe('.ld, .lds or .ldscript');
  });

  it('says nothing for attributes that take any file unchecked', () => {
    expect(attr('genrule', 'srcs')?.files).toBeUndefined();
    expect(attr('filegroup', 'srcs')?.files).toBeUndefined();
  });
});
