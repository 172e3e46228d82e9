// A workspace file's content in the store: text for a file the editor edits, bytes for a binary file (one that
// is not valid UTF-8 or holds a NUL), kept byte for byte on its way to the engine, into a zip and into a link.

import type { FileContent } from '../../worker/protocol.ts';

export type { FileContent };

/** The workspace's files by path. */
export type Files = Record<string, FileContent>;

export function isBytes(content: FileContent | undefined): content is Uint8Array {
  return content instanceof Uint8Array;
}

/** A file read from outside (a zip entry, a file chooser): its text when it is UTF-8 without NUL, else its bytes. */
export function contentOf(bytes: Uint8Array): FileContent {
  if (bytes.includes(0)) return bytes;
  try {
    // ignoreBOM keeps a leading byte-order mark in the text, so that the text encodes back to the same bytes.
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return bytes;
  }
}

/** The bytes of a file: a text UTF-8 encoded. */
export function bytesOf(content: FileContent): Uint8Array {
  return typeof content === 'string' ? new TextEncoder().encode(content) : content;
}

/** The text of a file for what reads text (search, outlines); a binary file has none. */
export function textOf(content: FileContent | undefined): string {
  return typeof content === 'string' ? content : '';
}
