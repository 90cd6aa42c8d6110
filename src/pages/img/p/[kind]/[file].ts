import type { APIRoute } from 'astro';
import { getProductImage } from '#server/catalog/images.ts';

export const GET: APIRoute = ({ params }) => getProductImage(params.kind, params.file);
