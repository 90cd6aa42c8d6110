import { describe, expect, it } from 'vitest';
import { apiJson, type FieldErrorAnswer } from '../support/api.ts';

// Issue 19 point 2: an API error is in one language only, the host's (the es host answered
// 'Parámetros inválidos ... Informe apenas números').
describe('API errors speak the host language only', () => {
  it.each([
    ['es', 'Parámetros inválidos: celular', 'Solo se aceptan números.', /Informe|apenas|celular deve/],
    ['br', 'Parâmetros inválidos: celular', 'Use apenas números.', /Parámetros|Solo se|debe tener/],
  ] as const)('%s: an offers signup with letters in the phone', async (host, message, field, otherLanguage) => {
    const { status, body } = await apiJson<FieldErrorAnswer>('/api/public/contato-newsletter', {
      method: 'POST',
      host,
      json: { celular: '0981abc1234567' },
    });
    expect(status).toBe(422);
    expect(body.message).toBe(message);
    expect(body.errors.celular).toEqual([field]);
    expect(JSON.stringify(body)).not.toMatch(otherLanguage);
  });

  it.each([
    // Shorter than the field's 10 characters (storefront spec section 5, issue 35.8).
    ['es', 'El celular debe tener al menos 10 caracteres.'],
    ['br', 'O celular deve ter pelo menos 10 caracteres.'],
  ] as const)('%s: a phone too short', async (host, field) => {
    const { status, body } = await apiJson<FieldErrorAnswer>('/api/public/contato-newsletter', {
      method: 'POST',
      host,
      json: { celular: '123456789' },
    });
    expect(status).toBe(422);
    expect(body.errors.celular).toEqual([field]);
  });
});
