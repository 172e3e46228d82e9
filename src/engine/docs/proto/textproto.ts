// Protocol-buffer text format, byte for byte as Java's `TextFormat.printer().print(message)` writes it (what
// Bazel writes to `<name>.textproto`): fields in field-number order, one per line, nested messages as
// `name {` … `}` indented by two spaces a level, enums by name, default scalars of proto3 fields omitted, and
// strings escaped over their UTF-8 bytes (TextFormatEscaper): \a \b \f \n \r \t \v \\ \' \" by name, other
// bytes outside 0x20–0x7e as three-digit octal.

import type { DescField, DescMessage, Message } from '@bufbuild/protobuf';
import { reflect, type ReflectMessage } from '@bufbuild/protobuf/reflect';
import { utf8Encode } from '../../base/index.ts';

export function toTextFormat<T extends Message>(schema: DescMessage, message: T): string {
  const out: string[] = [];
  printMessage(reflect(schema, message), '', out);
  return out.join('');
}

function printMessage(m: ReflectMessage, indent: string, out: string[]): void {
  for (const field of m.sortedFields) {
    if (!m.isSet(field)) continue;
    if (field.fieldKind === 'list') {
      const list = m.get(field);
      for (const item of list) printValue(field, item, indent, out);
    } else if (field.fieldKind === 'map') {
      throw new Error(`textproto: map fields are not used by ModuleInfo (${field.name})`);
    } else {
      printValue(field, m.get(field), indent, out);
    }
  }
}

function printValue(field: DescField, value: unknown, indent: string, out: string[]): void {
  const name = field.name;
  if (field.fieldKind === 'message' || (field.fieldKind === 'list' && field.listKind === 'message')) {
    out.push(`${indent}${name} {\n`);
    printMessage(value as ReflectMessage, indent + '  ', out);
    out.push(`${indent}}\n`);
    return;
  }
  if (field.fieldKind === 'enum' || (field.fieldKind === 'list' && field.listKind === 'enum')) {
    const desc = field.enum!;
    const v = desc.values.find((e) => e.number === value);
    out.push(`${indent}${name}: ${v ? v.name : String(value)}\n`);
    return;
  }
  out.push(`${indent}${name}: ${scalarText(value)}\n`);
}

function scalarText(value: unknown): string {
  if (typeof value === 'string') return '"' + escapeText(value) + '"';
  if (value instanceof Uint8Array) return '"' + escapeBytes(value) + '"';
  return String(value);
}

const NAMED: Readonly<Record<number, string>> = {
  0x07: '\\a',
  0x08: '\\b',
  0x0c: '\\f',
  0x0a: '\\n',
  0x0d: '\\r',
  0x09: '\\t',
  0x0b: '\\v',
  0x5c: '\\\\',
  0x27: "\\'",
  0x22: '\\"',
};

/** Escapes a string as TextFormat does: over its UTF-8 encoding. */
export function escapeText(s: string): string {
  return escapeBytes(utf8Encode(s));
}

export function escapeBytes(bytes: Uint8Array): string {
  let out = '';
  for (const b of bytes) {
    const named = NAMED[b];
    if (named) out += named;
    else if (b >= 0x20 && b < 0x7f) out += String.fromCharCode(b);
    else out += '\\' + b.toString(8).padStart(3, '0');
  }
  return out;
}
