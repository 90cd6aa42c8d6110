/**
 * Texts the account islands (accounts.ts) show that the checkout's or the shipping calculator's
 * catalogue show too: a small module of its own, so that no island loads another island's whole
 * catalogue for them (an island loads a shared module whole).
 */
export const city = { pt: 'Cidade', es: 'Ciudad' };
export const signIn = { pt: 'Entrar', es: 'Ingresar' };
export const selectCity = { pt: 'Selecione a cidade', es: 'Selecciona la ciudad' };
export const deliveryAddress = { pt: 'Endereço de entrega', es: 'Dirección de entrega' };
