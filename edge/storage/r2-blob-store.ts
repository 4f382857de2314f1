import { BLOB_KEY_PATTERN, type BlobStore } from './blob-store';

/**
 * The part of Cloudflare's R2 binding this app uses. Declared here rather than pulling in
 * @cloudflare/workers-types, whose globals clash with the DOM types the PWA needs in the same project.
 */
export interface R2BucketLike {
  put(key: string, value: Uint8Array | ArrayBuffer, options?: { httpMetadata?: { contentType?: string } }): Promise<unknown>;
  get(key: string): Promise<{
    body: ReadableStream<Uint8Array>;
    size: number;
    httpMetadata?: { contentType?: string };
  } | null>;
  delete(key: string): Promise<void>;
}

/** The Worker's blob store: an R2 bucket binding. */
export function r2BlobStore(bucket: R2BucketLike): BlobStore {
  return {
    async put(key, bytes, contentType) {
      if (!BLOB_KEY_PATTERN.test(key)) throw new Error(`Invalid blob key: ${key}`);
      await bucket.put(key, bytes, { httpMetadata: { contentType } });
    },
    async get(key) {
      if (!BLOB_KEY_PATTERN.test(key)) return null;
      const object = await bucket.get(key);
      if (!object) return null;
      return {
        body: object.body,
        size: object.size,
        contentType: object.httpMetadata?.contentType ?? 'application/octet-stream',
      };
    },
    async delete(key) {
      if (!BLOB_KEY_PATTERN.test(key)) return;
      await bucket.delete(key);
    },
  };
}
