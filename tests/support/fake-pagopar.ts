import { createHash, randomBytes } from 'node:crypto';
import { createFailures, startJsonServer, type FakeAnswer, type FakeRequest } from './fake-http.ts';

/**
 * A local Pagopar speaking the documented calls and refusing what Pagopar documents it refuses.
 * Sources (soporte.pagopar.com, read through the search tool; decision 0410):
 * - "API - Integración de medios de pagos" (API): POST /api/comercios/2.0/iniciar-transaccion
 *   (token sha1(private key + id_pedido_comercio + strval(floatval(monto_total)))), the
 *   notification (token sha1(private key + hash_pedido)), POST /api/pedidos/1.1/traer (token
 *   sha1(private key + "CONSULTA")), the forma_pago ids.
 * - "Listado de errores al iniciar transacción" (ERRORES): every refusal of iniciar-transaccion
 *   below, with its documented text.
 * - "Reversar un pedido pagado" (REVERSAR): POST /api/pedidos/1.1/reversar (sha1(private key +
 *   "PEDIDO-REVERSAR")), which methods, which day, "Inmediata" or "Agendada".
 * - "Entornos y pase a producción" (ENTORNOS): staging and production are one id space.
 * Refusals are HTTP 200 with { respuesta: false, resultado: "<reason>" } (API).
 * `pay` plays the buyer on the checkout page; `notification` is what Pagopar posts back.
 */
export const FAKE_PAGOPAR_PUBLIC_KEY = 'fake-pagopar-public-key-98b97ce4';
export const FAKE_PAGOPAR_PRIVATE_KEY = 'fake-pagopar-private-key-35a10eaf';

/** REVERSAR: card through Bancard (9, 14 card on file), Zimple, Tigo Money, Giros Claro, Wally, Billetera Personal. */
export const PAGOPAR_REVERSIBLE_METHODS: Record<string, string> = {
  '9': 'Tarjetas de crédito',
  '14': 'Bancard - Catastrar Tarjeta',
  '18': 'Zimple',
  '10': 'Tigo Money',
  '23': 'Giros Claro',
  '20': 'Wally',
  '12': 'Billetera Personal',
};
/** API, "Lista de formas de pago": methods the tests pay with that cannot be reversed through the API. */
export const PAGOPAR_OTHER_METHODS: Record<string, string> = { '11': 'Transferencia Bancaria', '24': 'Pago QR', '2': 'Aqui Pago' };

/**
 * REVERSAR names no day after which a scheduled reversal is refused, only the answer ("Expiró el
 * tiempo máximo..."); the fake refuses from this many days after the payment (undocumented figure).
 */
const REVERSAL_MAX_DAYS = 30;

const sha1 = (value: string) => createHash('sha1').update(value, 'utf8').digest('hex');
const refuse = (reason: string): FakeAnswer => ({ status: 200, body: { respuesta: false, resultado: reason } });

/** 'YYYY-MM-DD HH:mm:ss' in Asunción, as Pagopar writes its dates. */
function toAsuncionTime(date: Date): string {
  return date.toLocaleString('sv-SE', { timeZone: 'America/Asuncion', hourCycle: 'h23' }).slice(0, 19);
}

export interface FakePagoparOrder {
  hash_pedido: string;
  numero_pedido: string;
  id_pedido_comercio: string;
  monto: string;
  pagado: boolean;
  cancelado: boolean;
  forma_pago: string;
  forma_pago_identificador: string;
  fecha_pago: string | null;
  fecha_maxima_pago: string;
  numero_comprobante_interno: string | null;
  ultimo_mensaje_error: string | null;
  /** REVERSAR: a scheduled reversal Pagopar has not applied yet ("Agendada"), or the date one was applied. */
  reversal: { scheduled: boolean; fecha_reversion: string | null } | null;
  /** The body the shop started the transaction with (Pagopar 2.0 iniciar-transaccion). */
  request: PagoparStartBody;
}

/** The fields of an iniciar-transaccion body the tests read; the fake checks the others it needs. */
interface PagoparStartBody extends Record<string, unknown> {
  monto_total?: number;
  id_pedido_comercio?: string;
  compras_items?: Array<{ precio_total: number }>;
  comprador?: Record<string, unknown>;
  forma_pago?: unknown;
}

const MIN_AMOUNT = 1_000;
const MAX_AMOUNT = 50_000_000;

/** ERRORES, one documented refusal per rule; null when the body would create an order. */
function getStartRefusal(body: PagoparStartBody, usedIds: Set<string>, today: string): string | null {
  if (body.public_key !== FAKE_PAGOPAR_PUBLIC_KEY) return 'Comercio no existe';
  if (body.id_pedido_comercio === undefined || body.id_pedido_comercio === '') return 'El id pedido del comercio debe de estar presente';
  const amount = Number(body.monto_total);
  const expected = sha1(
    `${FAKE_PAGOPAR_PRIVATE_KEY}${String(body.id_pedido_comercio)}${Number.isInteger(amount) ? amount.toFixed(0) : String(amount)}`,
  );
  if (body.token !== expected) return 'Token no coincide';
  // ERRORES: unique "tanto en entorno de desarrollo como en entorno de producción combinados" (ENTORNOS).
  if (usedIds.has(String(body.id_pedido_comercio))) return 'El pedido ya existe para ese comercio';
  if (body.descripcion_resumen === undefined) return 'La descripcion debe de estar presente';
  if (body.tipo_pedido !== 'VENTA-COMERCIO' && body.tipo_pedido !== 'COMERCIO-HEREDADO') return 'venta invalido';
  const buyer = body.comprador;
  if (!buyer || typeof buyer.email !== 'string' || buyer.email === '') return 'El email del comprador debe existir';
  // ERRORES: digits only (dots are removed), 5 to 24 of them; API: the cédula ("Número de cédula. Campo obligatorio").
  const document =
    typeof buyer.documento === 'string' || typeof buyer.documento === 'number' ? String(buyer.documento).replaceAll('.', '') : '';
  if (!/^\d{5,24}$/.test(document)) return 'El documento debe de estar presente';
  // ERRORES and API: "por el momento siempre debe ser CI".
  if (buyer.tipo_documento !== 'CI') return 'El tipo documento debe de estar presente';
  const deadline = typeof body.fecha_maxima_pago === 'string' ? body.fecha_maxima_pago : '';
  if (!/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(deadline) || deadline.slice(0, 10) < today) return 'Fecha inválida.';
  if (!Array.isArray(body.compras_items) || body.compras_items.length === 0) return 'Datos de productos invalidos';
  if (!Number.isInteger(amount) || amount < MIN_AMOUNT || amount > MAX_AMOUNT)
    return 'Monto debe ser mínimo Gs. 1.000 o máximo de Gs. 50.000.00';
  if (body.compras_items.some((item) => !(Number(item.precio_total) >= MIN_AMOUNT)))
    return 'El precio mínimo de cada item debe ser de Gs. 1.000';
  return null;
}

export async function startFakePagopar() {
  const orders = new Map<string, FakePagoparOrder>();
  /** Every id_pedido_comercio ever started: one space for staging and production (ENTORNOS, ERRORES). */
  const usedIds = new Set<string>();
  const failures = createFailures();
  let nextNumber = 1_400_000;

  function toResultado(order: FakePagoparOrder, extra = false) {
    const { request: _request, id_pedido_comercio: _id, reversal, ...visible } = order;
    return {
      ...visible,
      token: sha1(`${FAKE_PAGOPAR_PRIVATE_KEY}${order.hash_pedido}`),
      // REVERSAR: traer with datos_adicionales answers fecha_reversion, null while a reversal waits.
      ...(extra ? { datos_adicionales: reversal ? [{ fecha_reversion: reversal.fecha_reversion }] : [] } : {}),
    };
  }

  function reverse(order: FakePagoparOrder, when: Date): void {
    order.pagado = false;
    order.cancelado = true;
    order.fecha_pago = null;
    order.reversal = { scheduled: false, fecha_reversion: toAsuncionTime(when).replace(' ', 'T') };
  }

  /** REVERSAR: only documented methods; the same day (Asunción) at once, later days scheduled, too late refused. */
  function handleReversal(order: FakePagoparOrder): FakeAnswer {
    if (!order.pagado || !order.fecha_pago) return refuse('El pedido no se encuentra pagado.'); // wording not documented
    if (order.reversal?.scheduled) return refuse('El pedido ya tiene una reversión agendada.'); // wording not documented
    if (!PAGOPAR_REVERSIBLE_METHODS[order.forma_pago_identificador]) {
      // REVERSAR: other methods by e-mail to reversiones@pagopar.com; the API's answer is not documented.
      return refuse('La forma de pago del pedido no permite reversión.');
    }
    const now = new Date();
    const paidDay = order.fecha_pago.slice(0, 10);
    const today = toAsuncionTime(now).slice(0, 10);
    const ageDays = (Date.parse(today) - Date.parse(paidDay)) / 86_400_000;
    if (ageDays > REVERSAL_MAX_DAYS) return refuse('Expiró el tiempo máximo para realizar la reversión de este pedido.');
    const immediate = paidDay === today;
    if (immediate) reverse(order, now);
    else order.reversal = { scheduled: true, fecha_reversion: null };
    return {
      status: 200,
      body: {
        respuesta: true,
        resultado: [
          {
            pedido: order.numero_pedido,
            hash: order.hash_pedido,
            forma_pago: order.forma_pago_identificador,
            transaccion: String(2_400_000 + Number(order.numero_pedido)),
            estado_transaccion: '2',
            tiempo_reversion: immediate ? 'Inmediata' : 'Agendada',
          },
        ],
      },
    };
  }

  function handle(request: FakeRequest): FakeAnswer {
    const failure = failures.take(request.path);
    if (failure) return failure;
    const body = request.body as PagoparStartBody;
    if (request.method !== 'POST') return { status: 405, body: { respuesta: false, resultado: 'Método no permitido' } };
    if (request.path === '/api/comercios/2.0/iniciar-transaccion') {
      const refusal = getStartRefusal(body, usedIds, toAsuncionTime(new Date()).slice(0, 10));
      if (refusal) return refuse(refusal);
      usedIds.add(String(body.id_pedido_comercio));
      const hash = randomBytes(32).toString('hex');
      const order: FakePagoparOrder = {
        hash_pedido: hash,
        numero_pedido: String(nextNumber++),
        id_pedido_comercio: String(body.id_pedido_comercio),
        monto: `${Number(body.monto_total)}.00`,
        pagado: false,
        cancelado: false,
        forma_pago: '',
        forma_pago_identificador: '',
        fecha_pago: null,
        fecha_maxima_pago: String(body.fecha_maxima_pago),
        numero_comprobante_interno: null,
        ultimo_mensaje_error: null,
        reversal: null,
        request: body,
      };
      orders.set(hash, order);
      return { status: 200, body: { respuesta: true, resultado: [{ data: hash, pedido: order.numero_pedido }] } };
    }
    if (request.path === '/api/pedidos/1.1/traer' || request.path === '/api/pedidos/1.1/reversar') {
      const reversal = request.path.endsWith('reversar');
      if (body.token_publico !== FAKE_PAGOPAR_PUBLIC_KEY) return refuse('Comercio no existe');
      if (body.token !== sha1(`${FAKE_PAGOPAR_PRIVATE_KEY}${reversal ? 'PEDIDO-REVERSAR' : 'CONSULTA'}`))
        return refuse('Token no coincide');
      const order = orders.get(String(body.hash_pedido));
      if (!order) return refuse('No existe el pedido.');
      if (!reversal) return { status: 200, body: { respuesta: true, resultado: [toResultado(order, body.datos_adicionales === true)] } };
      return handleReversal(order);
    }
    return { status: 404, body: { respuesta: false, resultado: 'Recurso no encontrado' } };
  }

  const server = await startJsonServer(handle);
  return {
    url: server.url,
    /** The checkout page base: links are `${checkoutUrl}/${hash}`. */
    checkoutUrl: `${server.url}/pagos`,
    requests: server.requests,
    orders,
    failNext: failures.failNext,
    /** Ids the shop's other environment (staging, or another database numbering from 10001) already used. */
    claimOrderIds(ids: string[]): void {
      for (const id of ids) usedIds.add(id);
    },
    getOrder(link: string): FakePagoparOrder {
      const hash = new URL(link).pathname.split('/').pop() ?? '';
      const order = orders.get(hash);
      if (!order) throw new Error(`no Pagopar order ${hash}`);
      return order;
    },
    /** The buyer pays (or the order is cancelled) on Pagopar's page; by card (9) today unless told otherwise. */
    pay(link: string, options: { paid?: boolean; amount?: number; method?: string; paidAt?: Date } = {}): FakePagoparOrder {
      const order = this.getOrder(link);
      if (options.paid === false) {
        order.cancelado = true;
      } else {
        const method = options.method ?? '9';
        order.pagado = true;
        order.forma_pago = PAGOPAR_REVERSIBLE_METHODS[method] ?? PAGOPAR_OTHER_METHODS[method] ?? method;
        order.forma_pago_identificador = method;
        order.fecha_pago = `${toAsuncionTime(options.paidAt ?? new Date())}.52895`;
        order.numero_comprobante_interno = String(8_000_000 + Math.floor(Math.random() * 1_000_000));
      }
      if (options.amount !== undefined) order.monto = `${options.amount}.00`;
      return order;
    },
    /** Pagopar's staff apply a scheduled reversal (REVERSAR: "programada para aplicarse de forma manual"). */
    applyScheduledReversal(hash: string): void {
      const order = orders.get(hash);
      if (!order?.reversal?.scheduled) throw new Error(`no scheduled reversal for ${hash}`);
      reverse(order, new Date());
    },
    /** A reversal made on Pagopar's side (its panel, a chargeback): API, "en caso de reversión", pagado false. */
    reverseOnGateway(hash: string): void {
      const order = orders.get(hash);
      if (!order) throw new Error(`no Pagopar order ${hash}`);
      order.pagado = false;
      order.fecha_pago = null;
    },
    /** The notification Pagopar posts to the shop's url de respuesta. */
    notification(hash: string, options: { privateKey?: string } = {}) {
      const order = orders.get(hash);
      if (!order) throw new Error(`no Pagopar order ${hash}`);
      const resultado = { ...toResultado(order), token: sha1(`${options.privateKey ?? FAKE_PAGOPAR_PRIVATE_KEY}${hash}`) };
      return { body: JSON.stringify({ resultado: [resultado], respuesta: true }), headers: { 'content-type': 'application/json' } };
    },
    stop: server.stop,
  };
}
