import type { APIRoute } from 'astro';
import { getBannerImage } from '#server/catalog/routes.ts';

export const GET: APIRoute = ({ params }) => getBannerImage(params.file);
