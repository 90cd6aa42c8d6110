// The catalogue settings' form handlers, framework-free: the pages under src/pages/painel/catalogo
// run these after the admin guard. A saved form answers a redirect (303, so a reload posts
// nothing); a refused one comes back whole, with the staff member's input and the reasons.
import { panelCatalogueMessages } from '#lib/i18n/panel-catalogue.ts';
import { createTranslator } from '#lib/i18n/translator.ts';
import type { Locale } from '#lib/locale.ts';
import { CURRENCIES, isCurrencyId, parseAmount, toDecimalText } from '#lib/money.ts';
import { isSafeText } from '#lib/safe-text.ts';
import { CURRENCY_DECIMALS, ProductTaxonomySchema, toRowIssues, type ProductTaxonomy } from '#lib/contract/catalogue-product.ts';
import { sanitizeDescription, sanitizeSvgIcon } from '../catalog/service.ts';
import { toTaxonomyIssues, type StoredProduct } from '../catalogue-import/index.ts';
import { DomainError } from '../errors/domain-error.ts';
import { toErrorMessages } from '../http/error-result.ts';
import type { PickupPointChange, PickupPointSettingRow, ShippingSettingsService } from '../shipping/index.ts';
import { settingsError, toRowProblem, type FieldProblem } from './errors.ts';
import type { ProductChange, ProductEditRow, TaxonomyChange, TaxonomyRow } from './repository.ts';
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

/**
 * Runs one form (other panel forms too): reads it, lets `apply` write it, and answers `location`
 * (or the one `apply` returns) or the refusal.
 */
export async function runForm(
  request: Request,
  locale: Locale,
  location: string,
  apply: (form: FormFields) => Promise<string | void>,
): Promise<FormOutcome> {
  const form = await readForm(request);
  if (!form) return toRefusal(settingsError('invalid_input'), locale, {});
  try {
    return { ok: true, location: (await apply(form)) ?? location };
  } catch (error) {
    return toRefusal(error, locale, form);
  }
}

/** POST /painel/catalogo/produtos/{id}: the edit, or `acao=arquivar` (out of the storefront). */
export function submitProductForm(
  service: CatalogueSettingsService,
  caller: SettingsCaller,
  id: number,
  request: Request,
): Promise<FormOutcome> {
  return runForm(request, caller.locale, `/painel/catalogo/produtos/${id}?feito=1`, async (form) => {
    if (form.acao === 'arquivar') return void (await service.archiveProduct(caller.actor, id, form.versao ?? ''));
    const { version, change, taxonomy } = readProductForm(form);
    await service.updateProduct(caller.actor, id, version, change, taxonomy);
  });
}

/** POST /painel/catalogo/produtos/novo: a new product, then its pictures page. */
export function submitNewProductForm(service: CatalogueSettingsService, caller: SettingsCaller, request: Request): Promise<FormOutcome> {
  return runForm(request, caller.locale, '/painel/catalogo/produtos', async (form) => {
    const id = await service.createProduct(caller.actor, readNewProductForm(form));
    return `/painel/catalogo/produtos/${id}/fotos?criado=1`;
  });
}

/** The new-product form's text fields, named as the import's columns (so the import's problems land on them). */
const NEW_PRODUCT_TEXTS = [
  'codigo',
  'nome_pt',
  'nome_es',
  'descritivo_pt',
  'descritivo_es',
  'descricao_pt',
  'descricao_es',
  'marca',
  'categoria_pt',
  'categoria_es',
  'departamento_pt',
  'departamento_es',
  'preco',
  'moeda',
  'estoque',
] as const;

/**
 * The new-product form as an import row (the import's schema judges it): optional texts left
 * blank are left out, specifications one a line (`nome pt | nome es | valor pt | valor es`).
 */
export function readNewProductForm(form: FormFields): { codigo: string } & Record<string, unknown> {
  const row: { codigo: string } & Record<string, unknown> = { codigo: form.codigo ?? '' };
  for (const name of NEW_PRODUCT_TEXTS) {
    const value = form[name] ?? '';
    if (value.trim() !== '') row[name] = value;
  }
  row.mostrar_preco = form.mostrar_preco === 'on';
  row.especificacoes = toSpecificationRows(form.especificacoes);
  return row;
}

/** Specifications typed one a line, `nome pt | nome es | valor pt | valor es`, as import rows give them. */
function toSpecificationRows(text: string | undefined) {
  return (text ?? '')
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const [nomePt = '', nomeEs = '', valorPt = '', valorEs = ''] = line.split('|').map((part) => part.trim());
      return { nome_pt: nomePt, nome_es: nomeEs, valor_pt: valorPt, valor_es: valorEs };
    });
}

/** The stored product's brand, category, department and specifications as the forms show them. */
function toClassificationFields(product: StoredProduct): FormFields {
  return {
    marca: product.marca,
    categoria_pt: product.categoria_pt,
    categoria_es: product.categoria_es,
    departamento_pt: product.departamento_pt ?? '',
    departamento_es: product.departamento_es ?? '',
    especificacoes: product.especificacoes.map((spec) => [spec.nome_pt, spec.nome_es, spec.valor_pt, spec.valor_es].join(' | ')).join('\n'),
  };
}

/**
 * Brand, category, department and specifications of the edit form, judged by the import's rules
 * (problems named per field on `read`); null when the form does not carry them (a post from an
 * older form), which leaves them as they are.
 */
function readTaxonomy(form: FormFields, read: ReturnType<typeof createFieldReader>): ProductTaxonomy | null {
  if (form.marca === undefined) return null;
  const parsed = ProductTaxonomySchema.safeParse({
    marca: form.marca,
    categoria_pt: form.categoria_pt ?? '',
    categoria_es: form.categoria_es ?? '',
    departamento_pt: form.departamento_pt ?? '',
    departamento_es: form.departamento_es ?? '',
    especificacoes: toSpecificationRows(form.especificacoes),
  });
  const issues = parsed.success ? toTaxonomyIssues(parsed.data) : toRowIssues(parsed.error);
  for (const issue of issues) read.fail(issue.field, toRowProblem(issue));
  return parsed.success ? parsed.data : null;
}

/** A stored product as the new-product form shows it for a copy: no code, no stock, no pictures. */
export function toNewProductFields(product: StoredProduct | null): FormFields {
  if (!product) return { moeda: 'USD', estoque: '0', mostrar_preco: 'on' };
  return {
    nome_pt: product.nome_pt,
    nome_es: product.nome_es,
    descritivo_pt: product.descritivo_pt,
    descritivo_es: product.descritivo_es,
    descricao_pt: product.descricao_pt,
    descricao_es: product.descricao_es,
    ...toClassificationFields(product),
    preco: toDecimalText(product.priceMinor, CURRENCY_DECIMALS[product.moeda]).replace('.', ','),
    moeda: product.moeda,
    estoque: '0',
    mostrar_preco: product.mostrar_preco ? 'on' : '',
  };
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

// Reading the settings forms (urlencoded, the panel works without JavaScript): every field is
// range-checked, and every problem is named per field so the form comes back with it.
export type FormFields = Record<string, string>;

const MAX_MAJOR = 999_999_999;

/** The checker of one form: read fields with it, then `done()` throws when any was wrong. */
export function createFieldReader(form: FormFields) {
  const problems: Record<string, FieldProblem> = {};
  const fail = (field: string, problem: FieldProblem) => {
    problems[field] ??= problem;
  };
  return {
    text(field: string, max: number, { required = true } = {}): string {
      const value = (form[field] ?? '').trim();
      if (required && value === '') fail(field, { key: 'fieldRequired' });
      if (value.length > max) fail(field, { key: 'fieldTooLong', params: { max } });
      // NUL and other control characters: PostgreSQL refuses NUL, and no catalogue text carries them.
      else if (!isSafeText(value)) fail(field, { key: 'fieldUnsafe' });
      return value.slice(0, max);
    },
    flag(field: string): boolean {
      return form[field] === 'on' || form[field] === '1' || form[field] === 'true';
    },
    integer(field: string, max: number, key: FieldProblem['key']): number {
      const raw = (form[field] ?? '').trim();
      if (!/^\d{1,10}$/.test(raw) || Number(raw) > max) {
        fail(field, { key });
        return 0;
      }
      return Number(raw);
    },
    /** An amount typed as people type it here ("1.234,50", "1234,5", "150000"; money.ts's 'locale' format). */
    money(field: string, currencyId: number): number {
      const decimals = isCurrencyId(currencyId) ? CURRENCIES[currencyId].decimals : 2;
      const minor = parseAmount(form[field] ?? '', { decimals, format: 'locale' });
      if (minor === 'ambiguous') fail(field, { key: 'amountAmbiguous' });
      else if (typeof minor !== 'number' || minor > MAX_MAJOR * 10 ** decimals || !isCurrencyId(currencyId)) {
        fail(field, { key: 'priceInvalid', params: { decimals } });
      } else return minor;
      return 0;
    },
    /** A positive decimal of up to `decimals` places, as the text PostgreSQL's numeric reads ("7300", "5.125"). */
    decimal(field: string, decimals: number, max: number, key: FieldProblem['key']): string {
      const minor = parseAmount(form[field] ?? '', { decimals, format: 'locale' });
      if (minor === 'ambiguous') fail(field, { key: 'amountAmbiguous' });
      else if (typeof minor !== 'number' || minor <= 0 || minor > max * 10 ** decimals) fail(field, { key });
      else return decimals > 0 ? toDecimalText(minor, decimals).replace(/\.?0+$/, '') : String(minor);
      return '0';
    },
    fail,
    done(): void {
      if (Object.keys(problems).length > 0) throw settingsError('invalid_input', problems);
    },
  };
}

export function readProductForm(form: FormFields): { version: string; change: ProductChange; taxonomy: ProductTaxonomy | null } {
  const read = createFieldReader(form);
  const taxonomy = readTaxonomy(form, read);
  const currencyId = Number(form.moeda);
  if (!isCurrencyId(currencyId)) read.fail('moeda', { key: 'currencyInvalid' });
  const change: ProductChange = {
    price_minor: read.money('preco', currencyId),
    currency_id: currencyId,
    stock: read.integer('estoque', 1_000_000_000, 'stockInvalid'),
    show_price: read.flag('mostrar_preco'),
    active: read.flag('ativo'),
    name_pt: read.text('nome_pt', 200),
    name_es: read.text('nome_es', 200),
    description_pt: sanitizeDescription(read.text('descricao_pt', 20_000, { required: false })),
    description_es: sanitizeDescription(read.text('descricao_es', 20_000, { required: false })),
  };
  read.done();
  return { version: form.versao ?? '', change, taxonomy };
}

export function readTaxonomyForm(form: FormFields, { category }: { category: boolean }): { version: string; change: TaxonomyChange } {
  const read = createFieldReader(form);
  const iconText = read.text('icone', 50_000, { required: false });
  const icon = iconText === '' ? null : sanitizeSvgIcon(iconText);
  if (iconText !== '' && icon === null) read.fail('icone', { key: 'iconInvalid' });
  const change: TaxonomyChange = {
    name_pt: read.text('nome_pt', 120),
    name_es: read.text('nome_es', 120),
    position: read.integer('ordem', 100_000, 'positionInvalid'),
    icon_svg: icon,
    ...(category ? { menu_visible: read.flag('visivel_menu') } : {}),
  };
  read.done();
  return { version: form.versao ?? '', change };
}

/**
 * Rate fields `cotacao_<currency id>` for the currencies given; the rest of the form is ignored. A
 * field left blank sets nothing (a currency without a rate stays without one).
 */
export function readRatesForm(form: FormFields, currencyIds: readonly number[]): { version: string; rates: Map<number, string> } {
  const read = createFieldReader(form);
  const typed = currencyIds.filter((id) => (form[`cotacao_${id}`] ?? '').trim() !== '');
  const rates = new Map(typed.map((id) => [id, read.decimal(`cotacao_${id}`, 6, 1_000_000, 'rateInvalid')]));
  read.done();
  return { version: form.versao ?? '', rates };
}

/** A product as its form shows it before any edit (amount in major units with a decimal comma, as typed here). */
export function toProductFields(row: ProductEditRow, state: StoredProduct | null): FormFields {
  const decimals = isCurrencyId(row.currency_id) ? CURRENCIES[row.currency_id].decimals : 2;
  return {
    versao: row.version,
    preco: toDecimalText(Number(row.price_minor), decimals).replace('.', ','),
    moeda: String(row.currency_id),
    estoque: String(row.stock),
    mostrar_preco: row.show_price ? 'on' : '',
    ativo: row.active ? 'on' : '',
    nome_pt: row.name_pt,
    nome_es: row.name_es,
    descricao_pt: row.description_pt,
    descricao_es: row.description_es,
    ...(state ? toClassificationFields(state) : {}),
  };
}

/** A category or department as its form shows it before any edit. */
export function toTaxonomyFields(row: TaxonomyRow & { menu_visible?: boolean }): FormFields {
  return {
    versao: row.version,
    nome_pt: row.name_pt,
    nome_es: row.name_es,
    ordem: String(row.position),
    visivel_menu: row.menu_visible === false ? '' : 'on',
    icone: row.icon_svg ?? '',
  };
}

/**
 * The rates as their form shows them: trailing zeros of numeric(18,6) dropped, a decimal comma
 * ('5,125', which the 'locale' reader takes back as is; '5.125' would be ambiguous).
 */
export function toRateFields(rows: readonly { currency_id: number; rate: string }[], version: string): FormFields {
  return Object.fromEntries([
    ['versao', version],
    ...rows.map((row) => [`cotacao_${row.currency_id}`, String(Number(row.rate)).replace('.', ',')]),
  ]);
}

/** One form of the shipping page: a rate's price and days, a new rate, or a pickup point. */
export type ShippingForm =
  | { kind: 'rate'; id: number; version: string; priceMinor: number; days: number }
  | { kind: 'new_rate'; serviceId: number; stateId: number | null; cityId: number | null; priceMinor: number; days: number }
  | { kind: 'point'; id: number | null; version: string; change: PickupPointChange }
  | { kind: 'remove_rate'; id: number }
  | { kind: 'remove_point'; id: number };

const GUARANI = 3;

export function readShippingForm(form: FormFields): ShippingForm {
  if (form.tipo === 'remover_tarifa' || form.tipo === 'remover_ponto') {
    if (!/^\d{1,9}$/.test(form.id ?? '')) throw settingsError('not_found');
    const id = Number(form.id);
    return form.tipo === 'remover_tarifa' ? { kind: 'remove_rate', id } : { kind: 'remove_point', id };
  }
  const read = createFieldReader(form);
  const priceMinor = read.money('preco', GUARANI);
  const days = read.integer('prazo', 60, 'daysInvalid');
  const id = /^\d{1,9}$/.test(form.id ?? '') ? Number(form.id) : null;
  if (form.tipo === 'nova_tarifa') {
    const serviceId = /^\d{1,9}$/.test(form.servico ?? '') ? Number(form.servico) : 0;
    const destination = (form.destino ?? '').match(/^([dc]):(\d{1,9})$/);
    if (!destination) read.fail('destino', { key: 'cityInvalid' });
    read.done();
    const place = Number(destination?.[2]);
    return {
      kind: 'new_rate',
      serviceId,
      stateId: destination?.[1] === 'd' ? place : null,
      cityId: destination?.[1] === 'c' ? place : null,
      priceMinor,
      days,
    };
  }
  if (form.tipo === 'ponto') {
    const cityId = /^\d{1,9}$/.test(form.cidade ?? '') ? Number(form.cidade) : 0;
    if (cityId === 0) read.fail('cidade', { key: 'cityInvalid' });
    const change: PickupPointChange = {
      name: read.text('nome', 120),
      address: read.text('endereco', 300),
      cityId,
      hoursPt: read.text('horario_pt', 200),
      hoursEs: read.text('horario_es', 200),
      priceMinor,
      days,
      active: read.flag('ativo'),
    };
    read.done();
    return { kind: 'point', id, version: form.versao ?? '', change };
  }
  if (id === null) throw settingsError('not_found');
  read.done();
  return { kind: 'rate', id, version: form.versao ?? '', priceMinor, days };
}

export function toRateSettingFields(row: { version: string; price_minor: string; days: number }): FormFields {
  return { versao: row.version, preco: String(Number(row.price_minor)), prazo: String(row.days) };
}

export function toPointFields(row: PickupPointSettingRow | null): FormFields {
  if (!row) return { ativo: 'on' };
  return {
    versao: row.version,
    nome: row.name,
    endereco: row.address,
    cidade: String(row.city_id),
    horario_pt: row.hours_pt,
    horario_es: row.hours_es,
    preco: String(Number(row.price_minor)),
    prazo: String(row.days),
    ativo: row.active ? 'on' : '',
  };
}
