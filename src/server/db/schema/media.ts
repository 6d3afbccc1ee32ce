import { blob, index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * Stored files (listing photos and their variants, staged uploads, CMS covers)
 * when MEDIA_STORAGE=database (src/server/media/storage.ts): the bytes live in
 * libSQL, so a sqld cluster replicates them to every node. Content-addressed:
 * media_files names a file by its storage key, media_blobs holds each distinct
 * content once, so copying a listing's photos (duplicate, the demo seed's
 * picture pool) adds rows, not bytes.
 */
export const media_blobs = sqliteTable("media_blobs", {
  /** SHA-256 of the body, hex. */
  hash: text("hash").primaryKey(),
  body: blob("body", { mode: "buffer" }).notNull(),
});

export const media_files = sqliteTable(
  "media_files",
  {
    /** The file's path under the store, e.g. investments/12/{name}_thumb.webp or staging/{token}.webp. */
    key: text("key").primaryKey(),
    hash: text("hash").notNull(),
    size: integer("size").notNull(),
    /** Milliseconds; staging's TTL is counted from it. */
    created_at: integer("created_at").notNull(),
  },
  (t) => [index("media_files_hash_idx").on(t.hash), index("media_files_created_idx").on(t.created_at)],
);
