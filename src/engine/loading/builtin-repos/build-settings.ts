// The build-setting rules of @bazel_skylib//rules:common_settings.bzl — string_flag, bool_flag, int_flag,
// string_list_flag and their *_setting twins (not settable on the command line) — as schema tables, and
// what the configuration layer needs to know of each: the value type and whether it is a flag.

import type { RuleSchema } from '../rules/index.ts';

export type BuildSettingType = 'string' | 'bool' | 'int' | 'string_list';

export interface BuildSettingKind {
  readonly type: BuildSettingType;
  /** Settable on the command line (`*_flag`), or only by transitions (`*_setting`). */
  readonly flag: boolean;
}

const ATTR_TYPE = { string: 'string', bool: 'bool', int: 'int', string_list: 'string_list' } as const;

function schema(name: string, type: BuildSettingType, flag: boolean): RuleSchema {
  const attrs: RuleSchema['attrs'][number][] = [
    { name: 'build_setting_default', type: ATTR_TYPE[type], mandatory: true, configurable: false, doc: 'The value when the flag is not set.' },
  ];
  if (type === 'string') attrs.push({ name: 'values', type: 'string_list', default: [], configurable: false, doc: 'The allowed values (any when empty).' });
  if (flag && type === 'string_list') attrs.push({ name: 'repeatable', type: 'bool', default: false, configurable: false, doc: 'Each instance on the command line adds one value.' });
  attrs.push({ name: 'scope', type: 'string', default: 'universal', configurable: false, modernOnly: true, doc: 'universal, or project: whether exec configurations keep the value.' });
  return {
    name,
    doc: `A ${type.replace('_', ' ')} build setting${flag ? ' settable on the command line' : ''} (@bazel_skylib//rules:common_settings.bzl).`,
    attrs,
    shared: ['deprecation', 'features', 'licenses', 'tags', 'testonly', 'visibility'],
  };
}

export const BUILD_SETTING_KINDS: ReadonlyMap<string, BuildSettingKind> = new Map([
  ['string_flag', { type: 'string', flag: true }],
  ['bool_flag', { type: 'bool', flag: true }],
  ['int_flag', { type: 'int', flag: true }],
  ['string_list_flag', { type: 'string_list', flag: true }],
  ['string_setting', { type: 'string', flag: false }],
  ['bool_setting', { type: 'bool', flag: false }],
  ['int_setting', { type: 'int', flag: false }],
  ['string_list_setting', { type: 'string_list', flag: false }],
]);

export const BUILD_SETTING_SCHEMAS: ReadonlyMap<string, RuleSchema> = new Map(
  [...BUILD_SETTING_KINDS].map(([name, k]) => [name, schema(name, k.type, k.flag)]),
);
