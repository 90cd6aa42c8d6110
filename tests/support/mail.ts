import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';

export interface CaughtMail {
  to: string;
  /** The From header as written (name and address). */
  from: string;
  subject: string;
  /** The plain-text part. */
  text: string;
  /** The HTML part ('' for a text-only message). */
  html: string;
  /** Every address in the text part and every href of the HTML part. */
  links: string[];
}

/** Reads an .eml as a mail client would (mailparser: MIME parts, transfer encodings, encoded headers). */
async function parseEml(raw: Buffer): Promise<CaughtMail> {
  const parsed = await simpleParser(raw);
  const addresses = (value: ParsedMail['to'] | ParsedMail['from']) =>
    (Array.isArray(value) ? value : [value]).map((entry) => entry?.text ?? '').join(', ');
  const text = parsed.text ?? '';
  const html = typeof parsed.html === 'string' ? parsed.html : '';
  const hrefs = [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!.replaceAll('&amp;', '&'));
  return {
    to: addresses(parsed.to),
    from: addresses(parsed.from),
    subject: parsed.subject ?? '',
    text,
    html,
    links: [...new Set([...[...text.matchAll(/https?:\/\/[^\s<>"]+/g)].map((m) => m[0]), ...hrefs])],
  };
}

/** Waits for a mail to `to` in the SMTP catcher's folder (DATA_DIR/caught-mail) matching `filter`. */
export function waitForMail(
  dataDir: string,
  to: string,
  filter: (mail: CaughtMail) => boolean = () => true,
  timeoutMs = 10_000,
): Promise<CaughtMail> {
  return waitForMailIn(path.join(dataDir, 'caught-mail'), to, filter, timeoutMs);
}

/** Every mail to `to` among the .eml files of `folder` so far (to count what was sent, after waiting for the last). */
export async function listMailsIn(folder: string, to: string): Promise<CaughtMail[]> {
  const names = await readdir(folder).catch(() => [] as string[]);
  const mails = await Promise.all(names.map(async (name) => parseEml(await readFile(path.join(folder, name)))));
  return mails.filter((mail) => mail.to.toLowerCase().includes(to.toLowerCase()));
}

/** Waits for a mail to `to` among the .eml files of `folder` (the catcher's, or the shop's own DATA_DIR/mail). */
export async function waitForMailIn(
  folder: string,
  to: string,
  filter: (mail: CaughtMail) => boolean = () => true,
  timeoutMs = 10_000,
): Promise<CaughtMail> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const names = await readdir(folder).catch(() => [] as string[]);
    for (const name of names.sort().reverse()) {
      const mail = await parseEml(await readFile(path.join(folder, name)));
      if (mail.to.toLowerCase().includes(to.toLowerCase()) && filter(mail)) return mail;
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
}
