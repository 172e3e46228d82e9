// The fresh file system of one shell run, made by copying a template instead of by building it again.
//
// A new just-bash interpreter writes its layout into the file system it is given: /bin, /usr/bin, /dev and
// /proc, and two stub files (`/bin/<name>`, `/usr/bin/<name>`) for each of the ≈ 90 commands it registers.
// That is the same for every run with the same working directory, and building it was most of the cost of a
// small genrule (≈ 200 files written, then read back twice to tell the run's own files from the layout). So the
// layout is built once per working directory by a real interpreter, and each run gets a new InMemoryFs holding
// copies of the template's entries, in the template's order; its interpreter is constructed while the file
// system hides writeFileSync, which is how just-bash itself tells a file system it must not lay out (it checks
// `typeof fs.writeFileSync === 'function'`). The result is the same file system as before, entry for entry.
//
// After the run, an entry that is still the very object copied in is unchanged (just-bash replaces an entry on
// every write, and chmod/utimes change only mode and mtime), so collecting the run's files reads only what the
// script wrote. This leans on two internals of just-bash 3.4.2's InMemoryFs (pinned in package.json):
// `data`, its path → entry map, and `setEntry`, which stores an entry with the byte accounting of the
// file system's size limit. shell.test.ts checks that both are there, so an upgrade that changes them fails there.
// The file system also writes the shell's latin1 strings faster (latin1Writes), to the same bytes.

import type { Bash, BashOptions, JustBashFs, JustBashModule } from './just-bash-loader.js';

/** An InMemoryFs entry as just-bash 3.4.2 stores it. */
export interface FsEntry {
  type: 'file' | 'directory' | 'symlink';
  content?: string | Uint8Array;
  mode: number;
  mtime: Date;
}

interface InMemoryFsInternals {
  data: Map<string, FsEntry>;
  setEntry(path: string, entry: FsEntry): void;
}

/** Whether `fs` is an InMemoryFs whose internals this module knows. */
export function hasKnownInternals(fs: JustBashFs): boolean {
  const internals = fs as unknown as Partial<InMemoryFsInternals>;
  return internals.data instanceof Map && typeof internals.setEntry === 'function';
}

export function entries(fs: JustBashFs): Map<string, FsEntry> {
  return (fs as unknown as InMemoryFsInternals).data;
}

type WriteOptions = string | { encoding?: string } | undefined;
type Write = (path: string, content: string | Uint8Array, options?: WriteOptions) => Promise<void>;

/**
 * The shell keeps bytes as latin1 ("binary") strings and writes redirections that way; InMemoryFs turns such a
 * string into bytes with Uint8Array.from(string, callback), a callback per character — the costliest step of
 * `cat $(SRCS) > $@` over large inputs. The same bytes come from a plain loop: a string whose characters are all
 * below 256 has one code unit per code point. Any other string goes the original way.
 */
function latin1Writes(fs: JustBashFs): void {
  const target = fs as unknown as { writeFile: Write; appendFile: Write };
  for (const name of ['writeFile', 'appendFile'] as const) {
    const original = target[name].bind(fs);
    target[name] = (path, content, options) => {
      const encoding = typeof options === 'string' ? options : options?.encoding;
      if (typeof content === 'string' && (encoding === 'binary' || encoding === 'latin1')) {
        const bytes = latin1Bytes(content);
        if (bytes) return original(path, bytes, options);
      }
      return original(path, content, options);
    };
  }
}

function latin1Bytes(s: string): Uint8Array | undefined {
  const out = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c > 0xff) return undefined;
    out[i] = c;
  }
  return out;
}

/** The layout a new interpreter writes, by working directory (the command set is the same for every run). */
const templates = new Map<string, Map<string, FsEntry>>();

export interface FreshShell {
  bash: Bash;
  fs: JustBashFs;
  /** The entries copied in from the template, by path: each is unchanged while it is still the same object. */
  seeded: Map<string, FsEntry>;
}

/** A new interpreter over a new file system that holds exactly the layout the interpreter would have written. */
export function freshShell(jb: JustBashModule, options: BashOptions & { cwd: string }): FreshShell {
  let template = templates.get(options.cwd);
  if (!template) {
    const fs = new jb.InMemoryFs();
    new jb.Bash({ ...options, fs });
    template = new Map(entries(fs));
    templates.set(options.cwd, template);
  }
  const fs = new jb.InMemoryFs();
  const internals = fs as unknown as InMemoryFsInternals;
  const seeded = new Map<string, FsEntry>();
  for (const [path, entry] of template) {
    if (path === '/') continue; // every InMemoryFs starts with its root
    const copy = { ...entry };
    internals.setEntry(path, copy);
    seeded.set(path, copy);
  }
  latin1Writes(fs);
  const own = fs as unknown as { writeFileSync?: unknown };
  own.writeFileSync = undefined;
  try {
    return { bash: new jb.Bash({ ...options, fs }), fs, seeded };
  } finally {
    delete own.writeFileSync;
  }
}
