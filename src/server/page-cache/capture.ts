// Renders a page through Astro's Node handler into memory instead of a socket: the page cache
// keeps the bytes, and concurrent or later visitors get them.
import { EventEmitter } from 'node:events';
import { IncomingMessage, type OutgoingHttpHeaders } from 'node:http';
import { Socket } from 'node:net';

export interface CapturedPage {
  status: number;
  headers: Record<string, string | string[]>;
  body: Buffer;
}

export type NodeHandler = (req: IncomingMessage, res: never) => unknown;

function toHeaderRecord(headers: OutgoingHttpHeaders): Record<string, string | string[]> {
  const record: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    record[name.toLowerCase()] = Array.isArray(value) ? value.map(String) : String(value);
  }
  return record;
}

/** The little of ServerResponse that Astro's Node adapter uses, writing into a buffer. */
class CaptureResponse extends EventEmitter {
  statusCode = 200;
  statusMessage = '';
  headersSent = false;
  writableEnded = false;
  private headers: OutgoingHttpHeaders = {};
  private readonly chunks: Buffer[] = [];
  readonly done: Promise<CapturedPage>;
  private settle!: (page: CapturedPage) => void;
  private fail!: (error: Error) => void;

  readonly req: IncomingMessage;

  constructor(req: IncomingMessage) {
    super();
    this.req = req;
    this.done = new Promise((resolve, reject) => {
      this.settle = resolve;
      this.fail = reject;
    });
  }

  setHeader(name: string, value: string | number | readonly string[]): this {
    this.headers[name.toLowerCase()] = value as string;
    return this;
  }

  getHeader(name: string) {
    return this.headers[name.toLowerCase()];
  }

  removeHeader(name: string): void {
    delete this.headers[name.toLowerCase()];
  }

  writeHead(status: number, reason?: string | OutgoingHttpHeaders, headers?: OutgoingHttpHeaders): this {
    this.statusCode = status;
    const given = typeof reason === 'object' ? reason : headers;
    if (typeof reason === 'string') this.statusMessage = reason;
    if (given) for (const [name, value] of Object.entries(given)) this.headers[name.toLowerCase()] = value;
    this.headersSent = true;
    return this;
  }

  write(chunk: string | Uint8Array, encoding?: BufferEncoding | (() => void), callback?: () => void): boolean {
    this.headersSent = true;
    this.chunks.push(typeof chunk === 'string' ? Buffer.from(chunk, typeof encoding === 'string' ? encoding : 'utf8') : Buffer.from(chunk));
    const done = typeof encoding === 'function' ? encoding : callback;
    if (done) queueMicrotask(done);
    return true;
  }

  end(chunk?: string | Uint8Array | (() => void)): this {
    if (this.writableEnded) return this;
    if (chunk !== undefined && typeof chunk !== 'function') this.write(chunk);
    this.writableEnded = true;
    this.headersSent = true;
    this.settle({ status: this.statusCode, headers: toHeaderRecord(this.headers), body: Buffer.concat(this.chunks) });
    this.emit('finish');
    this.emit('close');
    return this;
  }

  destroy(error?: Error): this {
    if (!this.writableEnded) {
      this.writableEnded = true;
      this.fail(error ?? new Error('render aborted'));
      this.emit('close');
    }
    return this;
  }
}

/**
 * A GET request carrying only `headers` (what the cache key covers), rendered by `handler` into
 * memory. Its socket belongs to no visitor, so a visitor leaving does not abort a render that
 * others wait for.
 */
export function renderToMemory(handler: NodeHandler, url: string, headers: Record<string, string>): Promise<CapturedPage> {
  const req = new IncomingMessage(new Socket());
  req.method = 'GET';
  req.url = url;
  req.headers = headers;
  req.push(null);
  const res = new CaptureResponse(req);
  Promise.resolve(handler(req, res as never)).catch((error: unknown) =>
    res.destroy(error instanceof Error ? error : new Error(String(error))),
  );
  return res.done;
}
