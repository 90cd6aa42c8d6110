import { writeAudit } from '../audit/index.ts';
import { systemClock } from '../clock.ts';
import { getPool } from '../db/client.ts';
import { getPaymentService } from '../payments/services.ts';
import { createRateLimiter } from '../rate-limit/index.ts';
import { createOrderDeskRepository } from './repository.ts';
import { createOrderDeskService } from './service.ts';

export type { DeskCaller } from './routes.ts';
export type { StaffActor } from './service.ts';

/**
 * The order desk on the shop's pool. The shopper's e-mail about a status change is the mail
 * domain's (issue 17 point 6); until it is wired here, the hook does nothing.
 */
export function getOrderDeskService() {
  const pool = getPool();
  return createOrderDeskService({
    db: pool,
    connect: () => pool.connect(),
    clock: systemClock,
    repository: createOrderDeskRepository(),
    limiter: createRateLimiter({ db: pool }),
    writeAudit,
    notifyStatusChange: async () => {},
    refundOrder: (orderId) => getPaymentService().refundOrder(orderId),
  });
}
