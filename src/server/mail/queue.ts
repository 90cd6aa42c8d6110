import type { Queryable } from '../db/client.ts';
import { addJob } from '../jobs/service.ts';
import { sendMail, type MailMessage } from './index.ts';

export const SEND_MAIL_TASK = 'send_mail';
/** With graphile-worker's backoff (e^attempt seconds) ten attempts span about five hours. */
export const MAIL_MAX_ATTEMPTS = 10;

/** Queues a message written now (account e-mails); the queue sends it, retrying while the server refuses. */
export async function enqueueMail(db: Queryable, message: MailMessage): Promise<void> {
  await addJob(db, SEND_MAIL_TASK, message, { maxAttempts: MAIL_MAX_ATTEMPTS });
}

function isMailMessage(payload: unknown): payload is MailMessage {
  const message = payload as Partial<MailMessage> | null;
  return typeof message?.to === 'string' && typeof message.subject === 'string' && typeof message.text === 'string';
}

/** The send_mail job. */
export async function sendQueuedMail(payload: unknown): Promise<void> {
  if (!isMailMessage(payload)) throw new Error('send_mail: not a mail message');
  await sendMail({ to: payload.to, subject: payload.subject, text: payload.text, link: payload.link });
}
