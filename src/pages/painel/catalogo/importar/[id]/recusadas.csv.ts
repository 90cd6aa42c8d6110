import type { APIRoute } from 'astro';
import { getImportJobs } from '#server/catalogue-import/index.ts';
import { downloadRejects } from '#server/catalogue-import/routes.ts';
import { getPanelLocale, requireApiStaff } from '#server/staff/index.ts';

/** GET /painel/catalogo/importar/{id}/recusadas.csv: an import's rejected rows with their reason, to fix and import again. */
export const GET: APIRoute = (context) => {
  const staff = requireApiStaff(context, { role: 'admin' });
  if (staff instanceof Response) return staff;
  return downloadRejects(getImportJobs(), context.params.id ?? '', staff.id, getPanelLocale(context.locals));
};
