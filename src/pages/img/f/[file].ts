import type { APIRoute } from 'astro';
import { servePicture } from '#server/catalogue-media/index.ts';

export const GET: APIRoute = ({ params }) => servePicture(params.file);
