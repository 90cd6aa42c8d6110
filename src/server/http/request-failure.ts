// What happens to an error that escapes one request's handling (issue 29 point 1): that request is
// answered 500 and the error logged in its log scope (so with its request id); the process and
// every other request carry on.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { commonMessages } from '#lib/i18n/common.ts';
import { createTranslator } from '#lib/i18n/translator.ts';
import { toAnswerLocale, writeRefusal } from './request-guard.ts';

/** Answers `req` 500 in its language when nothing was sent yet, or cuts the answer under way. */
export function answerFailedRequest(req: IncomingMessage, res: ServerResponse, error: unknown): void {
  console.error(`[entry] ${req.method} request failed`, error instanceof Error ? error : new Error(String(error)));
  if (res.headersSent) {
    res.destroy();
    return;
  }
  writeRefusal(res, { status: 500, message: createTranslator(commonMessages, toAnswerLocale(req))('serverError') });
}

/** Runs `serve`, a request's synchronous handling, answering what it throws with answerFailedRequest. */
export function serveOrAnswerFailure(req: IncomingMessage, res: ServerResponse, serve: () => void): void {
  try {
    serve();
  } catch (error) {
    answerFailedRequest(req, res, error);
  }
}
