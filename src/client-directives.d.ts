// A module, so the declaration below augments Astro's types instead of replacing them.
export {};

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrate on the first pointer, touch, focus or key inside the island (src/islands/directives/interaction.ts). */
    /** true, or a localStorage key whose presence hydrates the island at idle instead. */
    'client:interaction'?: boolean | string;
  }
}
