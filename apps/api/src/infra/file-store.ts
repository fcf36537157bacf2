// Where uploaded files live: one storage interface (put, get, remove by key), on disk under
// DATA_DIR/uploads by default. Keys are generated here (folder + random UUID + the extension of
// the type found in the content), never built from anything a user typed, and a key that would
// resolve outside the store's root is refused. The type of a document is decided from its first
// bytes (magic numbers), never from its name or declared type.
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface FileStore {
  /** Stores `data` under a new key in `folder` (a fixed name chosen by the code); returns the key. */
  put(folder: string, ext: string, data: Buffer): Promise<string>;
  get(key: string): Promise<Buffer>;
  /** Removes the file; a missing file is not an error. */
  remove(key: string): Promise<void>;
}

const TYPES = [
  { mime: 'application/pdf', ext: 'pdf', magic: [0x25, 0x50, 0x44, 0x46, 0x2d] },
  { mime: 'image/png', ext: 'png', magic: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { mime: 'image/jpeg', ext: 'jpg', magic: [0xff, 0xd8, 0xff] },
] as const;

/** PDF, PNG or JPEG from the content's first bytes; null for anything else. */
export function detectDocumentType(buf: Buffer): { mime: string; ext: string } | null {
  const t = TYPES.find((x) => buf.length >= x.magic.length && x.magic.every((b, i) => buf[i] === b));
  return t ? { mime: t.mime, ext: t.ext } : null;
}

const EXT_TYPE: Record<string, string> = {
  pdf: 'pdf',
  png: 'png',
  jpg: 'jpg',
  jpeg: 'jpg',
};
const TYPE_WORD: Record<string, string> = { pdf: 'a PDF', png: 'a PNG image', jpg: 'a JPEG image' };

/**
 * Why a file's name contradicts its content (a PNG named .pdf), or null when it does not: a
 * renamed file is refused rather than stored under a type its owner did not mean to send.
 * Names without one of the three extensions are judged by content alone.
 */
export function nameContradictsType(name: string, ext: string): string | null {
  const own = EXT_TYPE[path.extname(name).slice(1).toLowerCase()];
  if (!own || own === ext) return null;
  return `${name} is ${TYPE_WORD[ext]}, not ${TYPE_WORD[own]}: rename it or choose the right file`;
}

/** A file name fit to show and to send in Content-Disposition (no path, no quotes, no controls). */
export function displayName(original: string | undefined, fallback: string): string {
  return (
    path
      .basename(original || fallback)
      .replace(/[^\w.\- ]+/g, '_')
      .slice(0, 120) || fallback
  );
}

const FOLDER = /^[a-z0-9-]+$/;
const KEY = /^[a-z0-9-]+\/[0-9a-f-]{36}\.(pdf|png|jpg)$/;

export function diskFileStore(dataDir: string): FileStore {
  const root = path.resolve(dataDir, 'uploads');
  const resolve = (key: string) => {
    const abs = path.resolve(root, key);
    if (!abs.startsWith(root + path.sep)) throw new Error('file key escapes the uploads folder');
    return abs;
  };
  return {
    async put(folder, ext, data) {
      if (!FOLDER.test(folder) || !/^[a-z0-9]{1,5}$/.test(ext))
        throw new Error('bad file folder or extension');
      const key = path.posix.join(folder, `${randomUUID()}.${ext}`);
      const abs = resolve(key);
      await mkdir(path.dirname(abs), { recursive: true });
      await writeFile(abs, data, { mode: 0o600 });
      return key;
    },
    async get(key) {
      return readFile(resolve(key));
    },
    async remove(key) {
      if (!KEY.test(key)) throw new Error('not a file key of this store');
      await rm(resolve(key), { force: true });
    },
  };
}
