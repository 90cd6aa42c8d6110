// The store-details form of /painel/loja, framework-free (the page runs it after the admin guard):
// urlencoded fields in, the contract's StoreDetailsSchema as the one rule of every field, the form
// back whole with a message per field when anything is refused.
import type { z } from 'zod';
import { SOCIAL_NETWORKS, StoreDetailsSchema, type StoreDetails } from '#lib/contract/store-details.ts';
import type { PanelStoreKey } from '#lib/i18n/panel-store.ts';
import { runForm, toSettingsCaller, type FormFields, type FormOutcome } from '../catalogue-settings/index.ts';
import { storeDetailsError } from './errors.ts';
import type { StoreDetailsService } from './service.ts';

/** Form field of each stored field (the panel's forms are named in Portuguese). */
const FIELD_OF: Record<string, string> = {
  name_pt: 'nome_pt',
  name_es: 'nome_es',
  legal_name: 'razao_social',
  ruc: 'ruc',
  address_pt: 'endereco_pt',
  address_es: 'endereco_es',
  hours_pt: 'horario_pt',
  hours_es: 'horario_es',
  phones: 'telefones',
  whatsapp: 'whatsapp',
  emails: 'emails',
  quick_links: 'atalhos',
};
const LIST_LIMITS: Record<string, number> = { telefones: 5, emails: 5, atalhos: 8 };
const KNOWN_PROBLEMS = new Set<string>([
  'required',
  'tooLong',
  'unsafe',
  'rucInvalid',
  'phoneInvalid',
  'emailInvalid',
  'urlInvalid',
  'tooMany',
]);

const toLines = (text: string | undefined) =>
  (text ?? '')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);

/** A quick link typed as `rótulo pt | rótulo es | endereço`. */
function toQuickLink(line: string) {
  const [labelPt = '', labelEs = '', ...target] = line.split('|').map((part) => part.trim());
  return { label_pt: labelPt, label_es: labelEs, href: target.join('|') };
}

function toFieldProblems(error: z.ZodError): Record<string, { key: PanelStoreKey; params?: Record<string, number> }[]> {
  const fields: Record<string, { key: PanelStoreKey; params?: Record<string, number> }[]> = {};
  for (const issue of error.issues) {
    const [first, second] = issue.path.map(String);
    const field = first === 'social' ? (second ?? 'instagram') : (FIELD_OF[first ?? ''] ?? 'nome_pt');
    if (fields[field]) continue;
    const known = KNOWN_PROBLEMS.has(issue.message) ? (issue.message as PanelStoreKey) : 'unsafe';
    // A quick link's parts are one line of the form: whatever is wrong in it, the line's layout is the message.
    const key = field === 'atalhos' && known !== 'tooMany' && known !== 'unsafe' ? 'linkInvalid' : known;
    fields[field] = [key === 'tooMany' ? { key, params: { max: LIST_LIMITS[field] ?? 0 } } : { key }];
  }
  return fields;
}

/** The form's fields read into the stored shape; refused with every field's problem. */
function readStoreDetailsForm(form: FormFields): StoreDetails {
  const parsed = StoreDetailsSchema.safeParse({
    name_pt: form.nome_pt ?? '',
    name_es: form.nome_es ?? '',
    legal_name: form.razao_social ?? '',
    ruc: form.ruc ?? '',
    address_pt: form.endereco_pt ?? '',
    address_es: form.endereco_es ?? '',
    hours_pt: form.horario_pt ?? '',
    hours_es: form.horario_es ?? '',
    phones: toLines(form.telefones),
    whatsapp: (form.whatsapp ?? '').trim(),
    emails: toLines(form.emails),
    social: Object.fromEntries(SOCIAL_NETWORKS.map((network) => [network, form[network] ?? ''])),
    quick_links: toLines(form.atalhos).map(toQuickLink),
  });
  if (parsed.success) return parsed.data;
  throw storeDetailsError('invalid', 'error_invalid_input', { code: 'invalid_input', fields: toFieldProblems(parsed.error) });
}

/** The saved details as the form shows them (an empty form before the first save). */
export function toStoreDetailsFields(details: StoreDetails | null, version: string): FormFields {
  if (!details) return { versao: version };
  return {
    versao: version,
    nome_pt: details.name_pt,
    nome_es: details.name_es,
    razao_social: details.legal_name,
    ruc: details.ruc,
    endereco_pt: details.address_pt,
    endereco_es: details.address_es,
    horario_pt: details.hours_pt,
    horario_es: details.hours_es,
    telefones: details.phones.join('\n'),
    whatsapp: details.whatsapp,
    emails: details.emails.join('\n'),
    ...details.social,
    atalhos: details.quick_links.map((link) => `${link.label_pt} | ${link.label_es} | ${link.href}`).join('\n'),
  };
}

/** POST /painel/loja. */
export function submitStoreDetailsForm(
  service: StoreDetailsService,
  caller: ReturnType<typeof toSettingsCaller>,
  request: Request,
): Promise<FormOutcome> {
  return runForm(request, caller.locale, '/painel/loja?feito=1', async (form) => {
    await service.save(caller.actor, form.versao ?? '', readStoreDetailsForm(form));
  });
}
