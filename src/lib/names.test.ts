import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { formMessages } from './i18n/forms.ts';
import { createTranslator } from './i18n/translator.ts';
import { createRegistrationSchema } from './contract/accounts.ts';
import { isSingleLineText } from './safe-text.ts';

describe('names go into e-mails: one plain line (issue 29, point 7)', () => {
  it.each(['Ana', 'José da Silva', "D'Ávila-Núñez", 'Ñandutí Benítez', '王 小明'])('%s is accepted', (name) => {
    expect(isSingleLineText(name)).toBe(true);
  });

  it.each([
    ['CR LF with a header after it', 'Ana\r\nBcc: all@victim.example'],
    ['a lone LF', 'Ana\nSilva'],
    ['a lone CR', 'Ana\rSilva'],
    ['a tab', 'Ana\tSilva'],
    ['NUL', 'Ana\u0000'],
    ['DEL', 'Ana\u007f'],
    ['a C1 control (NEL)', 'Ana\u0085Silva'],
    ['a right-to-left override', 'Ana\u202eavliS'],
    ['a zero-width space', 'An\u200ba'],
    ['a line separator', 'Ana\u2028Silva'],
  ])('%s: refused', (_why, name) => {
    expect(isSingleLineText(name)).toBe(false);
  });

  it('the registration form refuses such a name and such an address with the field messages, in each language', () => {
    for (const [locale, characters, email] of [
      ['pt-BR', 'Este campo contém caracteres não permitidos', 'Informe um e-mail válido'],
      ['es-PY', 'Este campo contiene caracteres no permitidos', 'Ingresa un e-mail válido'],
    ] as const) {
      const schema = createRegistrationSchema(createTranslator(formMessages, locale));
      const result = z.safeParse(schema, { nome: 'Ana\r\nBcc: x@victim.example', sobrenome: 'Silva\u202e', email: 'ana..b@x.example' });
      expect(result.success).toBe(false);
      const issues = Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path[0], issue.message]));
      expect(issues.nome).toBe(characters);
      expect(issues.sobrenome).toBe(characters);
      expect(issues.email).toBe(email);
    }
  });
});
