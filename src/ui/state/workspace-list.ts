// The list of workspaces a browser keeps: your own, each share link you opened, lessons you changed, and any
// you made. Each record
// holds a whole workspace in the share-link encoding (one format and one set of migrations for links, the saved
// session and this list). Records live in IndexedDB (database `rulepen`, schema version DB_VERSION); the pure list
// operations (naming, renaming, ordering) are separate from the storage, which tests replace with a Map.

export type WorkspaceKind = 'mine' | 'link' | 'new' | 'lesson';

export interface WorkspaceRecord {
  id: string;
  name: string;
  kind: WorkspaceKind;
  /** Milliseconds since the epoch. */
  created: number;
  updated: number;
  /** The workspace, encoded as a share link's fragment (`rp2.…`). */
  state: string;
  /** The fragment of the link it was opened from (kind `link`). */
  link?: string;
}

/** The id of the workspace a browser starts with (and that a session saved before workspaces existed becomes). */
export const MINE_ID = 'mine';
export const MINE_NAME = 'My workspace';

export const DB_NAME = 'rulepen';
/** The IndexedDB schema version: bump it, and migrate in `upgrade`, when the stores or records change shape. */
export const DB_VERSION = 1;
const STORE = 'workspaces';

// ---------------------------------------------------------------------------------------------------------------
// Pure list operations

/** What lists show of a record (the state is only read when it is opened). */
export type WorkspaceMeta = Omit<WorkspaceRecord, 'state'>;

/** Most recently used first; `mine` breaks ties. */
export function sortWorkspaces<W extends WorkspaceMeta>(list: readonly W[]): W[] {
  return [...list].sort((a, b) => b.updated - a.updated || (a.id === MINE_ID ? -1 : b.id === MINE_ID ? 1 : a.id.localeCompare(b.id)));
}

/** `base`, or `base (2)`, `base (3)`… — the first name no other workspace has. */
export function uniqueName(base: string, list: readonly WorkspaceMeta[], exceptId?: string): string {
  const taken = new Set(list.filter((w) => w.id !== exceptId).map((w) => w.name));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base} (${n})`)) return `${base} (${n})`;
}

/** A name that says where a link's workspace came from: its command line, shortened. */
export function linkWorkspaceName(command: string): string {
  const c = command.trim().replace(/\s+/g, ' ');
  const short = c.length > 48 ? c.slice(0, 47) + '…' : c;
  return short ? `Link: ${short}` : 'Shared link';
}

/** Checks a new name: an error message, or null. */
export function nameProblem(name: string, list: readonly WorkspaceMeta[], id: string): string | null {
  const n = name.trim();
  if (!n) return 'a workspace needs a name';
  if (n.length > 80) return 'names are at most 80 characters';
  if (list.some((w) => w.id !== id && w.name === n)) return `another workspace is called “${n}”`;
  return null;
}

let idSeq = 0;
export function newWorkspaceId(kind: WorkspaceKind, now: number): string {
  return `${kind}-${now.toString(36)}-${(++idSeq).toString(36)}`;
}

// ---------------------------------------------------------------------------------------------------------------
// Storage

export interface WorkspaceBackend {
  all(): Promise<WorkspaceRecord[]>;
  get(id: string): Promise<WorkspaceRecord | undefined>;
  put(record: WorkspaceRecord): Promise<void>;
  delete(id: string): Promise<void>;
}

/** For tests, and for browsers without IndexedDB (the list then lasts as long as the page). */
export function memoryBackend(): WorkspaceBackend & { records: Map<string, WorkspaceRecord> } {
  const records = new Map<string, WorkspaceRecord>();
  return {
    records,
    all: async () => [...records.values()].map((r) => ({ ...r })),
    get: async (id) => (records.has(id) ? { ...records.get(id)! } : undefined),
    put: async (r) => void records.set(r.id, { ...r }),
    delete: async (id) => void records.delete(id),
  };
}

/** A storage error in words a user can act on (a full disk above all). */
export function storageErrorText(error: unknown): string {
  const name = error instanceof DOMException || error instanceof Error ? error.name : '';
  if (name === 'QuotaExceededError') {
    return "the browser's storage for this site is full (QuotaExceededError): delete workspaces you no longer need, or download a .zip";
  }
  const message = error instanceof Error ? error.message : String(error);
  return `the browser refused to store it (${name || 'error'}${message ? `: ${message}` : ''})`;
}

function request<T>(r: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    r.onsuccess = () => resolve(r.result);
    r.onerror = () => reject(r.error);
  });
}

export function indexedDbBackend(factory: IDBFactory = indexedDB): WorkspaceBackend {
  let db: Promise<IDBDatabase> | null = null;
  function open(): Promise<IDBDatabase> {
    return (db ??= new Promise<IDBDatabase>((resolve, reject) => {
      const r = factory.open(DB_NAME, DB_VERSION);
      r.onupgradeneeded = () => {
        // Version 1: one store of WorkspaceRecords keyed by id.
        if (!r.result.objectStoreNames.contains(STORE)) r.result.createObjectStore(STORE, { keyPath: 'id' });
      };
      r.onsuccess = () => resolve(r.result);
      r.onerror = () => reject(r.error);
      r.onblocked = () => reject(new Error('another tab holds an older version of the database open'));
    }).catch((e: unknown) => {
      db = null;
      throw e;
    }));
  }
  async function tx<T>(mode: IDBTransactionMode, f: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
    const t = (await open()).transaction(STORE, mode);
    const result = request(f(t.objectStore(STORE)));
    await new Promise<void>((resolve, reject) => {
      t.oncomplete = () => resolve();
      t.onerror = () => reject(t.error);
      t.onabort = () => reject(t.error ?? new Error('the transaction was aborted'));
    });
    return result;
  }
  return {
    all: () => tx('readonly', (s) => s.getAll() as IDBRequest<WorkspaceRecord[]>),
    get: (id) => tx('readonly', (s) => s.get(id) as IDBRequest<WorkspaceRecord | undefined>),
    put: async (record) => void (await tx('readwrite', (s) => s.put(record))),
    delete: async (id) => void (await tx('readwrite', (s) => s.delete(id))),
  };
}

/** IndexedDB where the browser has it, else a list in memory. */
export function defaultBackend(): WorkspaceBackend {
  try {
    if (typeof indexedDB !== 'undefined') return indexedDbBackend(indexedDB);
  } catch {
    // Some browsers throw on access in private modes.
  }
  return memoryBackend();
}
