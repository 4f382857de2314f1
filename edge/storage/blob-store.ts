/**
 * Where uploaded images live: an R2 bucket on Workers, a folder on Node. Keys are random and flat
 * (see `newBlobKey`), so an implementation never has to deal with paths chosen by a client.
 */
interface StoredBlob {
  body: ReadableStream<Uint8Array> | Uint8Array;
  contentType: string;
  size: number;
}

export interface BlobStore {
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  get(key: string): Promise<StoredBlob | null>;
  delete(key: string): Promise<void>;
}

/** Keys are 32 hex characters plus an extension; anything else is refused before reaching a store. */
export const BLOB_KEY_PATTERN = /^[0-9a-f]{32}\.(png|jpg|webp|gif|avif)$/;

export function newBlobKey(extension: string): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}.${extension}`;
}
