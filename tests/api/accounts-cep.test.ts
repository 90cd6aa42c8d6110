import { describe, expect, it } from 'vitest';
import { apiJson, type ErrorAnswer } from '../support/api.ts';

describe('GET /ecom/endereco/cep/{cep}', () => {
  it('answers the address of a known CEP from the postal-code service', async () => {
    const { status, body } = await apiJson('/ecom/endereco/cep/85851-000');
    expect(status).toBe(200);
    expect(body).toMatchObject({ localidade: 'Foz do Iguaçu', uf: 'PR', ibge: '4108304', logradouro: 'Avenida Brasil' });
  });

  it('answers 404 with the manual-choice message for an unknown CEP', async () => {
    const { status, body } = await apiJson<ErrorAnswer>('/ecom/endereco/cep/99999999');
    expect(status).toBe(404);
    expect(body.message).toBe('CEP não encontrado. Selecione o estado e a cidade manualmente.');
  });

  it('answers 503 "could not check now", not "not found", for a valid CEP while the service is down', async () => {
    for (const [host, message] of [
      ['br', 'Não foi possível consultar o CEP agora. Selecione o estado e a cidade manualmente.'],
      ['es', 'No se pudo consultar el CEP ahora. Selecciona el estado y la ciudad manualmente.'],
    ] as const) {
      const { status, body } = await apiJson<ErrorAnswer>('/ecom/endereco/cep/80010-000', { host });
      expect(status).toBe(503);
      expect(body.message).toBe(message);
    }
  });
});
