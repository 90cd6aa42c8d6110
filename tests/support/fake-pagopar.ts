import { createHash, randomBytes } from 'node:crypto';
import { createFailures, startJsonServer, type FakeAnswer, type FakeRequest } from './fake-http.ts';

/**
 * A local Pagopar speaking the documented calls (soporte.pagopar.com, "API - Integración de
 * medios de pagos"; decision 0410): POST /api/comercios/2.0/iniciar-transaccion (token
 * sha1(private key + id_pedido_comercio + monto_total)), POST /api/pedidos/1.1/traer (token
 * sha1(private key + "CONSULTA")), POST /api/pedidos/1.1/reversar (sha1(private key +
 * "PEDIDO-REVERSAR")). Refusals are HTTP 200 with { respuesta: false, resultado: "<reason>" }.
 * `pay` plays the buyer on the checkout page; `notification` is what Pagopar posts back,
 * its token sha1(private key + hash_pedido).
 */
export const FAKE_PAGOPAR_PUBLIC_KEY = 'fake-pagopar-public-key-98b97ce4';
export const FAKE_PAGOPAR_PRIVATE_KEY = 'fake-pagopar-private-key-35a10eaf';

const sha1 = (value: string) => createHash('sha1').update(value, 'utf8').digest('hex');
const refuse = (reason: string): FakeAnswer => ({ status: 200, body: { respuesta: false, resultado: reason } });

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
  /** The body the shop started the transaction with (Pagopar 2.0 iniciar-transaccion). */
  request: PagoparStartBody;
}

/** The fields of an iniciar-transaccion body the tests read; the fake checks the others it needs. */
interface PagoparStartBody extends Record<string, unknown> {
  monto_total?: number;
  compras_items?: Array<{ precio_total: number }>;
  comprador?: Record<string, unknown>;
  forma_pago?: unknown;
}

export async function startFakePagopar() {
  const orders = new Map<string, FakePagoparOrder>();
  const failures = createFailures();
  let nextNumber = 1_400_000;

  function toResultado(order: FakePagoparOrder) {
    const { request: _request, id_pedido_comercio: _id, ...visible } = order;
    return { ...visible, token: sha1(`${FAKE_PAGOPAR_PRIVATE_KEY}${order.hash_pedido}`) };
  }

  function handle(request: FakeRequest): FakeAnswer {
    const failure = failures.take(request.path);
    if (failure) return failure;
    const body = request.body;
    if (request.method !== 'POST') return { status: 405, body: { respuesta: false, resultado: 'Método no permitido' } };
    if (request.path === '/api/comercios/2.0/iniciar-transaccion') {
      if (body.public_key !== FAKE_PAGOPAR_PUBLIC_KEY) return refuse('Comercio no encontrado.');
      const amount = Number(body.monto_total);
      const expected = sha1(
        `${FAKE_PAGOPAR_PRIVATE_KEY}${body.id_pedido_comercio}${Number.isInteger(amount) ? amount.toFixed(0) : String(amount)}`,
      );
      if (body.token !== expected) return refuse('Token no corresponde.');
      if (!Number.isInteger(amount) || amount <= 0) return refuse('El monto total debe ser un número entero en guaraníes.');
      const hash = randomBytes(32).toString('hex');
      const order: FakePagoparOrder = {
        hash_pedido: hash,
        numero_pedido: String(nextNumber++),
        id_pedido_comercio: String(body.id_pedido_comercio),
        monto: `${amount}.00`,
        pagado: false,
        cancelado: false,
        forma_pago: '',
        forma_pago_identificador: '',
        fecha_pago: null,
        fecha_maxima_pago: String(body.fecha_maxima_pago),
        numero_comprobante_interno: null,
        ultimo_mensaje_error: null,
        request: body,
      };
      orders.set(hash, order);
      return { status: 200, body: { respuesta: true, resultado: [{ data: hash, pedido: order.numero_pedido }] } };
    }
    if (request.path === '/api/pedidos/1.1/traer' || request.path === '/api/pedidos/1.1/reversar') {
      const reversal = request.path.endsWith('reversar');
      if (body.token_publico !== FAKE_PAGOPAR_PUBLIC_KEY) return refuse('Comercio no encontrado.');
      if (body.token !== sha1(`${FAKE_PAGOPAR_PRIVATE_KEY}${reversal ? 'PEDIDO-REVERSAR' : 'CONSULTA'}`))
        return refuse('Token no corresponde.');
      const order = orders.get(String(body.hash_pedido));
      if (!order) return refuse('No existe el pedido.');
      if (!reversal) return { status: 200, body: { respuesta: true, resultado: [toResultado(order)] } };
      if (!order.pagado) return refuse('El pedido no está pagado.');
      order.pagado = false;
      order.cancelado = true;
      return { status: 200, body: { respuesta: true, resultado: 'Pedido reversado.' } };
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
    getOrder(link: string): FakePagoparOrder {
      const hash = new URL(link).pathname.split('/').pop() ?? '';
      const order = orders.get(hash);
      if (!order) throw new Error(`no Pagopar order ${hash}`);
      return order;
    },
    /** The buyer pays (or the order is cancelled) on Pagopar's page. */
    pay(link: string, options: { paid?: boolean; amount?: number } = {}): FakePagoparOrder {
      const order = this.getOrder(link);
      if (options.paid === false) {
        order.cancelado = true;
      } else {
        order.pagado = true;
        order.forma_pago = 'Tarjetas de crédito';
        order.forma_pago_identificador = '9';
        order.fecha_pago = new Date().toISOString().replace('T', ' ').slice(0, 19);
        order.numero_comprobante_interno = String(8_000_000 + Math.floor(Math.random() * 1_000_000));
      }
      if (options.amount !== undefined) order.monto = `${options.amount}.00`;
      return order;
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
