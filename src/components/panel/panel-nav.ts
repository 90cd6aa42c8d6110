import type { PanelKey } from '#lib/i18n/panel.ts';
import type { StaffRole } from '#server/staff/index.ts';

/**
 * The panel's menu. To add a page: one entry here (label: a key of src/lib/i18n/panel.ts), the
 * roles that see it, and the page itself calling requireStaff with the same role. An entry
 * shows only once its page exists (PanelLayout checks src/pages/painel), so entries for pages
 * still being built elsewhere can wait here.
 */
export interface PanelNavEntry {
  href: string;
  label: PanelKey;
  roles: readonly StaffRole[];
}

const EVERYONE = ['admin', 'counter'] as const;
const ADMINS = ['admin'] as const;

export const PANEL_NAV: readonly PanelNavEntry[] = [
  { href: '/painel', label: 'navHome', roles: EVERYONE },
  { href: '/painel/pedidos', label: 'navOrders', roles: EVERYONE },
  { href: '/painel/balcao', label: 'navCounter', roles: EVERYONE },
  { href: '/painel/loja', label: 'navStore', roles: ADMINS },
  { href: '/painel/catalogo/produtos', label: 'navProducts', roles: ADMINS },
  { href: '/painel/catalogo/categorias', label: 'navCategories', roles: ADMINS },
  { href: '/painel/catalogo/cotacoes', label: 'navRates', roles: ADMINS },
  { href: '/painel/catalogo/frete', label: 'navShipping', roles: ADMINS },
  { href: '/painel/clientes', label: 'navCustomers', roles: ADMINS },
  { href: '/painel/ofertas', label: 'navOffers', roles: ADMINS },
  { href: '/painel/catalogo/importar', label: 'navImport', roles: ADMINS },
  { href: '/painel/catalogo/fotos', label: 'navPictures', roles: ADMINS },
  { href: '/painel/catalogo/banners', label: 'navBanners', roles: ADMINS },
  { href: '/painel/catalogo/marcas', label: 'navBrands', roles: ADMINS },
  { href: '/painel/catalogo/vendedores', label: 'navSellers', roles: ADMINS },
  { href: '/painel/auditoria', label: 'navAudit', roles: ADMINS },
  { href: '/painel/equipe', label: 'navStaff', roles: ADMINS },
  { href: '/painel/chaves-api', label: 'navApiKeys', roles: ADMINS },
];

/** The page file an entry needs: /painel/x is src/pages/painel/x.astro or x/index.astro. */
export function hasPanelPage(href: string, pageFiles: readonly string[]): boolean {
  const path = href.replace(/^\/painel/, '');
  return pageFiles.some((file) => {
    const route = file
      .replace(/^.*\/pages\/painel/, '')
      .replace(/\.astro$/, '')
      .replace(/\/index$/, '');
    return route === path;
  });
}

export function isCurrentEntry(href: string, pathname: string): boolean {
  return href === '/painel' ? pathname === '/painel' || pathname === '/painel/' : pathname === href || pathname.startsWith(`${href}/`);
}
