import { z } from 'zod';

/** The address look-ups' requests (accounts spec section 3). Full zod: no island imports this. */

/** GET /ecom/endereco/estados?pais_id= (1 Brazil, 2 Paraguay; all without it). */
export const StatesQuerySchema = z.object({ pais_id: z.coerce.number().int().min(1).max(2).optional() });

/** POST /ecom/endereco/cidade-por-codigo {pais_id, codigo}: an IBGE code (Brazil) or a SIFEN district code (Paraguay). */
export const CityByCodeSchema = z.object({
  pais_id: z.coerce.number().int().min(1).max(2),
  codigo: z
    .union([z.string(), z.number()])
    .transform((value) => String(value).trim())
    .pipe(z.string().regex(/^\d{1,7}$/)),
});
