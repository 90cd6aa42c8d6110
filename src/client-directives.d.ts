// A module, so the declaration below augments Astro's types instead of replacing them.
export {};

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrate on the first pointer, touch, focus or key inside the island (src/islands/directives/interaction.ts). */
    'client:interaction'?: boolean;
  }
}
