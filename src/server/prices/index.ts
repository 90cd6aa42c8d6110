export { getPriceTable, getSellableCurrency, type PriceTable } from './service.ts';
