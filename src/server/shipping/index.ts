/** What other domains use of shipping: checkout verifies the delivery token it is sent. */
export { createDeliveryToken, verifyDeliveryToken, type DeliveryTokenClaims, type VerifyResult } from './delivery-token.ts';
export { getShippingService } from './services.ts';
export { isPickupOnlyBuyer } from './shipping-service.ts';
