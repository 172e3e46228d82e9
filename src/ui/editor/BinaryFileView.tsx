// A binary workspace file, read-only: its size and a hex dump (offset, 16 bytes in hex, the ASCII column) where the
// text editor would be. Monaco holds text only, and a binary file's bytes must reach the engine unchanged.

import { formatSize, hexDump } from '../panels/generated/bytes.ts';

export function BinaryFileView({ path, bytes }: { path: string; bytes: Uint8Array }) {
  return (
    <section className="binary-file" aria-label={`${path} (binary file, read-only)`} data-testid="binary-file">
      <p className="binary-file-note muted">
        Binary file, {formatSize(bytes.length)}, shown as hex (read-only). Actions read its bytes unchanged.
      </p>
      <pre className="binary-file-hex" aria-label="Hex view" tabIndex={0}>
        {hexDump(bytes)}
      </pre>
    </section>
  );
}
