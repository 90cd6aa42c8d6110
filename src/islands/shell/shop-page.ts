/**
 * The plain (React-free) scripts of the shop pages, as one module loaded by ShopLayout: the
 * shell's menus and sidebar, the session guard, the header's cart and favourites badges, toasts
 * and the development popup, product cards' hearts and add-to-cart forms, phones' load-more, the
 * retry of a failed page and the arrows of scroll rows.
 * As separate component scripts they were 6-8 entries plus as many shared chunks, about 15
 * requests of 0.4-3 kB that a phone on HTTP/1.1 (6 connections) fetched before the pictures of
 * the first screen (issue 3's LCP budget). Each part does nothing where its markup is absent.
 * The parts start one per task (run-in-turns.ts), the page's own controls first: run in the
 * module's evaluation they made one task of 6-23 ms in Lighthouse's traces, which its phone
 * simulation counts four times over (decision 0004, session 6). They start once the page's
 * cookies are known without a blocking read (stored-state.ts): most read what the shopper stored.
 */
import { startSessionGuard } from '../accounts/session-guard.ts';
import { startAddToCartForms } from '../cart/add-to-cart-forms.ts';
import { startHeaderCart } from '../cart/header-cart.ts';
import { startFavouriteButtons } from '../favourites/favourite-buttons.ts';
import { startHeaderFavourites } from '../favourites/header-favourites.ts';
import { startLoadMore } from './load-more.ts';
import { startRetryLink } from './retry-link.ts';
import { whenPageCookiesRead } from '../stored-state.ts';
import { runInTurns } from './run-in-turns.ts';
import { startScrollRowArrows } from './scroll-row-arrows.ts';
import { startShellControls } from './shell-controls.ts';
import { startShellNotices } from './shell-notices.ts';

void whenPageCookiesRead().then(() =>
  runInTurns([
    startShellControls,
    startShellNotices,
    startAddToCartForms,
    startFavouriteButtons,
    startLoadMore,
    startScrollRowArrows,
    startRetryLink,
    startHeaderCart,
    startHeaderFavourites,
    startSessionGuard,
  ]),
);
