/**
 * Texts the account forms show (accounts.ts, forms.ts, common.ts: the account islands, and the
 * checkout through its sign-in form) that other catalogues show too, written once; catalogues take
 * them as `key: sharedAccount.save.pt`. Grouped by who shows them (decision 0730): an island loads
 * a shared module whole, and the account islands show nearly all of these already.
 */
export const login = { pt: 'Entrar', es: 'Ingresar' };
export const email = { pt: 'E-mail', es: 'E-mail' };
export const password = { pt: 'Senha', es: 'Contraseña' };
export const logout = { pt: 'Sair', es: 'Salir' };
export const confirm = { pt: 'Confirmar', es: 'Confirmar' };
export const phone = { pt: 'Telefone', es: 'Teléfono' };
export const document = { pt: 'Documento', es: 'Documento' };
export const address = { pt: 'Endereço', es: 'Dirección' };
export const country = { pt: 'País', es: 'País' };
export const newPassword = { pt: 'Nova senha', es: 'Nueva contraseña' };
export const myAccount = { pt: 'Minha conta', es: 'Mi cuenta' };
export const hello = { pt: 'Olá, {name}', es: 'Hola, {name}' };
export const myOrders = { pt: 'Meus pedidos', es: 'Mis pedidos' };
export const favourites = { pt: 'Favoritos', es: 'Favoritos' };
export const deliveryAddress = { pt: 'Endereço de entrega', es: 'Dirección de entrega' };
export const edit = { pt: 'Editar', es: 'Editar' };
export const save = { pt: 'Salvar', es: 'Guardar' };
export const setMain = { pt: 'Tornar principal', es: 'Hacer principal' };
export const close = { pt: 'Fechar', es: 'Cerrar' };
export const fileTooLarge = { pt: 'Arquivo muito grande: o máximo é 5 MB.', es: 'Archivo muy grande: el máximo es 5 MB.' };
export const retry = { pt: 'Tentar novamente', es: 'Intentar de nuevo' };
export const loginRequired = { pt: 'Faça login para continuar.', es: 'Inicia sesión para continuar.' };
