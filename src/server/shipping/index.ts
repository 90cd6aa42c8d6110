/**
 * What other domains use of shipping (its repository stays inside it): checkout verifies the
 * delivery token it is sent and freezes the option's delivery days.
 */
export { createDeliveryToken, verifyDeliveryToken } from './delivery-token.ts';
export { getDeliveryDays } from './city-rates.ts';
export { getShippingService } from './services.ts';
