import { z } from 'zod';
import { BannerFormSchema, BrandFormSchema, PictureActionSchema, SellerFormSchema } from '#lib/contract/catalogue-media.ts';
import type { Locale } from '#lib/locale.ts';
import type { AuditActor } from '../audit/index.ts';
import { DomainError } from '../errors/domain-error.ts';
import { toErrorResult } from '../http/error-result.ts';
import { parseMultipart } from '../http/multipart.ts';
import { mediaError } from './errors.ts';
import { PICTURE_MAX_BYTES } from './pictures.ts';
import type { CatalogueMediaService, PictureStore, ShowcaseService, UploadedPicture } from './service.ts';

// The catalogue-media HTTP handlers, framework-free: the endpoint files under
// src/pages/api/painel/catalogo run these after the staff guard (admins only).
export interface MediaCaller {
  actor: AuditActor;
  locale: Locale;
}

const FILE_FIELD = 'imagem';
const ID = /^\d{1,9}$/;

type Body = { json: boolean; fields: Record<string, string>; file?: UploadedPicture };

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
  });
}

const redirect = (location: string) => new Response(null, { status: 303, headers: { location, 'cache-control': 'no-store' } });

/** A multipart form (with or without a picture) or a urlencoded one; JSON answers when the caller accepts JSON. */
async function readBody(request: Request): Promise<Body> {
  const wantsJson = /application\/json/i.test(request.headers.get('accept') ?? '');
  const type = request.headers.get('content-type') ?? '';
  if (/^application\/x-www-form-urlencoded\b/i.test(type)) {
    return { json: wantsJson, fields: Object.fromEntries(new URLSearchParams(await request.text())) };
  }
  const parsed = await parseMultipart(request, { fileFields: [FILE_FIELD], maxFileBytes: PICTURE_MAX_BYTES });
  if (!parsed.ok) throw parsed.reason === 'too_large' ? mediaError('too_large', 'pictureTooLarge') : mediaError('invalid', 'badField');
  const file = parsed.files[FILE_FIELD];
  return { json: wantsJson, fields: parsed.fields, file: file ? { bytes: file.bytes, fileName: file.filename } : undefined };
}

/** Runs one change; answers JSON (200 / the refusal's status and message) or sends the form back to `back` with the outcome. */
async function respond(caller: MediaCaller, request: Request, back: string, work: (body: Body) => Promise<unknown>): Promise<Response> {
  const wantsJson = /application\/json/i.test(request.headers.get('accept') ?? '');
  try {
    const body = await readBody(request);
    const result = await work(body);
    return body.json ? json(200, { ok: true, ...(result && typeof result === 'object' ? result : {}) }) : redirect(`${back}?ok=1`);
  } catch (error) {
    const refusal = error instanceof z.ZodError ? mediaError('invalid', 'badField') : error;
    if (!(refusal instanceof DomainError)) throw error;
    if (!wantsJson) return redirect(`${back}?erro=${refusal.code}`);
    const { status, body } = toErrorResult(refusal, caller.locale);
    return json(status, { code: refusal.code, ...(body as object) });
  }
}

export function postProductPictures(
  service: CatalogueMediaService,
  caller: MediaCaller,
  idParam: string,
  request: Request,
): Promise<Response> {
  const productId = ID.test(idParam) ? Number(idParam) : 0;
  return respond(caller, request, `/painel/catalogo/produtos/${productId}/fotos`, async ({ fields, file }) => {
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

export function postBanners(service: ShowcaseService, caller: MediaCaller, request: Request): Promise<Response> {
  return respond(caller, request, '/painel/catalogo/banners', async ({ fields, file }) => {
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

export function postBrandLogo(service: ShowcaseService, caller: MediaCaller, request: Request): Promise<Response> {
  return respond(caller, request, '/painel/catalogo/marcas', async ({ fields, file }) => {
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

export function postSellers(service: ShowcaseService, caller: MediaCaller, request: Request): Promise<Response> {
  return respond(caller, request, '/painel/catalogo/vendedores', async ({ fields, file }) => {
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

const notFound = () => new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });

/** One width of a stored picture: the address holds the content hash, so it is cached for a year, immutable. */
export async function servePictureFile(store: PictureStore, file: string | undefined): Promise<Response> {
  const match = file?.match(/^([0-9a-f]{20})-(\d{2,4})\.webp$/);
  const bytes = match?.[1] && match[2] ? await store.readPictureVariant(match[1], Number(match[2])) : null;
  if (!bytes) return notFound();
  return new Response(new Uint8Array(bytes), {
    headers: {
      'content-type': 'image/webp',
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
    },
  });
}
