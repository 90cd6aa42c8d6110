import type { APIRoute } from 'astro';
import { getSellerAvatar } from '#server/catalog/images.ts';

export const GET: APIRoute = ({ params }) => getSellerAvatar(params.file);
