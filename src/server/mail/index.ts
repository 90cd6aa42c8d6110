// What other domains use of mail (decision 0720): the queue (enqueueMail and the order e-mails,
// added inside the caller's transaction), the order e-mails sent (order_mail_log, decision 1040),
// the send_mail and order_mail jobs the worker runs, and
// the message shape. The transport (SMTP, or .eml files) is service.ts's.
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
export type { MailMessage, OrderMailKind, QueuedMail } from './service.ts';
export { listSentOrderMails } from './repository.ts';
