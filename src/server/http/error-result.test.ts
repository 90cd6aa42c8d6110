import { describe, expect, it } from 'vitest';
import { defineMessages } from '#lib/i18n/translator.ts';
import { defineErrors } from '../errors/domain-error.ts';
import { toErrorMessages, toErrorResult } from './error-result.ts';

const messages = defineMessages({
  'pt-BR': { tooMany: 'No máximo {n} unidades', cityInvalid: 'Cidade inválida', notFound: 'Não encontrado' },
  'es-PY': { tooMany: 'Como máximo {n} unidades', cityInvalid: 'Ciudad inválida', notFound: 'No encontrado' },
  'es-AR': { cityInvalid: 'Localidad inválida' },
});
const testError = defineErrors(messages);

describe('toErrorResult', () => {
  it('maps each kind to its status and translates the key with its params', () => {
    expect(toErrorResult(testError('not_found', 'notFound'), 'pt-BR')).toEqual({
      status: 404,
      body: { message: 'Não encontrado' },
      headers: undefined,
    });
    expect(toErrorResult(testError('conflict', 'tooMany', { params: { n: 99 }, field: 'qtde' }), 'es-PY')).toEqual({
      status: 409,
      body: { message: 'Como máximo 99 unidades', errors: { qtde: ['Como máximo 99 unidades'] } },
      headers: undefined,
    });
  });

  it('gives field errors their own texts in the user language, details and headers beside them', () => {
    const error = testError('invalid', 'notFound', {
      fields: { cidade_id: ['cityInvalid'] },
      details: { itens: [1] },
      headers: { 'retry-after': '5' },
    });
    expect(toErrorResult(error, 'es-AR')).toEqual({
      status: 422,
      body: { message: 'No encontrado', errors: { cidade_id: ['Localidad inválida'] }, itens: [1] },
      headers: { 'retry-after': '5' },
    });
    expect(error.code).toBe('notFound');
    expect(testError('too_many', 'tooMany', { code: 'rate' }).code).toBe('rate');
  });

  it('gives each field its own params when they differ (a form naming each field its limit)', () => {
    const error = testError('invalid', 'notFound', {
      fields: { qtde: [{ key: 'tooMany', params: { n: 5 } }], outra: [{ key: 'tooMany', params: { n: 9 } }] },
    });
    expect(toErrorMessages(error, 'pt-BR')).toEqual({
      status: 422,
      message: 'Não encontrado',
      errors: { qtde: ['No máximo 5 unidades'], outra: ['No máximo 9 unidades'] },
    });
  });

  it('rethrows anything that is not a DomainError, so it stays a 500', () => {
    const boom = new Error('boom');
    expect(() => toErrorResult(boom, 'pt-BR')).toThrow(boom);
  });
});
