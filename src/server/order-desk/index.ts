import { writeAudit } from '../audit/index.ts';
import { systemClock } from '../clock.ts';
import { getPool } from '../db/client.ts';
import { getConfig } from '../config.ts';
import { enqueueOrderMail, enqueueOrderStatusMail, listSentOrderMails } from '../mail/index.ts';
import { getPaymentService, orderStockChanges, partialRefunds, recordManualOrderRefund } from '../payments/index.ts';
import { createRateLimiter } from '../rate-limit/index.ts';
import { createOrderDeskRepository } from './repository.ts';
import { createOrderDeskService } from './service.ts';

export { TRANSITIONS } from './transitions.ts';

/** The order desk on the shop's pool; the shopper hears of each status change by e-mail (mail queue). */
export function getOrderDeskService() {
  const pool = getPool();
  return createOrderDeskService({
    db: pool,
    connect: () => pool.connect(),
    clock: systemClock,
    repository: createOrderDeskRepository(),
    limiter: createRateLimiter({ db: pool }),
    writeAudit,
    notifyStatusChange: enqueueOrderStatusMail,
    stock: orderStockChanges,
    refundOrder: (orderId) => getPaymentService().refundOrder(orderId),
    recordManualRefund: recordManualOrderRefund,
    partialRefunds,
    refundPart: (refundId) => getPaymentService().refundPart(refundId),
    orderMails: {
      listSent: listSentOrderMails,
      enqueue: enqueueOrderMail,
      maxPerRecipientPerHour: () => getConfig().MAIL_MAX_PER_RECIPIENT_PER_HOUR,
      storeAddress: () => getConfig().STORE_ORDERS_EMAIL || undefined,
    },
  });
}
