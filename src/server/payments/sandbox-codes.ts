import { createHash } from 'node:crypto';

/** A boleto-looking digitable line for the sandbox page (47 digits, grouped as banks print it). */
export function toBoletoLine(reference: string, amountMinor: number): string {
  const digits = BigInt(`0x${createHash('sha256').update(reference).digest('hex').slice(0, 24)}`)
    .toString()
    .padEnd(29, '0')
    .slice(0, 29);
  const amount = String(amountMinor).padStart(10, '0').slice(-10);
  const all = `${digits}0000${amount}`.padEnd(47, '0').slice(0, 47);
  return `${all.slice(0, 5)}.${all.slice(5, 10)} ${all.slice(10, 15)}.${all.slice(15, 21)} ${all.slice(21, 26)}.${all.slice(26, 32)} ${all.slice(32, 33)} ${all.slice(33)}`;
}
