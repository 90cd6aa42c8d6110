import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { findFreePort } from '#server/db/embedded.ts';

/** CEPs the fake postal-code service knows (viacep's JSON); any other answers {erro: true}. */
export const FAKE_CEPS: Record<string, Record<string, string>> = {
  '85851000': { logradouro: 'Avenida Brasil', bairro: 'Centro', localidade: 'Foz do Iguaçu', uf: 'PR', ibge: '4108304' },
  '01001000': { logradouro: 'Praça da Sé', bairro: 'Sé', localidade: 'São Paulo', uf: 'SP', ibge: '3550308' },
};

/**
 * CEPs for which the fake service is down: it answers 503, as a service in an outage does. The
 * CEP itself is valid, so the shop must say it could not check it, not that it does not exist.
 */
export const FAKE_CEPS_DURING_OUTAGE = new Set(['80010000']);

/** A local server speaking the postal-code service's JSON at /ws/{cep}/json/. */
export async function startFakeCepServer(): Promise<{ url: string; stop(): Promise<void> }> {
  const port = await findFreePort();
  const server: Server = createServer((request, response) => {
    const cep = request.url?.match(/^\/ws\/(\d{8})\/json\/?$/)?.[1];
    if (!cep) {
      response.writeHead(400).end();
      return;
    }
    if (FAKE_CEPS_DURING_OUTAGE.has(cep)) {
      response.writeHead(503).end();
      return;
    }
    const known = FAKE_CEPS[cep];
    response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
    response.end(JSON.stringify(known ? { cep: `${cep.slice(0, 5)}-${cep.slice(5)}`, complemento: '', ...known } : { erro: true }));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A message as the catcher sees it, for a refusal policy. */
export interface SmtpDelivery {
  to: string[];
  subject: string;
  /** 1 for the first message with these recipients and subject, 2 for the next... */
  attempt: number;
}

/** Answers an SMTP reply code (4xx temporary, 5xx permanent) to refuse a delivery, or null to accept it. */
export type SmtpRefusal = (delivery: SmtpDelivery) => number | null;

export interface SmtpCatcher {
  url: string;
  /** Every refused delivery, in order. */
  getRefusals(): Array<SmtpDelivery & { code: number }>;
  stop(): Promise<void>;
}

/**
 * An SMTP catcher writing every message it accepts as an .eml file into `folder`. `refuse` may
 * turn a delivery down after its DATA, as a real server does: the sender sees the reply code.
 */
export async function startSmtpCatcher(folder: string, refuse: SmtpRefusal = () => null): Promise<SmtpCatcher> {
  await mkdir(folder, { recursive: true });
  const port = await findFreePort();
  const attempts = new Map<string, number>();
  const refusals: Array<SmtpDelivery & { code: number }> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks);
        simpleParser(raw)
          .then((parsed) => {
            const to = session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase());
            const subject = parsed.subject ?? '';
            const key = `${to.join(',')}\n${subject}`;
            const attempt = (attempts.get(key) ?? 0) + 1;
            attempts.set(key, attempt);
            const code = refuse({ to, subject, attempt });
            if (code !== null) {
              refusals.push({ to, subject, attempt, code });
              callback(Object.assign(new Error(`refused by the test catcher (${code})`), { responseCode: code }));
              return;
            }
            const name = `${Date.now()}-${randomUUID().slice(0, 8)}.eml`;
            return writeFile(path.join(folder, name), raw).then(() => callback());
          })
          .catch(callback);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  return {
    url: `smtp://127.0.0.1:${port}`,
    getRefusals: () => [...refusals],
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
