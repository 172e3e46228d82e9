// Share links: the playground's whole state in the URL fragment, in the manner of compiler-explorer's url.ts —
// a versioned payload, migrations from older versions, and a decoder that treats every link as hostile.
//
// Format (version 2, current): `#rp2.<payload>` where payload = base64url(deflateRaw(JSON of ShareState)).
// Version 1 (the first draft, still accepted): `#rp1.<base64url(JSON {files, command})>`, not compressed.
// A file is `[path, text]`; a binary file is `[path, {"base64": base64url of its bytes}]`.
// Decoding never throws: it returns the state or a reason, and the caller shows the reason and the default
// workspace. A decoded state is checked field by field (types, path shapes, counts, sizes) before use; nothing
// in it is ever interpreted as HTML — the UI renders every string as text.

import { deflateRaw, inflateRaw } from 'pako';
import { normalizePath, pathProblem } from './file-paths.ts';
import type { Files } from './file-content.ts';

export const SHARE_VERSION = 2;

/** Above this many characters a link is cut or refused by common chat tools and issue trackers. */
export const LINK_WARN_CHARS = 8000;

const MAX_FILES = 500;
const MAX_TOTAL_BYTES = 4 * 1024 * 1024;
const MAX_PAYLOAD_CHARS = 2 * 1024 * 1024;

export interface SharedPanels {
  side: string;
  bottom: string;
}

export interface ShareState {
  /** Every workspace file, .bazelversion and .bazelrc included (binary files as bytes). */
  files: Files;
  /** The command line as typed, e.g. `bazel build //app:x -c opt`. */
  command: string;
  activePath: string | null;
  panels: SharedPanels | null;
  /** Further fields panels contribute (e.g. `query`: the Query panel's text); strings only. */
  extras: Record<string, string>;
  /** The lesson the state came from, if any (its explanation is shown beside the editor). */
  lesson: string | null;
}

export type DecodeResult = { ok: true; state: ShareState; version: number } | { ok: false; reason: string };

/** The extra that makes a link open in the Compare view (its command run under both Bazel versions). */
export const COMPARE_EXTRA = 'compare';

/** The state with or without the request to open in the Compare view. */
export function withCompare(state: ShareState, compare: boolean): ShareState {
  const { [COMPARE_EXTRA]: _old, ...extras } = state.extras;
  return { ...state, extras: compare ? { ...extras, [COMPARE_EXTRA]: '1' } : extras };
}

export function opensInCompare(state: ShareState): boolean {
  return state.extras[COMPARE_EXTRA] === '1';
}

// ---------------------------------------------------------------------------------------------------------------
// base64url

export function toBase64Url(bytes: Uint8Array): string {
  let bin = '';
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function fromBase64Url(text: string): Uint8Array | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) return null;
  const b64 = text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4);
  try {
    const bin = atob(b64);
    const out = new Uint8Array(bin.length);
    for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
    return out;
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// encode

/** The fragment (without `#`) for a state. Keys are written in a fixed order so equal states give equal links. */
export function encodeShareState(state: ShareState): string {
  return `rp${SHARE_VERSION}.` + toBase64Url(deflateRaw(shareJson(state), { level: 9 }));
}

/**
 * The same link text, compressed by the browser's CompressionStream (native, and not one long task on the main
 * thread: a workspace of megabytes takes pako ≈ 0.7 s). The bytes may differ from encodeShareState's (another
 * deflate), the state they decode to does not. Falls back to pako where there is no CompressionStream.
 */
export async function encodeShareStateAsync(state: ShareState): Promise<string> {
  const json = shareJson(state);
  if (typeof CompressionStream !== 'function') return `rp${SHARE_VERSION}.` + toBase64Url(deflateRaw(json, { level: 9 }));
  const stream = new Blob([json as Uint8Array<ArrayBuffer>]).stream().pipeThrough(new CompressionStream('deflate-raw'));
  const bytes = new Uint8Array(await new Response(stream).arrayBuffer());
  return `rp${SHARE_VERSION}.` + toBase64Url(bytes);
}

function shareJson(state: ShareState): Uint8Array {
  const files = Object.keys(state.files)
    .sort()
    .map((p) => {
      const content = state.files[p];
      return [p, typeof content === 'string' ? content : { base64: toBase64Url(content) }];
    });
  const json = JSON.stringify({
    v: SHARE_VERSION,
    files,
    command: state.command,
    active: state.activePath,
    panels: state.panels,
    extras: state.extras,
    lesson: state.lesson,
  });
  return new TextEncoder().encode(json);
}

// ---------------------------------------------------------------------------------------------------------------
// decode

/** True when the fragment looks like ours (so that an unrelated `#anchor` is ignored rather than reported). */
export function isShareFragment(fragment: string): boolean {
  return /^#?rp\d+\./.test(fragment);
}

export function decodeShareFragment(fragment: string): DecodeResult {
  const text = fragment.replace(/^#/, '');
  const m = /^rp(\d{1,4})\.(.*)$/s.exec(text);
  if (!m) return fail('the link does not hold a rulepen workspace');
  const version = Number(m[1]);
  if (m[2].length > MAX_PAYLOAD_CHARS) return fail('the link is too long');
  const bytes = fromBase64Url(m[2]);
  if (!bytes) return fail('the link is damaged (it is not valid base64url; was it cut short?)');
  let raw: unknown;
  try {
    raw = parseVersion(version, bytes);
  } catch (e) {
    return fail(e instanceof LinkError ? e.message : 'the link is damaged (it could not be decompressed; was it cut short?)');
  }
  try {
    return { ok: true, state: migrate(version, raw), version };
  } catch (e) {
    return fail(e instanceof LinkError ? e.message : 'the link is damaged');
  }
}

class LinkError extends Error {}

function fail(reason: string): DecodeResult {
  return { ok: false, reason };
}

function parseVersion(version: number, bytes: Uint8Array): unknown {
  let json: string;
  if (version === 1) json = utf8(bytes);
  else if (version === 2) {
    let inflated: Uint8Array;
    try {
      inflated = inflateRaw(bytes) as Uint8Array;
    } catch {
      throw new LinkError('the link is damaged (it could not be decompressed; was it cut short?)');
    }
    if (!(inflated instanceof Uint8Array) || inflated.length === 0) {
      throw new LinkError('the link is damaged (it could not be decompressed; was it cut short?)');
    }
    if (inflated.length > MAX_TOTAL_BYTES * 2) throw new LinkError('the workspace in the link is too large');
    json = utf8(inflated);
  } else if (version > SHARE_VERSION) {
    throw new LinkError(`the link was made by a newer rulepen (format ${version}; this one reads up to ${SHARE_VERSION})`);
  } else {
    throw new LinkError(`unknown link format ${version}`);
  }
  try {
    return JSON.parse(json) as unknown;
  } catch {
    throw new LinkError('the link is damaged (its content is not valid JSON)');
  }
}

function utf8(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new LinkError('the link is damaged (its content is not UTF-8 text)');
  }
}

function isRecord(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

/** Brings any version's raw object to the current ShareState, checking every field. */
function migrate(version: number, raw: unknown): ShareState {
  if (!isRecord(raw)) throw new LinkError('the link is damaged (no workspace in it)');
  if (version === 1) {
    // v1: {files: {path: text}, command}. Everything else did not exist yet.
    return validate({ files: raw.files, command: raw.command, active: null, panels: null, extras: {}, lesson: null });
  }
  if (raw.v !== 2) throw new LinkError('the link is damaged (its version does not match)');
  const files = Array.isArray(raw.files) ? raw.files : null;
  if (!files) throw new LinkError('the link is damaged (no file list)');
  return validate({ ...raw, files: pairsToRecord(files) });
}

function pairsToRecord(pairs: unknown[]): Record<string, unknown> {
  const out: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  for (const pair of pairs) {
    if (!Array.isArray(pair) || pair.length !== 2 || typeof pair[0] !== 'string') {
      throw new LinkError('the link is damaged (a file entry is malformed)');
    }
    if (Object.prototype.hasOwnProperty.call(out, pair[0])) throw new LinkError(`the link lists ${pair[0]} twice`);
    out[pair[0]] = pair[1];
  }
  return out;
}

const SAFE_ID = /^[a-z][a-z0-9_-]{0,40}$/;

function validate(raw: Record<string, unknown>): ShareState {
  if (!isRecord(raw.files)) throw new LinkError('the link is damaged (no files)');
  const entries = Object.entries(raw.files);
  if (entries.length > MAX_FILES) throw new LinkError(`the link holds more than ${MAX_FILES} files`);
  const files: Files = {};
  let total = 0;
  for (const [p, given] of entries) {
    const text = isRecord(given) && typeof given.base64 === 'string' ? fromBase64Url(given.base64) : given;
    if (typeof text !== 'string' && !(text instanceof Uint8Array)) throw new LinkError(`the link is damaged (${clip(p)} has no text)`);
    const path = normalizePath(p);
    const problem =
      path !== p ? 'the path is not normalised' : p.split('/').includes('__proto__') ? 'a reserved name' : pathProblem(path, Object.keys(files));
    if (problem) throw new LinkError(`the link holds a bad file path ${JSON.stringify(clip(p))}: ${problem}`);
    total += text.length;
    if (total > MAX_TOTAL_BYTES) throw new LinkError('the workspace in the link is too large');
    files[path] = text;
  }
  const command = raw.command === undefined ? '' : raw.command;
  if (typeof command !== 'string' || command.length > 10_000 || /[\n\r\0]/.test(command)) {
    throw new LinkError('the link is damaged (bad command line)');
  }
  const active = typeof raw.active === 'string' && raw.active in files ? raw.active : null;
  let panels: SharedPanels | null = null;
  if (isRecord(raw.panels) && typeof raw.panels.side === 'string' && typeof raw.panels.bottom === 'string') {
    if (SAFE_ID.test(raw.panels.side) && SAFE_ID.test(raw.panels.bottom)) panels = { side: raw.panels.side, bottom: raw.panels.bottom };
  }
  const extras: Record<string, string> = {};
  if (isRecord(raw.extras)) {
    for (const [k, v] of Object.entries(raw.extras)) {
      if (SAFE_ID.test(k) && typeof v === 'string' && v.length <= 100_000) extras[k] = v;
    }
  }
  const lesson = typeof raw.lesson === 'string' && SAFE_ID.test(raw.lesson) ? raw.lesson : null;
  return { files, command, activePath: active, panels, extras, lesson };
}

function clip(s: string): string {
  return s.length > 60 ? s.slice(0, 57) + '…' : s;
}

/** The v1 encoder, kept for tests of the migration (and old links in the wild). */
export function encodeV1ForTests(files: Record<string, string>, command: string): string {
  return 'rp1.' + toBase64Url(new TextEncoder().encode(JSON.stringify({ files, command })));
}
