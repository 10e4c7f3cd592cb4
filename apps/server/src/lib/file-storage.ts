import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Where uploaded images live. Local disk by default; an object store (S3-compatible) implements
 * the same two calls when one machine is not enough.
 */
export interface FileStorage {
  /** Stores the bytes under a key such as `products/12/ab12cd-640.webp`; returns the public URL. */
  put(key: string, data: Buffer, contentType: string): Promise<string>;
  /** Removes a file by the URL `put` returned; unknown URLs are ignored. */
  remove(url: string): Promise<void>;
}

export const UPLOADS_URL_PREFIX = '/uploads/';

export class LocalDiskStorage implements FileStorage {
  constructor(readonly root: string) {}

  async put(key: string, data: Buffer): Promise<string> {
    const file = this.resolve(key);
    // Owner-only like the rest of DATA_DIR; the process umask says so too, this does not rely on it.
    await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
    await writeFile(file, data, { mode: 0o600 });
    return `${UPLOADS_URL_PREFIX}${key}`;
  }

  async remove(url: string): Promise<void> {
    if (!url.startsWith(UPLOADS_URL_PREFIX)) return;
    await rm(this.resolve(url.slice(UPLOADS_URL_PREFIX.length)), { force: true });
  }

  /** Keys never escape the uploads folder. */
  private resolve(key: string): string {
    const file = path.resolve(this.root, key);
    if (!file.startsWith(path.resolve(this.root) + path.sep)) throw new Error(`invalid storage key: ${key}`);
    return file;
  }
}
