import type { APIRoute } from 'astro';
import { z } from 'zod';
import { json, parseQuery } from '../../../../server/http/responses.ts';
import { getReferenceService } from '../../../../server/reference/services.ts';

const QuerySchema = z.object({ pais_id: z.coerce.number().int().min(1).max(2).optional() });

/** GET /ecom/endereco/estados?pais_id=: states (1-27 Brazil, 28-45 Paraguay) as `{ data }`. */
export const GET: APIRoute = async ({ url, locals }) => {
  const query = parseQuery(url, QuerySchema, locals.locale);
  if (!query.ok) return query.response;
  const data = await getReferenceService().listStates(query.data.pais_id);
  return json({ data }, { headers: { 'cache-control': 'public, max-age=86400' } });
};
