import type { APIRoute } from 'astro';
import { downloadTemplate } from '#server/catalogue-import/routes.ts';
import { getPanelLocale, requireApiStaff } from '#server/staff/index.ts';

/** GET /painel/catalogo/importar/modelo.csv: the import template (docs/catalogue-import-template.csv). */
export const GET: APIRoute = (context) => {
  const staff = requireApiStaff(context, { role: 'admin' });
  return staff instanceof Response ? staff : downloadTemplate(getPanelLocale(context.locals));
};
