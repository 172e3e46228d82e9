// The text-format printer against every ModuleInfo textproto of the conformance corpus (parsed with
// @bufbuild/protobuf's reader, printed back by ours: byte-identical), plus escaping and binary round trips.

import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { create } from '@bufbuild/protobuf';
import { fromText } from '@bufbuild/protobuf/txtpb';
import { describe, expect, it } from 'vitest';
import {
  AttributeType,
  ModuleInfoSchema,
  escapeText,
  moduleInfoFromBinary,
  moduleInfoToBinary,
  moduleInfoToJson,
  moduleInfoToText,
} from './index.ts';

const CORPUS = resolve(import.meta.dirname, '../../../../tests/conformance/corpus/doc-extract');
const SHARED = resolve(import.meta.dirname, '../../../../../shared/conformance/doc-extract');
const root = existsSync(CORPUS) ? CORPUS : SHARED;

function goldens(): [string, string][] {
  const out: [string, string][] = [];
  for (const c of readdirSync(root).sort()) {
    const p = join(root, c, 'expected/outputs/pkg/extract.textproto');
    if (existsSync(p)) out.push([c, readFileSync(p, 'utf8')]);
  }
  return out;
}

describe('textproto printer', () => {
  const cases = goldens();
  it('has corpus goldens to check against', () => {
    expect(cases.length).toBeGreaterThan(10);
  });

  it.each(cases)('%s prints back byte for byte, and survives a binary round trip', (_name, text) => {
    const m = fromText(ModuleInfoSchema, text);
    expect(moduleInfoToText(m)).toBe(text);
    const again = moduleInfoFromBinary(moduleInfoToBinary(m));
    expect(moduleInfoToText(again)).toBe(text);
  });

  it('escapes like Java TextFormat: apostrophes, control characters, UTF-8 bytes in octal', () => {
    expect(escapeText(`it's "q" \\ \n\t\r\x07\b\f\v`)).toBe(`it\\'s \\"q\\" \\\\ \\n\\t\\r\\a\\b\\f\\v`);
    expect(escapeText('\x01\x7f')).toBe('\\001\\177');
    expect(escapeText('é→')).toBe('\\303\\251\\342\\206\\222');
  });

  it('omits default scalars but prints set empty messages, enums by name, in field-number order', () => {
    const m = create(ModuleInfoSchema, {
      file: '//pkg:a.bzl',
      moduleDocstring: '',
      ruleInfo: [
        {
          ruleName: 'r',
          originKey: {},
          attribute: [{ name: 'name', type: AttributeType.NAME, mandatory: true, docString: 'A unique name for this target.' }],
        },
      ],
    });
    expect(moduleInfoToText(m)).toBe(
      [
        'rule_info {',
        '  rule_name: "r"',
        '  attribute {',
        '    name: "name"',
        '    doc_string: "A unique name for this target."',
        '    type: NAME',
        '    mandatory: true',
        '  }',
        '  origin_key {',
        '  }',
        '}',
        'file: "//pkg:a.bzl"',
        '',
      ].join('\n'),
    );
    expect(moduleInfoToJson(m)).toEqual({
      ruleInfo: [
        {
          ruleName: 'r',
          attribute: [{ name: 'name', docString: 'A unique name for this target.', type: 'NAME', mandatory: true }],
          originKey: {},
        },
      ],
      file: '//pkg:a.bzl',
    });
  });
});
