import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BODY_SIZE_LIMIT_BYTES } from '#server/http/body-limit.ts';
import { findFreePort, startEmbeddedPostgres } from '#server/db/embedded.ts';
import { startFakeCepServer, startSmtpCatcher } from '#tests/support/fake-services.ts';
import { waitUntilReady } from '#tests/support/test-stack.ts';

/**
 * The shop as it runs in production (issue 31): `npm start` with NODE_ENV=production, https
 * public origins for both storefronts, two processes, an empty database (SEED=0) on a
 * PostgreSQL of its own given by DATABASE_URL, behind nginx running deploy/nginx/fronteira.conf
 * itself, changed only in ports, paths and the certificate (one made here by openssl).
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const BR_HOST = 'loja.example.com.br';
export const ES_HOST = 'tienda.example.com.py';

export interface ProductionStack {
  brOrigin: string;
  esOrigin: string;
  databaseUrl: string;
  mailDir: string;
  /** The environment the shop's commands (`npm run staff`, `npm run import`) run with. */
  commandEnv: NodeJS.ProcessEnv;
  stop(): Promise<void>;
}

/** The project's nginx file with this run's ports, folders and certificate; sizes checked against the shop's. */
async function writeNginxConfig(folder: string, ports: { https: number; http: number; shop: number }): Promise<string> {
  const conf = await readFile(path.join(root, 'deploy/nginx/fronteira.conf'), 'utf8');
  const bodyLimit = /client_max_body_size (\d+)m;/.exec(conf)?.[1];
  if (Number(bodyLimit) * 1024 * 1024 !== BODY_SIZE_LIMIT_BYTES) {
    throw new Error(`deploy/nginx/fronteira.conf: client_max_body_size ${bodyLimit}m is not the shop's ${BODY_SIZE_LIMIT_BYTES} bytes`);
  }
  const replacements: Array<[RegExp, string]> = [
    [/server 127\.0\.0\.1:4321 /, `server 127.0.0.1:${ports.shop} `],
    [/\/var\/cache\/nginx\/fronteira/, path.join(folder, 'cache')],
    [/listen 443 ssl http2;/, `listen 127.0.0.1:${ports.https} ssl http2;`],
    [/listen \[::\]:443 ssl http2;\n/, ''],
    [/listen 80;/, `listen 127.0.0.1:${ports.http};`],
    [/listen \[::\]:80;\n/, ''],
    [/\/etc\/ssl\/fronteira\//g, `${folder}/`],
  ];
  let templated = conf;
  for (const [pattern, value] of replacements) {
    if (!pattern.test(templated)) throw new Error(`deploy/nginx/fronteira.conf no longer has ${pattern}`);
    templated = templated.replace(pattern, value);
  }
  await writeFile(path.join(folder, 'fronteira.conf'), templated);
  const main = path.join(folder, 'nginx.conf');
  await writeFile(
    main,
    `daemon off;
worker_processes 1;
pid ${folder}/nginx.pid;
error_log ${folder}/error.log warn;
events { worker_connections 256; }
http {
  include /etc/nginx/mime.types;
  access_log off;
  client_body_temp_path ${folder}/client_body;
  proxy_temp_path ${folder}/proxy;
  fastcgi_temp_path ${folder}/fastcgi;
  uwsgi_temp_path ${folder}/uwsgi;
  scgi_temp_path ${folder}/scgi;
  include ${folder}/fronteira.conf;
}
`,
  );
  return main;
}

function makeCertificate(folder: string): void {
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      `/CN=${BR_HOST}`,
      '-addext',
      `subjectAltName=DNS:${BR_HOST},DNS:${ES_HOST}`,
      '-keyout',
      path.join(folder, 'privkey.pem'),
      '-out',
      path.join(folder, 'fullchain.pem'),
    ],
    { stdio: 'ignore' },
  );
}

function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  return exited;
}

export async function startProductionStack(): Promise<ProductionStack> {
  const folder = await mkdtemp(path.join(tmpdir(), 'fronteira-rehearsal-'));
  await chmod(folder, 0o755); // the postgres user and nginx's workers reach inside
  const nginxDir = path.join(folder, 'nginx');
  await mkdir(path.join(nginxDir, 'cache'), { recursive: true });
  await chmod(nginxDir, 0o777);
  await chmod(path.join(nginxDir, 'cache'), 0o777);
  const postgres = await startEmbeddedPostgres(path.join(folder, 'db'));
  const mailDir = path.join(folder, 'caught-mail');
  const [smtp, cep] = await Promise.all([startSmtpCatcher(mailDir), startFakeCepServer()]);
  const [shopPort, httpsPort, httpPort] = [await findFreePort(), await findFreePort(), await findFreePort()];
  const brOrigin = `https://${BR_HOST}:${httpsPort}`;
  const esOrigin = `https://${ES_HOST}:${httpsPort}`;
  const { SMTP_URL: _smtp, DATABASE_URL: _db, ...inherited } = process.env;
  const commandEnv: NodeJS.ProcessEnv = {
    ...inherited,
    NODE_ENV: 'production',
    DATABASE_URL: postgres.url,
    DATA_DIR: path.join(folder, 'shop'),
    SHOP_ORIGIN_BR: brOrigin,
    SHOP_ORIGIN_ES: esOrigin,
    // The sandbox gateway, allowed for the rehearsal by its variable (decision 0410).
    ALLOW_SANDBOX_IN_PRODUCTION: '1',
  };
  const shop = spawn('npm', ['start'], {
    cwd: root,
    env: {
      ...commandEnv,
      PORT: String(shopPort),
      WEB_CONCURRENCY: '2',
      SEED: '0',
      TRUSTED_PROXY_HOPS: '1',
      SMTP_URL: smtp.url,
      CEP_API_URL: cep.url,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  makeCertificate(nginxDir);
  const nginxConf = await writeNginxConfig(nginxDir, { https: httpsPort, http: httpPort, shop: shopPort });
  const nginx = spawn('nginx', ['-c', nginxConf, '-p', nginxDir], { stdio: ['ignore', 'inherit', 'inherit'] });
  try {
    await waitUntilReady(`http://127.0.0.1:${shopPort}`, shop, 120_000);
  } catch (error) {
    await Promise.all([stopProcess(shop), stopProcess(nginx)]);
    throw error;
  }
  return {
    brOrigin,
    esOrigin,
    databaseUrl: postgres.url,
    mailDir,
    commandEnv,
    async stop() {
      await Promise.all([stopProcess(nginx), stopProcess(shop)]);
      await Promise.all([smtp.stop(), cep.stop()]);
      await postgres.stop();
      await rm(folder, { recursive: true, force: true });
    },
  };
}
