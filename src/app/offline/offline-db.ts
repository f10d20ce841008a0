/**
 * The signed-in user's offline store: one IndexedDB database on this device with the copies of
 * the API answers the app keeps (`copies`: the answer of a GET by its path and query, and when
 * it was saved), the decisions taken offline (`queue`, keyed by each one's idempotency key) and
 * whose they are (`meta`: the owner's user id), and the content of the attachments of the pending
 * documents (`files`: a file's bytes by its id, up to OFFLINE_FILE_MAX_BYTES each). It holds one
 * user's copies and attachments at a time: signing out, and another user signing in on the same
 * device, empty them (`forgetKept`). Queued decisions belong to the user who took them (each
 * names its user): another user signing in, or a session that expired, keeps them until their
 * user signs in again and they are sent; signing out forgets only the leaving user's (after its warning).
 */
const DB_NAME = 'ringi-offline';
const DB_VERSION = 2;
const STORES = ['copies', 'queue', 'meta', 'files'] as const;
type StoreName = (typeof STORES)[number];

/** A kept attachment: its bytes (with their type) and when they were saved. */
export interface KeptFile {
  blob: Blob;
  savedAt: number;
}

/** A kept answer: the data of a GET and when it was saved (ms since epoch). */
export interface KeptCopy {
  data: unknown;
  savedAt: number;
}

let opening: Promise<IDBDatabase> | null = null;

function open(): Promise<IDBDatabase> {
  opening ??= new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, DB_VERSION);
    request.onupgradeneeded = () => {
      const db = request.result;
      for (const name of STORES) if (!db.objectStoreNames.contains(name)) db.createObjectStore(name, name === 'queue' ? { keyPath: 'key' } : undefined);
    };
    request.onsuccess = () => {
      const db = request.result;
      // A newer version opened in another tab (after an update) waits for this connection: let it go,
      // and open again on the next use, so neither tab's reads of the store wait for ever.
      db.onversionchange = () => {
        db.close();
        opening = null;
      };
      resolve(db);
    };
    request.onerror = () => {
      opening = null;
      reject(request.error ?? new Error('IndexedDB is not available'));
    };
  });
  return opening;
}

function done<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

async function run<T>(name: StoreName, mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await open();
  return done(work(db.transaction(name, mode).objectStore(name)));
}

/** The kept answer of a GET (`/approvals/12/buffer`, with its query), if any. */
export const readCopy = (path: string) => run<KeptCopy | undefined>('copies', 'readonly', (s) => s.get(path));
/** Keeps the answer of a GET, saved now. */
export const keepCopy = (path: string, data: unknown) => run('copies', 'readwrite', (s) => s.put({ data, savedAt: Date.now() } satisfies KeptCopy, path));
/** How many answers are kept. */
export const countCopies = () => run('copies', 'readonly', (s) => s.count());

/** Whose data the store holds (a user id), or undefined when it holds none. */
export const readOwner = () => run<number | undefined>('meta', 'readonly', (s) => s.get('owner'));
/** Records whose data the store holds. */
export const writeOwner = (userId: number) => run('meta', 'readwrite', (s) => s.put(userId, 'owner'));

/** Every queued decision, in no particular order. */
export const readQueue = <T>() => run<T[]>('queue', 'readonly', (s) => s.getAll());
/** Adds or updates a queued decision (keyed by its `key`). */
export const writeQueued = (item: { key: string }) => run('queue', 'readwrite', (s) => s.put(item));
/** Removes a queued decision. */
export const removeQueued = (key: string) => run('queue', 'readwrite', (s) => s.delete(key));

/** The kept content of an attachment, if any. */
export const readKeptFile = (id: number) => run<KeptFile | undefined>('files', 'readonly', (s) => s.get(id));
/** Keeps the content of an attachment (a file's bytes never change under its id). */
export const keepFile = (id: number, blob: Blob) => run('files', 'readwrite', (s) => s.put({ blob, savedAt: Date.now() } satisfies KeptFile, id));
/** The ids of the kept attachments. */
export const keptFileIds = async () => (await run<IDBValidKey[]>('files', 'readonly', (s) => s.getAllKeys())).map(Number);
/** Forgets a kept attachment (its document is no longer among the pending ones). */
export const forgetFile = (id: number) => run('files', 'readwrite', (s) => s.delete(id));

/** Forgets the kept answers, the kept attachments and their owner; queued decisions stay (each is its own user's). */
export async function forgetKept(): Promise<void> {
  const db = await open();
  const stores = STORES.filter((name) => name !== 'queue');
  const tx = db.transaction(stores, 'readwrite');
  for (const name of stores) tx.objectStore(name).clear();
  await new Promise<void>((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error);
  });
}
