import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

export interface CaughtMail {
  to: string;
  subject: string;
  text: string;
  links: string[];
}

function decodeQuotedPrintable(text: string): string {
  const bytes = text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => `%${hex}`);
  try {
    return decodeURIComponent(bytes.replace(/%(?![0-9A-F]{2})/g, '%25'));
  } catch {
    return bytes;
  }
}

/** RFC 2047 encoded words (=?UTF-8?Q?...?= / ?B?) in headers. */
function decodeHeader(value: string): string {
  return value.replace(/=\?utf-8\?([QB])\?([^?]*)\?=\s*/gi, (_, kind: string, data: string) =>
    kind.toUpperCase() === 'B'
      ? Buffer.from(data, 'base64').toString('utf8')
      : Buffer.from(
          data.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (__, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
          'latin1',
        ).toString('utf8'),
  );
}

function parseEml(raw: string): CaughtMail {
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const headers = head.replace(/\r?\n[ \t]+/g, ' ');
  const header = (name: string) => headers.match(new RegExp(`^${name}:\\s*(.*)$`, 'im'))?.[1]?.trim() ?? '';
  const body = rest.join('\n\n');
  const text = /quoted-printable/i.test(headers) ? decodeQuotedPrintable(body) : body;
  return {
    to: header('To'),
    subject: decodeHeader(header('Subject')),
    text,
    links: [...text.matchAll(/https?:\/\/[^\s<>"]+/g)].map((m) => m[0]),
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
  const mails = await Promise.all(names.map(async (name) => parseEml(await readFile(path.join(folder, name), 'utf8'))));
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
      const mail = parseEml(await readFile(path.join(folder, name), 'utf8'));
      if (mail.to.toLowerCase().includes(to.toLowerCase()) && filter(mail)) return mail;
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
}
