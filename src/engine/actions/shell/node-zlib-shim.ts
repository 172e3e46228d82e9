// The `node:zlib` that just-bash's browser bundle imports, over pako. A browser build aliases the module:
//   resolve: { alias: { 'node:zlib': '/src/engine/actions/shell/node-zlib-shim.ts' } }
// (in vite.config.ts, for the app and for `worker`). The bundle calls gzipSync(data, { level,
// maxOutputLength }), gunzipSync(data, { maxOutputLength }) and reads constants.Z_BEST_COMPRESSION,
// Z_BEST_SPEED and Z_DEFAULT_COMPRESSION; that is all this module provides.

import { gzip, ungzip } from 'pako';

interface ZlibOptions {
  level?: number;
  maxOutputLength?: number;
}

type Level = -1 | 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9;

export const constants = {
  Z_NO_COMPRESSION: 0,
  Z_BEST_SPEED: 1,
  Z_BEST_COMPRESSION: 9,
  Z_DEFAULT_COMPRESSION: -1,
} as const;

function checkLength(out: Uint8Array, options?: ZlibOptions): Uint8Array {
  if (options?.maxOutputLength !== undefined && out.length > options.maxOutputLength) {
    throw new RangeError(`Cannot create a Buffer larger than ${options.maxOutputLength} bytes`);
  }
  return out;
}

export function gzipSync(data: Uint8Array | string, options?: ZlibOptions): Uint8Array {
  const level = (options?.level ?? -1) as Level;
  return checkLength(gzip(data, { level }), options);
}

export function gunzipSync(data: Uint8Array, options?: ZlibOptions): Uint8Array {
  return checkLength(ungzip(data), options);
}

export default { constants, gzipSync, gunzipSync };
