import type { APIRoute } from 'astro';
import { getProductImage } from '#server/catalog/routes.ts';

export const GET: APIRoute = ({ params }) => getProductImage(params.kind, params.file);
