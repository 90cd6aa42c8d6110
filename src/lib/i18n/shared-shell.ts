/**
 * Texts the shop's header, menus and footer (shell.ts) show that other catalogues show too,
 * written once. The shell is rendered on the server; in the browser only its notices load
 * shell.ts, lazily, so no island pays for this module.
 */
export const news = { pt: 'Novidades', es: 'Novedades' };
export const categories = { pt: 'Categorias', es: 'Categorías' };
export const departments = { pt: 'Departamentos', es: 'Departamentos' };
export const brands = { pt: 'Marcas', es: 'Marcas' };
export const allCategories = { pt: 'Todas as categorias', es: 'Todas las categorías' };
export const salesTeam = { pt: 'Equipe de vendas', es: 'Equipo de ventas' };
export const home = { pt: 'Início', es: 'Inicio' };
export const quickLinks = { pt: 'Atalhos', es: 'Accesos rápidos' };
export const about = { pt: 'Sobre nós', es: 'Sobre nosotros' };
export const contact = { pt: 'Contato', es: 'Contacto' };
export const privacy = { pt: 'Política de privacidade', es: 'Política de privacidad' };
export const terms = { pt: 'Termos de uso', es: 'Términos de uso' };
export const howToBuy = { pt: 'Como comprar', es: 'Cómo comprar' };
export const helpCentre = { pt: 'Central de ajuda', es: 'Centro de ayuda' };
export const exchangeRates = { pt: 'Cotações', es: 'Cotizaciones' };
export const search = { pt: 'Buscar', es: 'Buscar' };
export const receiveOffers = { pt: 'Receba ofertas', es: 'Recibe ofertas' };
export const language = { pt: 'Idioma', es: 'Idioma' };
