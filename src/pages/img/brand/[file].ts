import type { APIRoute } from 'astro';
import { getBrandLogo } from '#server/catalog/routes.ts';

export const GET: APIRoute = ({ params }) => getBrandLogo(params.file);
