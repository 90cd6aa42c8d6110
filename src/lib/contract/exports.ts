import { z } from 'zod';

/** GET /exportar?formato=txt|pdf&de=<listing path>: the price-list export of a listing. Full zod: no island imports this. */
export const ExportQuerySchema = z.object({
  formato: z.enum(['txt', 'pdf']),
  de: z.string().min(1).max(2000),
});
