import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import { getConfig } from '../config.ts';
import { getLogger } from '../log/index.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** The action link inside, logged only when no SMTP server is configured (DECISIONS.md). */
  link?: string;
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

const FROM = () => getConfig().MAIL_FROM;

let transport: Transporter | undefined;

function toEnvelope(message: MailMessage) {
  return { from: FROM(), to: message.to, subject: message.subject, text: message.text, attachments: message.attachments };
}

/**
 * Sends through SMTP_URL when set; otherwise writes the message as an .eml file under
 * DATA_DIR/mail and logs its path and link, so the flows work on a fresh machine.
 */
export async function sendMail(message: MailMessage): Promise<void> {
  const smtpUrl = getConfig().SMTP_URL;
  if (smtpUrl) {
    transport ??= nodemailer.createTransport(smtpUrl);
    await transport.sendMail(toEnvelope(message));
    return;
  }
  const writer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const info = await writer.sendMail(toEnvelope(message));
  const folder = path.join(path.resolve(getConfig().DATA_DIR), 'mail');
  await mkdir(folder, { recursive: true });
  const file = path.join(folder, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.eml`);
  await writeFile(file, info.message as Buffer);
  // A warning: nothing was sent (the link lets a developer follow the mail all the same).
  getLogger().warn(`[mail] no SMTP_URL: wrote ${file}${message.link ? ` link: ${message.link}` : ''}`);
}
