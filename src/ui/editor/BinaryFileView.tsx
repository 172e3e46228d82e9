// A binary workspace file, read-only: its size and a hex dump (offset, bytes in hex, the ASCII column) where the
// text editor would be. Monaco holds text only, and a binary file's bytes must reach the engine unchanged. Rows
// hold 16 bytes, or 8 when the editor is too narrow for a 16-byte row (the ASCII column stays in view).

import { useEffect, useRef, useState } from 'react';
import { formatSize, hexDump } from '../panels/generated/bytes.ts';

/** The width (px) a 16-byte row needs at the view's 12 px monospace font, padding included. */
const WIDE_ROW_PX = 600;

export function BinaryFileView({ path, bytes }: { path: string; bytes: Uint8Array }) {
  const host = useRef<HTMLElement>(null);
  const [perRow, setPerRow] = useState(16);
  useEffect(() => {
    const el = host.current;
    if (!el) return;
    const fit = () => setPerRow(el.clientWidth >= WIDE_ROW_PX ? 16 : 8);
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return (
    <section ref={host} className="binary-file" aria-label={`${path} (binary file, read-only)`} data-testid="binary-file">
      <p className="binary-file-note muted">
        Binary file, {formatSize(bytes.length)}, shown as hex (read-only). Actions read its bytes unchanged.
      </p>
      <pre className="binary-file-hex" aria-label="Hex view" tabIndex={0}>
        {hexDump(bytes, undefined, perRow)}
      </pre>
    </section>
  );
}
