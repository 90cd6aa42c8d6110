export { getPriceTable, type PriceTable } from './service.ts';
