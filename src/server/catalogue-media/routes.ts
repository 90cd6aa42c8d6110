import { z } from 'zod';
import { BannerFormSchema, BrandFormSchema, PictureActionSchema, SellerFormSchema } from '#lib/contract/catalogue-media.ts';
import { createTranslator } from '#lib/i18n/translator.ts';
import type { Locale } from '#lib/locale.ts';
import type { AuditActor } from '../audit/index.ts';
import { DomainError } from '../errors/domain-error.ts';
import type { ApiCall } from '../http/api-call.ts';
import { toErrorResult } from '../http/error-result.ts';
import { LARGE_UPLOAD_LIMIT_BYTES } from '../http/body-limit.ts';
import { parseMultipart, spoolMultipart } from '../http/multipart.ts';
import { jsonResult, rawResult, type ApiResult, type BodySource } from '../http/responses.ts';
import { tooManyRequestsError } from '../rate-limit/errors.ts';
import { getRateLimiter, LIMITS } from '../rate-limit/index.ts';
import { checkApiStaff, getPanelLocale, toAuditActor } from '../staff/index.ts';
import { mediaError } from './errors.ts';
import { getCatalogueMediaService, getPictureBatches, getPictureStore, getShowcaseService } from './index.ts';
import { PICTURE_MAX_BYTES, readUploadedPictures, toPictureUploadLimits } from './pictures.ts';
import type { UploadedPicture } from './service.ts';

// The catalogue-media HTTP handlers, framework-free: the endpoint files under
// src/pages/api/painel/catalogo are `toAstroRoute(handler)`; admins only.
interface MediaCaller {
  actor: AuditActor;
  locale: Locale;
}

const FILE_FIELD = 'imagem';
const ID = /^\d{1,9}$/;

type Body = { json: boolean; fields: Record<string, string>; file?: UploadedPicture };

const NO_STORE = { 'cache-control': 'no-store' };
const redirect = (location: string) => rawResult(303, null, { location, ...NO_STORE });

/** A multipart form (with or without a picture) or a urlencoded one; JSON answers when the caller accepts JSON. */
async function readBody(call: ApiCall, wantsJson: boolean, staffId: number): Promise<Body> {
  if (/^application\/x-www-form-urlencoded\b/i.test(call.body.contentType ?? '')) {
    return { json: wantsJson, fields: Object.fromEntries(new URLSearchParams(await call.body.text())) };
  }
  if (!(await getRateLimiter().consume(LIMITS.staffUpload, String(staffId)))) throw tooManyRequestsError(3600);
  const parsed = await parseMultipart(call.body, { fileFields: [FILE_FIELD], maxFileBytes: PICTURE_MAX_BYTES });
  if (!parsed.ok) throw parsed.reason === 'too_large' ? mediaError('too_large', 'pictureTooLarge') : mediaError('invalid', 'badField');
  const file = parsed.files[FILE_FIELD];
  return { json: wantsJson, fields: parsed.fields, file: file ? { bytes: file.bytes, fileName: file.filename } : undefined };
}

/** Text fields longer than this are not sent back in the address (the form shows them empty). */
const TYPED_FIELD_MAX = 500;

/**
 * Where a refused form goes: its page with the refusal's code and what was typed
 * (`campo_<field>`, text fields only: no browser keeps a chosen file), which the form shows
 * again (readTypedFields, components/panel/media/typed-fields.ts).
 */
function toRefusedLocation(back: string, code: string, fields: Record<string, string> = {}): string {
  const query = new URLSearchParams({ erro: code });
  for (const [name, value] of Object.entries(fields)) {
    // Control characters (a NUL is a reason to refuse) do not come back.
    if (name !== 'acao' && value.length <= TYPED_FIELD_MAX) query.set(`campo_${name}`, value.replace(/[^\P{Cc}\t\n\r]/gu, ''));
  }
  return `${back}?${query}`;
}

/**
 * Runs one change for an admin (else the guard's 401/403); answers JSON (200 / the refusal's
 * status and message) or sends the form back to `back` with the outcome.
 */
async function respond(call: ApiCall, back: string, work: (body: Body, caller: MediaCaller) => Promise<unknown>): Promise<ApiResult> {
  const staff = checkApiStaff(call.locals, { role: 'admin' });
  if ('status' in staff) return staff;
  const caller: MediaCaller = { actor: toAuditActor(staff), locale: getPanelLocale(call.locals) };
  const wantsJson = /application\/json/i.test(call.headers.get('accept') ?? '');
  let received: Body | undefined;
  try {
    received = await readBody(call, wantsJson, staff.id);
    const result = await work(received, caller);
    return received.json
      ? jsonResult(200, { ok: true, ...(result && typeof result === 'object' ? result : {}) }, NO_STORE)
      : redirect(`${back}?ok=1`);
  } catch (error) {
    const refusal = error instanceof z.ZodError ? mediaError('invalid', 'badField') : error;
    if (!(refusal instanceof DomainError)) throw error;
    if (!wantsJson) return redirect(toRefusedLocation(back, refusal.code, received?.fields));
    const { status, body, headers } = toErrorResult(refusal, caller.locale);
    return jsonResult(status, { code: refusal.code, ...(body as object) }, { ...headers, ...NO_STORE });
  }
}

/** POST /api/painel/catalogo/produtos/{id}/fotos: add a picture (multipart `imagem`), or order/remove one (`acao`, `url`). */
export function postProductPictures(call: ApiCall): Promise<ApiResult> {
  const productId = ID.test(call.id) ? Number(call.id) : 0;
  const service = getCatalogueMediaService();
  return respond(call, `/painel/catalogo/produtos/${productId}/fotos`, async ({ fields, file }, caller) => {
    if (!productId) throw mediaError('not_found', 'notFound');
    const input = PictureActionSchema.parse(fields);
    if (input.acao === 'add') {
      if (!file) throw mediaError('invalid', 'pictureMissing');
      return service.storeProductPicture(productId, file.bytes, file.fileName, caller.actor);
    }
    const images =
      input.acao === 'remove'
        ? await service.removeProductPicture(productId, input.url, caller.actor)
        : await service.moveProductPicture(productId, input.url, input.acao, caller.actor);
    return { imagens: images };
  });
}

/** POST /api/painel/catalogo/banners: save a banner (multipart `imagem` and fields), order or remove one. */
export function postBanners(call: ApiCall): Promise<ApiResult> {
  const service = getShowcaseService();
  return respond(call, '/painel/catalogo/banners', async ({ fields, file }, caller) => {
    const input = BannerFormSchema.parse(fields);
    if (input.acao === 'save') {
      const id = await service.saveBanner(caller.actor, {
        id: input.id,
        kind: input.tipo,
        link: input.link,
        image: file,
        titlePt: input.titulo_pt,
        titleEs: input.titulo_es,
        descriptionPt: input.descricao_pt,
        descriptionEs: input.descricao_es,
      });
      return { id };
    }
    if (input.id === undefined) throw mediaError('not_found', 'notFound');
    if (input.acao === 'remove') await service.removeBanner(caller.actor, input.id);
    else await service.moveBanner(caller.actor, input.id, input.acao);
    return { id: input.id };
  });
}

/** POST /api/painel/catalogo/marcas: rename a brand or save its logo (multipart `imagem`, `id`). */
export function postBrandLogo(call: ApiCall): Promise<ApiResult> {
  const service = getShowcaseService();
  return respond(call, '/painel/catalogo/marcas', async ({ fields, file }, caller) => {
    const { acao, id, nome } = BrandFormSchema.parse(fields);
    if (acao === 'rename') {
      await service.renameBrand(caller.actor, id, nome);
      return { id };
    }
    if (!file) throw mediaError('invalid', 'pictureMissing');
    await service.setBrandLogo(caller.actor, id, file);
    return { id };
  });
}

/** POST /api/painel/catalogo/vendedores: save a seller (name, roles, WhatsApp, photo `imagem`) or remove or move one. */
export function postSellers(call: ApiCall): Promise<ApiResult> {
  const service = getShowcaseService();
  return respond(call, '/painel/catalogo/vendedores', async ({ fields, file }, caller) => {
    const input = SellerFormSchema.parse(fields);
    if (input.acao !== 'save') {
      if (input.id === undefined) throw mediaError('not_found', 'notFound');
      if (input.acao === 'remove') await service.removeSeller(caller.actor, input.id);
      else await service.moveSeller(caller.actor, input.id, input.acao);
      return { id: input.id };
    }
    if (!input.nome || !input.funcao_pt || !input.funcao_es) throw mediaError('invalid', 'badField');
    const id = await service.saveSeller(caller.actor, {
      id: input.id,
      name: input.nome,
      rolePt: input.funcao_pt,
      roleEs: input.funcao_es,
      whatsapp: input.whatsapp,
      photo: file,
    });
    return { id };
  });
}

/** GET /img/f/{hash}-{width}.webp: the address holds the content hash, so it is cached for a year, immutable. */
export async function getPictureFile({ params }: ApiCall): Promise<ApiResult> {
  const match = params.file?.match(/^([0-9a-f]{20})-(\d{2,4})\.webp$/);
  const bytes = match?.[1] && match[2] ? await getPictureStore().readPictureVariant(match[1], Number(match[2])) : null;
  if (!bytes) return rawResult(404, 'Not found', { 'content-type': 'text/plain; charset=utf-8' });
  return rawResult(200, new Uint8Array(bytes), {
    'content-type': 'image/webp',
    'cache-control': 'public, max-age=31536000, immutable',
    'x-content-type-options': 'nosniff',
  });
}

// Pictures in bulk (issue 33.5): the upload of the product pictures page.

const MB = 1024 * 1024;

export type BatchUploadOutcome = { ok: true; batchId: string } | { ok: false; status: number; message: string };

/** POST /painel/catalogo/fotos (multipart, field `fotos`): pictures matched to products by the code in their names, queued. */
export async function uploadPictureBatch(source: Request | BodySource, staffId: number, locale: Locale): Promise<BatchUploadOutcome> {
  const refuse = (error: DomainError): BatchUploadOutcome => ({
    ok: false,
    status: toErrorResult(error, locale).status,
    message: createTranslator(error.messages, locale)(error.key, error.params),
  });
  if (!(await getRateLimiter().consume(LIMITS.staffUpload, String(staffId)))) return refuse(tooManyRequestsError(3600));
  const form = await spoolMultipart(source, toPictureUploadLimits());
  if (!form.ok)
    return refuse(
      form.reason === 'too_large'
        ? mediaError('too_large', 'batchTooLarge', { params: { mb: LARGE_UPLOAD_LIMIT_BYTES / MB } })
        : mediaError('invalid', 'batchEmpty'),
    );
  try {
    return { ok: true, batchId: await getPictureBatches().stage(staffId, readUploadedPictures(form.files), { forImport: false }) };
  } catch (error) {
    if (error instanceof DomainError) return refuse(error);
    throw error;
  } finally {
    await form.cleanup();
  }
}
