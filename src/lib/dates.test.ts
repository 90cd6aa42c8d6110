import { describe, expect, it } from 'vitest';
import { createStoreDateFormat } from './dates.ts';

// Issue 35.9: Spanish dates with the store's time zone. 02:30 UTC on 7 December is still the 6th
// in Asunción (UTC-3), whatever the server's own zone.
const lateEvening = new Date('2026-12-07T02:30:00Z');
// ICU versions differ in the spaces they put around 'p. m.'.
const spaced = (text: string) => text.replace(/\s/g, ' ');

describe('dates on the store clock', () => {
  it('Spanish readers, Paraguayan or Argentine, get es-PY formats on Asunción time', () => {
    for (const locale of ['es-PY', 'es-AR']) {
      expect(spaced(createStoreDateFormat(locale)(lateEvening))).toBe('6/12/26, 11:30 p. m.');
      expect(createStoreDateFormat(locale, 'longDay')(lateEvening)).toBe('6 de diciembre de 2026');
    }
  });

  it('Portuguese readers get pt-BR formats, on the same clock', () => {
    expect(createStoreDateFormat('pt-BR')(lateEvening)).toBe('06/12/2026, 23:30');
    expect(createStoreDateFormat('pt-BR', 'day')('2026-12-07T02:30:00Z')).toBe('06/12/2026');
  });
});
