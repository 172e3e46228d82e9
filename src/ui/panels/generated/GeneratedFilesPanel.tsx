// Generated files: the output tree of the last command (bazel-bin/…, bazel-testlogs/…); a file shows as text, or
// as a hex dump when binary; a .gz file is shown decompressed (DecompressionStream), with its compressed size;
// any file downloads.

import { useEffect, useMemo, useState } from 'react';
import { decodeModuleInfo } from '../../state/engine-sync.ts';
import { commandWord, useLastCommand } from '../command-result.ts';
import { formatSize, hexDump, isBinary, isGzip, outputTree } from './bytes.ts';
import '../bottom-panels.css';

export function GeneratedFilesPanel() {
  const { result, text, running, stale } = useLastCommand();
  const outputs = result?.outputs ?? {};
  const paths = Object.keys(outputs);
  const tree = useMemo(() => outputTree(paths), [result]);
  const [chosen, setChosen] = useState<string | null>(null);
  const selected = chosen && chosen in outputs ? chosen : (paths.find((p) => p.startsWith('bazel-bin/')) ?? paths[0] ?? null);

  if (paths.length === 0) {
    const verb = commandWord(text);
    return (
      <div className="panel-body">
        <p className="muted">
          {!result
            ? 'Build a target (the build button, or bazel build //pkg:target on the command line) to see the files it generates.'
            : ['build', 'test', 'run'].includes(verb)
              ? `bazel ${verb} wrote no files${result.exitCode !== 0 ? ` (exit code ${result.exitCode}: see Output)` : ''}.`
              : `bazel ${verb} writes no files; build a target to see its outputs here.`}
        </p>
      </div>
    );
  }

  return (
    <div className="split-panel" data-stale={stale || running || undefined}>
      <nav className="split-list" aria-label="Generated files">
        {stale && <p className="stale-note">from <code>{text}</code>; the files changed since</p>}
        {tree.map((g) => (
          <section key={g.dir} aria-label={g.dir}>
            <h3 className="list-heading">{g.dir}/</h3>
            <ul className="plain-list">
              {g.files.map((p) => (
                <li key={p}>
                  <button
                    type="button"
                    className="list-row"
                    aria-current={p === selected || undefined}
                    aria-label={`Show ${p}`}
                    onClick={() => setChosen(p)}
                  >
                    <span className="list-name">{p.slice(g.dir.length + 1)}</span>
                    <span className="list-meta">{formatSize(outputs[p].length)}</span>
                  </button>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </nav>
      {selected && <FileView path={selected} bytes={outputs[selected]} />}
    </div>
  );
}

type Shown = { bytes: Uint8Array; gzip?: { compressed: number } ; error?: string };

function FileView({ path, bytes }: { path: string; bytes: Uint8Array }) {
  const [shown, setShown] = useState<Shown>({ bytes });
  const [mode, setMode] = useState<'auto' | 'text' | 'hex' | 'decoded'>('auto');
  const proto = path.endsWith('.binaryproto');
  const decoded = useDecodedModuleInfo(proto ? bytes : null);

  useEffect(() => {
    setShown({ bytes });
    if (!isGzip(bytes)) return;
    let live = true;
    gunzip(bytes).then(
      (out) => live && setShown({ bytes: out, gzip: { compressed: bytes.length } }),
      (e: unknown) => live && setShown({ bytes, error: `not a valid gzip stream: ${String(e)}` }),
    );
    return () => {
      live = false;
    };
  }, [bytes]);

  const binary = isBinary(shown.bytes);
  const view = mode === 'auto' ? (proto ? 'decoded' : binary ? 'hex' : 'text') : mode === 'decoded' && !proto ? 'text' : mode;

  function download(): void {
    const url = URL.createObjectURL(new Blob([bytes as BlobPart]));
    const a = document.createElement('a');
    a.href = url;
    a.download = path.slice(path.lastIndexOf('/') + 1);
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }

  return (
    <section className="split-detail" aria-label={`Contents of ${path}`}>
      <header className="detail-header">
        <code className="detail-title">{path}</code>
        <span className="muted detail-meta">
          {shown.gzip
            ? `gzip: ${formatSize(shown.gzip.compressed)} compressed → ${formatSize(shown.bytes.length)}, shown decompressed`
            : `${formatSize(bytes.length)}${binary ? ' · binary' : ''}`}
        </span>
        <div className="segmented" role="radiogroup" aria-label="View as">
          {(proto ? (['decoded', 'text', 'hex'] as const) : (['text', 'hex'] as const)).map((m) => (
            <button
              key={m}
              type="button"
              role="radio"
              aria-checked={view === m}
              className="segment"
              onClick={() => setMode(m)}
              title={m === 'decoded' ? 'The ModuleInfo decoded from the protobuf wire format, as textproto' : undefined}
            >
              {m === 'text' ? 'Text' : m === 'hex' ? 'Hex' : 'Decoded'}
            </button>
          ))}
        </div>
        <button type="button" className="button" onClick={download} aria-label={`Download ${path}`} title="Download the file as built (compressed if it is)">
          Download
        </button>
      </header>
      {shown.error && <p className="notice error">{shown.error}</p>}
      {view === 'decoded' ? (
        <pre className="file-contents" aria-label="Decoded ModuleInfo" data-view={view}>
          {decoded === null ? 'Decoding…' : decoded.ok ? decoded.text || '# (empty ModuleInfo)' : decoded.error}
        </pre>
      ) : (
        <pre className="file-contents" aria-label="File contents" data-view={view}>
          {view === 'hex' ? hexDump(shown.bytes) : decode(shown.bytes)}
        </pre>
      )}
    </section>
  );
}

/** A starlark_doc_extract `.binaryproto` decoded by the worker (ModuleInfo → textproto); null while it works. */
function useDecodedModuleInfo(bytes: Uint8Array | null): { ok: true; text: string } | { ok: false; error: string } | null {
  const [decoded, setDecoded] = useState<{ bytes: Uint8Array; value: { ok: true; text: string } | { ok: false; error: string } } | null>(null);
  useEffect(() => {
    if (!bytes) return;
    let live = true;
    void decodeModuleInfo(bytes).then((o) => {
      if (!live || o.status === 'superseded') return;
      setDecoded({ bytes, value: o.status === 'done' ? o.value : { ok: false, error: o.status === 'failed' ? o.error : 'stopped' } });
    });
    return () => {
      live = false;
    };
  }, [bytes]);
  return bytes && decoded?.bytes === bytes ? decoded.value : null;
}

/** The browser's own gzip decoder (no library to load). */
async function gunzip(bytes: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([bytes as BlobPart]).stream().pipeThrough(new DecompressionStream('gzip'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

function decode(bytes: Uint8Array): string {
  const text = new TextDecoder().decode(bytes.subarray(0, 512 * 1024));
  return bytes.length > 512 * 1024 ? text + `\n… ${formatSize(bytes.length - 512 * 1024)} more` : text;
}
