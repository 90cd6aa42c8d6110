// The catalogue settings' form handlers, framework-free: the pages under src/pages/painel/catalogo
// run these after the admin guard. A saved form answers a redirect (303, so a reload posts
// nothing); a refused one comes back whole, with the staff member's input and the reasons.
import { panelCatalogueMessages } from '#lib/i18n/panel-catalogue.ts';
import { createTranslator } from '#lib/i18n/translator.ts';
import type { Locale } from '#lib/locale.ts';
import { DomainError } from '../errors/domain-error.ts';
import { toErrorMessages } from '../http/error-result.ts';
import { settingsError } from './errors.ts';
import type { ShippingSettingsService } from '../shipping/index.ts';
import { readProductForm, readRatesForm, readShippingForm, readTaxonomyForm, type FormFields } from './forms.ts';
import type { CatalogueSettingsService, SettingsActor } from './service.ts';

export interface SettingsCaller {
  actor: SettingsActor;
  locale: Locale;
}

export function toSettingsCaller(staff: { id: number; email: string }, locale: Locale): SettingsCaller {
  return { actor: { staffId: staff.id, email: staff.email }, locale };
}

/** What a form post led to: where to go next, or the form again with its input and messages. */
export type FormOutcome =
  | { ok: true; location: string }
  | { ok: false; status: number; code: string; message: string; fields: Record<string, string>; values: FormFields };

const ID = /^\d{1,9}$/;

/** A positive id from a path or form field, else null. */
export function toSettingsId(value: string | undefined): number | null {
  return value && ID.test(value) && Number(value) > 0 ? Number(value) : null;
}

async function readForm(request: Request): Promise<FormFields | null> {
  if (!/^application\/x-www-form-urlencoded\b/i.test(request.headers.get('content-type') ?? '')) return null;
  const fields: FormFields = {};
  for (const [key, value] of new URLSearchParams(await request.text())) fields[key] = value;
  return fields;
}

function toRefusal(error: unknown, locale: Locale, values: FormFields): FormOutcome {
  if (!(error instanceof DomainError)) throw error;
  const { status, message, errors } = toErrorMessages(error, locale);
  const fields = Object.fromEntries(Object.entries(errors).map(([name, messages]) => [name, messages.join(' ')]));
  return { ok: false, status, code: error.code, message, fields, values };
}

/** Runs one form: reads it, lets `apply` write it, and answers `location` or the refusal. */
async function runForm(
  request: Request,
  locale: Locale,
  location: string,
  apply: (form: FormFields) => Promise<void>,
): Promise<FormOutcome> {
  const form = await readForm(request);
  if (!form) return toRefusal(settingsError('invalid_input'), locale, {});
  try {
    await apply(form);
    return { ok: true, location };
  } catch (error) {
    return toRefusal(error, locale, form);
  }
}

/** POST /painel/catalogo/produtos/{id}. */
export function submitProductForm(
  service: CatalogueSettingsService,
  caller: SettingsCaller,
  id: number,
  request: Request,
): Promise<FormOutcome> {
  return runForm(request, caller.locale, `/painel/catalogo/produtos/${id}?feito=1`, async (form) => {
    const { version, change } = readProductForm(form);
    await service.updateProduct(caller.actor, id, version, change);
  });
}

/** POST /painel/catalogo/categorias: one category (`tipo=categoria`) or department (`tipo=departamento`). */
export function submitTaxonomyForm(service: CatalogueSettingsService, caller: SettingsCaller, request: Request): Promise<FormOutcome> {
  return runForm(request, caller.locale, '/painel/catalogo/categorias?feito=1', async (form) => {
    const id = toSettingsId(form.id);
    const category = form.tipo !== 'departamento';
    if (id === null) throw settingsError('not_found');
    const { version, change } = readTaxonomyForm(form, { category });
    if (category) await service.updateCategory(caller.actor, id, version, change);
    else await service.updateDepartment(caller.actor, id, version, change);
  });
}

/** POST /painel/catalogo/cotacoes: the USD rates of every other currency. */
export function submitRatesForm(
  service: CatalogueSettingsService,
  caller: SettingsCaller,
  currencyIds: readonly number[],
  request: Request,
): Promise<FormOutcome> {
  return runForm(request, caller.locale, '/painel/catalogo/cotacoes?feito=1', async (form) => {
    const { version, rates } = readRatesForm(form, currencyIds);
    await service.setRates(caller.actor, version, rates);
  });
}

/** POST /painel/catalogo/frete: one rate, a new rate, or one pickup point (new when `id` is empty). */
export function submitShippingForm(service: ShippingSettingsService, caller: SettingsCaller, request: Request): Promise<FormOutcome> {
  return runForm(request, caller.locale, '/painel/catalogo/frete?feito=1', async (form) => {
    const input = readShippingForm(form);
    if (input.kind === 'rate') await service.updateRate(caller.actor, input.id, input.version, input.priceMinor, input.days);
    else if (input.kind === 'new_rate') await service.addRate(caller.actor, input);
    else if (input.kind === 'remove_rate') await service.removeRate(caller.actor, input.id);
    else if (input.kind === 'remove_point') await service.removePickupPoint(caller.actor, input.id);
    else await service.savePickupPoint(caller.actor, input.id, input.version, input.change);
  });
}

/** The "saved" line after a form's redirect, in the staff member's language. */
export function getSavedMessage(params: URLSearchParams, locale: Locale): string | null {
  return params.get('feito') === '1' ? createTranslator(panelCatalogueMessages, locale)('saved') : null;
}
