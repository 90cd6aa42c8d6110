import type { APIRoute } from 'astro';
import { getBannerImage } from '#server/catalog/images.ts';

export const GET: APIRoute = ({ params }) => getBannerImage(params.file);
