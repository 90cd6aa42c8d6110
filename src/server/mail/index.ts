// What other domains use of mail (decision 0720): the queue (enqueueMail with a template's name and
// props, and the order e-mails, added inside the caller's transaction), the order e-mails sent
// (order_mail_log, decision 1040), the send_mail and order_mail jobs the worker runs (they render
// the templates, decision 1200). The transport (SMTP, or .eml files) is service.ts's.
export {
  createOrderMailSender,
  enqueueMail,
  enqueueOrderMail,
  enqueueOrderPaidMails,
  enqueueOrderStatusMail,
  ORDER_MAIL_TASK,
  SEND_MAIL_TASK,
  sendQueuedMail,
  toOrderMailJobSql,
} from './service.ts';
export type { OrderMailKind, QueuedMail } from './service.ts';
export { listSentOrderMails } from './repository.ts';
