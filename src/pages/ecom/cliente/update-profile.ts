import type { APIRoute } from 'astro';
import * as z from 'zod/mini';
import { createProfileSchema } from '../../../lib/contract/accounts.ts';
import { formatCpfOrCnpj, formatRuc } from '../../../lib/documents.ts';
import { toStoredPhone } from '../../../lib/phone.ts';
import { json, jsonError, toFieldErrors, zodMessagesIn } from '../../../server/http/responses.ts';
import { toAccountUser } from '../../../server/accounts/customers.ts';
import { getAccountTexts } from '../../../server/accounts/http.ts';
import { requireApiCustomer } from '../../../server/accounts/require-customer.ts';
import { getCustomerRepository, getDocumentService } from '../../../server/accounts/index.ts';
import { readDocumentUpload } from '../../../server/accounts/uploads.ts';

/** POST /ecom/cliente/update-profile (multipart: telefone, documento, documento_tipo, optional frente/verso). */
export const POST: APIRoute = async (context) => {
  const customer = requireApiCustomer(context);
  if (customer instanceof Response) return customer;
  const { locale } = context.locals;
  const { t, f } = getAccountTexts(locale);
  const upload = await readDocumentUpload(context.request, locale, false);
  if (!upload.ok) return upload.response;
  const result = z.safeParse(createProfileSchema(f), upload.fields, zodMessagesIn(locale));
  const errors = { ...(result.success ? {} : toFieldErrors(result.error.issues)), ...upload.fileErrors };
  if (!result.success || Object.keys(errors).length > 0) return jsonError(422, f('formInvalidText'), errors);
  const { telefone, documento_tipo, documento } = result.data;
  const document = documento_tipo === 'CPF' ? formatCpfOrCnpj(documento) : documento_tipo === 'RUC' ? formatRuc(documento) : documento.trim();
  const row = await getCustomerRepository().updateProfile(customer.id, { phone: toStoredPhone(telefone, customer.foreignBuyer ? 'BR' : 'PY'), documentType: documento_tipo, document });
  const documents = getDocumentService();
  for (const side of ['frente', 'verso'] as const) {
    const file = upload.files[side];
    if (file) await documents.saveDocument(customer.id, side, file);
  }
  return json({ message: t('saved'), user: row ? toAccountUser(row) : null });
};
