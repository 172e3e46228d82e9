// ModuleInfo as data: the generated message types, binary encoding/decoding, JSON and the text format.

import { fromBinary, toBinary, toJson, type JsonValue } from '@bufbuild/protobuf';
import { ModuleInfoSchema, type ModuleInfo } from './stardoc_output_pb.ts';
import { toTextFormat } from './textproto.ts';

export * from './stardoc_output_pb.ts';
export { escapeText, toTextFormat } from './textproto.ts';

export function moduleInfoToBinary(m: ModuleInfo): Uint8Array {
  return toBinary(ModuleInfoSchema, m);
}

export function moduleInfoFromBinary(bytes: Uint8Array): ModuleInfo {
  return fromBinary(ModuleInfoSchema, bytes);
}

export function moduleInfoToText(m: ModuleInfo): string {
  return toTextFormat(ModuleInfoSchema, m);
}

/** The protobuf JSON mapping (lowerCamelCase names, enums by name, defaults omitted). */
export function moduleInfoToJson(m: ModuleInfo): JsonValue {
  return toJson(ModuleInfoSchema, m);
}
