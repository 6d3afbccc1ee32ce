/**
 * The admin upload endpoints' HTTP glue, separate from the route files so
 * tests can call it with their own database (the *Route functions at the end
 * are what the route files export, on the app's database): admin session + same-origin check,
 * multipart field "file", then stageUpload() (listing photos) or
 * storeCmsImage() (CMS post covers).
 */
import { createContext } from "@/server/api/context";
import { isSameOriginRequest } from "@/server/auth/csrf";
import { getDb, type Db } from "@/server/db";
import { storageUnavailableError } from "@/server/mail/storage-alert";
import {
  ensureImageVariant,
  IMAGE_CONTENT_TYPES,
  IMAGE_VARIANTS,
  isImageName,
  type ImageVariant,
  type MediaObject,
  type StorageOptions,
  storeCmsImage,
  MAX_UPLOAD_BYTES,
  stagedFile,
  stageUpload,
  UploadRejectedError,
} from "@/server/media";

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" } });

/** Whether the request carries a valid admin session. */
export async function isAdminRequest(db: Db, req: Request): Promise<boolean> {
  const ctx = await createContext({ db, headers: req.headers });
  return Boolean(ctx.admin && ctx.adminSession);
}

/** The uploaded file of an admin's same-origin multipart POST (field "file"), or the error answer. */
async function readAdminUpload(db: Db, req: Request): Promise<Buffer | Response> {
  if (!isSameOriginRequest(req.headers, req.url)) return json(403, { message: "不正なリクエストです" });
  if (!(await isAdminRequest(db, req))) return json(401, { message: "管理者としてログインしてください" });
  const length = Number(req.headers.get("content-length") ?? "0");
  if (length > MAX_UPLOAD_BYTES + 64 * 1024) return json(413, { message: `画像は${MAX_UPLOAD_BYTES / 1024 / 1024}MB以下のファイルを選択してください` });
  let file: FormDataEntryValue | null;
  try {
    file = (await req.formData()).get("file");
  } catch {
    return json(400, { message: "ファイルを選択してください" });
  }
  if (!file || typeof file === "string") return json(400, { message: "ファイルを選択してください" });
  return Buffer.from(await file.arrayBuffer());
}

/** Reads the upload, hands it to `store` and answers 201 with its result, or 4xx with a Japanese message. */
async function handleUpload(db: Db, req: Request, store: (buffer: Buffer) => Promise<unknown>): Promise<Response> {
  const buffer = await readAdminUpload(db, req);
  if (buffer instanceof Response) return buffer;
  try {
    return json(201, await store(buffer));
  } catch (e) {
    if (e instanceof UploadRejectedError) return json(422, { message: e.message });
    // A full disk or a read-only database: nothing was kept (the store writes all or nothing).
    const unavailable = storageUnavailableError(e, `upload ${new URL(req.url).pathname}`);
    if (unavailable) return json(503, { message: unavailable.message });
    throw e;
  }
}

/** POST: one listing photo in multipart field "file" → { token, width, height } (staged until the listing is saved). */
export function handleImageUpload(db: Db, req: Request, opts: StorageOptions = {}): Promise<Response> {
  return handleUpload(db, req, (buffer) => stageUpload(buffer, { db, ...opts }));
}

/** POST: a CMS post cover in multipart field "file" → { name, url, thumbUrl, width, height } (stored at once). */
export function handleCmsImageUpload(db: Db, req: Request, opts: StorageOptions = {}): Promise<Response> {
  return handleUpload(db, req, (buffer) => storeCmsImage(buffer, { db, ...opts }));
}

/**
 * GET previews for the editor: staging/{token}/{variant} or {id}/{name}/{variant}
 * (any listing, published or not). Admins only; never cached by shared caches.
 */
export async function handleImagePreview(db: Db, req: Request, parts: string[], opts: StorageOptions = {}): Promise<Response> {
  const notFound = () => new Response("Not Found", { status: 404, headers: { "content-type": "text/plain; charset=utf-8" } });
  if (!(await isAdminRequest(db, req))) return notFound();
  const [a, b, c] = parts;
  if (parts.length !== 3 || !a || !b || !c || !IMAGE_VARIANTS.includes(c as ImageVariant) || !isImageName(b)) return notFound();
  const variant = c as ImageVariant;
  let file: MediaObject | null = null;
  if (a === "staging") file = await stagedFile(b, variant, { db, ...opts });
  else {
    const id = Number(a);
    if (Number.isSafeInteger(id) && id > 0) file = await ensureImageVariant(id, b, variant, { db, ...opts });
  }
  const body = file ? await file.body().catch(() => null) : null;
  if (!body) return notFound();
  return new Response(new Uint8Array(body), {
    headers: {
      "content-type": IMAGE_CONTENT_TYPES[variant],
      "cache-control": "private, no-store",
      "x-content-type-options": "nosniff",
      "content-security-policy": "default-src 'none'",
    },
  });
}

/** The route handlers (src/app/api/admin/images, cms-images), on the app's database. */
export const imageUploadRoute = async (req: Request) => handleImageUpload(await getDb(), req);
export const cmsImageUploadRoute = async (req: Request) => handleCmsImageUpload(await getDb(), req);
export const imagePreviewRoute = async (req: Request, parts: string[]) => handleImagePreview(await getDb(), req, parts);
