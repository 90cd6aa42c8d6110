import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { findFreePort } from '../../src/server/db/embedded.ts';

/** CEPs the fake postal-code service knows (viacep's JSON); any other answers {erro: true}. */
export const FAKE_CEPS: Record<string, Record<string, string>> = {
  '85851000': { logradouro: 'Avenida Brasil', bairro: 'Centro', localidade: 'Foz do Iguaçu', uf: 'PR', ibge: '4108304' },
  '01001000': { logradouro: 'Praça da Sé', bairro: 'Sé', localidade: 'São Paulo', uf: 'SP', ibge: '3550308' },
};

/** A local server speaking the postal-code service's JSON at /ws/{cep}/json/. */
export async function startFakeCepServer(): Promise<{ url: string; stop(): Promise<void> }> {
  const port = await findFreePort();
  const server: Server = createServer((request, response) => {
    const cep = request.url?.match(/^\/ws\/(\d{8})\/json\/?$/)?.[1];
    if (!cep) {
      response.writeHead(400).end();
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

/** An SMTP catcher writing every message it receives as an .eml file into `folder`. */
export async function startSmtpCatcher(folder: string): Promise<{ url: string; stop(): Promise<void> }> {
  await mkdir(folder, { recursive: true });
  const port = await findFreePort();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const name = `${Date.now()}-${randomUUID().slice(0, 8)}.eml`;
        writeFile(path.join(folder, name), Buffer.concat(chunks)).then(() => callback(), callback);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  return {
    url: `smtp://127.0.0.1:${port}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
