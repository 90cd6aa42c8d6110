import type { APIRoute } from 'astro';
import { postAddToCartForm } from '#server/cart/routes.ts';

/** POST /carrinho/adicionar: the add-to-cart form without JavaScript (cart routes). */
export const POST: APIRoute = (context) => postAddToCartForm(context);
