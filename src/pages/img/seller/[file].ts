import type { APIRoute } from 'astro';
import { getSellerAvatar } from '#server/catalog/routes.ts';

export const GET: APIRoute = ({ params }) => getSellerAvatar(params.file);
