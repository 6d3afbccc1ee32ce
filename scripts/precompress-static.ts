/**
 * After `next build` (part of `npm run build`): every script, stylesheet and
 * other text file under .next/static gets a brotli (quality 11) and a gzip
 * (level 9) twin, `<name>.br` / `<name>.gz`, which the production server
 * sends instead of compressing per request (src/server/http/precompressed-static.ts).
 * A twin that would not be smaller is not written.
 *
 *   npx tsx scripts/precompress-static.ts [dir]   (default .next/static)
 */
import { readdir, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { PRECOMPRESSED_EXTENSIONS } from "@/server/http/precompressed-static";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
/** Smaller files are not worth a second request path (the headers alone are larger). */
const MIN_BYTES = 1024;

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (entry.isFile()) yield full;
  }
}

export async function precompressStatic(dir: string): Promise<{ files: number; before: number; br: number; gzip: number }> {
  const todo: string[] = [];
  for await (const file of files(dir)) {
    if (file.endsWith(".br") || file.endsWith(".gz")) {
      // A twin from an earlier build whose original is gone or changed is rewritten below or removed here.
      await rm(file);
      continue;
    }
    if (PRECOMPRESSED_EXTENSIONS.includes(path.extname(file))) todo.push(file);
  }
  const totals = { files: 0, before: 0, br: 0, gzip: 0 };
  // zlib runs on libuv's thread pool: one file per core at a time.
  const workers = Math.max(1, os.availableParallelism());
  let next = 0;
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (next < todo.length) {
        const file = todo[next++]!;
        const data = await readFile(file);
        if (data.length < MIN_BYTES) continue;
        const [br, gz] = await Promise.all([
          brotli(data, {
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
              [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
            },
          }),
          gzip(data, { level: 9 }),
        ]);
        totals.files++;
        totals.before += data.length;
        if (br.length < data.length) {
          await writeFile(`${file}.br`, br);
          totals.br += br.length;
        }
        if (gz.length < data.length) {
          await writeFile(`${file}.gz`, gz);
          totals.gzip += gz.length;
        }
      }
    }),
  );
  return totals;
}

if (import.meta.url === `file://${process.argv[1]}` || process.argv[1]?.endsWith("precompress-static.ts")) {
  const dir = path.resolve(process.argv[2] ?? ".next/static");
  const started = Date.now();
  const t = await precompressStatic(dir);
  const kib = (n: number) => `${(n / 1024).toFixed(0)} KiB`;
  console.log(`[precompress] ${t.files} files, ${kib(t.before)} → brotli ${kib(t.br)}, gzip ${kib(t.gzip)} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
