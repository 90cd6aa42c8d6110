export type CheckoutErrorCode =
  | 'cartNotFound'
  | 'emptyCart'
  | 'invalidDeliveryToken'
  | 'deliveryMismatch'
  | 'addressRequired'
  | 'pickupOnly'
  | 'pickupPointRequired'
  | 'paymentMethodUnavailable'
  | 'installmentsUnavailable'
  | 'rucRequired'
  | 'productUnavailable'
  | 'priceOnRequest'
  | 'outOfStock'
  | 'paymentGatewayUnavailable'
  | 'unitsPerProductCap'
  | 'unpaidValueCap';

export interface ShortItem {
  produto_id: number;
  codigo: string;
  nome_pt: string;
  nome_es: string;
  solicitado: number;
  disponivel: number;
}

/** A refused checkout: the endpoint turns `code` into the shopper's language. */
export class CheckoutError extends Error {
  readonly status: number;
  readonly code: CheckoutErrorCode;
  readonly field: string;
  readonly shortItems: ShortItem[];
  /** Values for the message (a cap and what went over it). */
  readonly params: Record<string, string | number>;

  constructor(status: number, code: CheckoutErrorCode, field: string, shortItems: ShortItem[] = [], params: Record<string, string | number> = {}) {
    super(code);
    this.status = status;
    this.code = code;
    this.field = field;
    this.shortItems = shortItems;
    this.params = params;
  }
}
