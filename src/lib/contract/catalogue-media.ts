// The catalogue-media forms of the staff panel (pictures, banners, brand logos, sellers): the
// server parses their fields with these schemas (multipart or urlencoded, decision 0820).
import { z } from 'zod';
import { isSafeText } from '../safe-text.ts';

/** The banner slots of the home page (the carousel, the three side by side, the offers one). */
export const BANNER_KINDS = ['Banner Principal', 'Triplo Esquerdo', 'Triplo Centro', 'Triplo Direito', 'Receba Ofertas'] as const;
export type BannerKind = (typeof BANNER_KINDS)[number];

const text = (max: number) => z.string().trim().max(max).refine(isSafeText).default('');
const IdSchema = z
  .string()
  .regex(/^\d{1,9}$/)
  .transform(Number);

/** POST /api/painel/catalogo/produtos/{id}/fotos: add the sent picture, or move or remove one by its address. */
export const PictureActionSchema = z.object({ acao: z.enum(['add', 'remove', 'up', 'down', 'first']).default('add'), url: text(200) });

/** POST /api/painel/catalogo/banners: save one (new without `id`), or move or remove one. */
export const BannerFormSchema = z.object({
  acao: z.enum(['save', 'up', 'down', 'remove']).default('save'),
  id: IdSchema.optional(),
  tipo: z.enum(BANNER_KINDS).default('Banner Principal'),
  link: text(500),
  titulo_pt: text(120),
  titulo_es: text(120),
  descricao_pt: text(300),
  descricao_es: text(300),
});

/** POST /api/painel/catalogo/marcas: the brand's new logo (the sent picture) or its new name. */
export const BrandFormSchema = z.object({ acao: z.enum(['logo', 'rename']).default('logo'), id: IdSchema, nome: text(200) });

/** POST /api/painel/catalogo/vendedores: save one (new without `id`), or move or remove one. */
export const SellerFormSchema = z.object({
  acao: z.enum(['save', 'up', 'down', 'remove']).default('save'),
  id: IdSchema.optional(),
  nome: text(80),
  funcao_pt: text(80),
  funcao_es: text(80),
  whatsapp: text(40),
});
