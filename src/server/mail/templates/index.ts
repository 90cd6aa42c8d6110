import { render, toPlainText } from '@react-email/render';
import { accountConfirmMail } from './account-confirm.ts';
import { accountResetMail } from './account-reset.ts';
import { orderCancelledMail } from './order-cancelled.ts';
import { orderCreatedMail } from './order-created.ts';
import { orderPaidMail } from './order-paid.ts';
import { orderPartlyRefundedMail } from './order-partly-refunded.ts';
import { orderPickedUpMail } from './order-picked-up.ts';
import { orderRefundedMail } from './order-refunded.ts';
import { orderShippedMail } from './order-shipped.ts';
import type { MailContext, MailTemplate } from './parts.ts';
import { staffTestMail } from './staff-test.ts';
import { storeOrderPaidMail } from './store-order-paid.ts';

/**
 * Every e-mail the shop sends, by the name a queued job carries (decision 1200). A new e-mail is
 * one file beside this one (defineMailTemplate), its texts in a catalogue, and one line here.
 * Loaded by the send job only (import()): rendering never runs in a request.
 */
export const MAIL_TEMPLATES = {
  accountReset: accountResetMail,
  accountConfirm: accountConfirmMail,
  staffTest: staffTestMail,
  orderCreated: orderCreatedMail,
  orderPaid: orderPaidMail,
  orderShipped: orderShippedMail,
  orderPickedUp: orderPickedUpMail,
  orderPartlyRefunded: orderPartlyRefundedMail,
  orderRefunded: orderRefundedMail,
  orderCancelled: orderCancelledMail,
  storeOrderPaid: storeOrderPaidMail,
};

export type MailTemplates = typeof MAIL_TEMPLATES;
export type MailTemplateName = keyof MailTemplates;
export type MailProps<Name extends MailTemplateName> = MailTemplates[Name] extends MailTemplate<infer Props> ? Props : never;

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

/** Headings keep their case in the text part (html-to-text upper-cases them by default). */
const TEXT_OPTIONS = { selectors: [{ selector: 'h1', options: { uppercase: false } }] };

/** The subject, the HTML and its plain-text part (react-email's toPlainText: links written after their label). */
export async function renderMail<Name extends MailTemplateName>(
  name: Name,
  props: MailProps<Name>,
  context: MailContext,
): Promise<RenderedMail> {
  const template = MAIL_TEMPLATES[name] as MailTemplate<MailProps<Name>>;
  const html = await render(template.body(props, context));
  return { subject: template.subject(props, context), html, text: toPlainText(html, TEXT_OPTIONS).trim() };
}
