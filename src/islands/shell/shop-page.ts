/**
 * The plain (React-free) scripts of the shop pages, as one module loaded by ShopLayout: the
 * session guard, the header's cart and favourites badges, toasts and the development popup,
 * product cards' hearts and add-to-cart forms, phones' load-more, the retry of a failed page and
 * the arrows of scroll rows.
 * As separate component scripts they were 6-8 entries plus as many shared chunks, about 15
 * requests of 0.4-3 kB that a phone on HTTP/1.1 (6 connections) fetched before the pictures of
 * the first screen (issue 3's LCP budget). Each part does nothing where its markup is absent.
 */
import '../accounts/session-guard.ts';
import '../cart/header-cart.ts';
import '../favourites/header-favourites.ts';
import './shell-notices.ts';
import '../favourites/favourite-buttons.ts';
import '../cart/add-to-cart-forms.ts';
import './load-more.ts';
import './retry-link.ts';
import './scroll-row-arrows.ts';
