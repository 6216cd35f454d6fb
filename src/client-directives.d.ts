// The project's own client directives (astro.config.mjs registers them).
declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrate on the visitor's first interaction, or at once when this CSS selector matches (src/client/directives/intent.ts). */
    'client:intent'?: string | boolean;
    /** `client:visible` that yields to the main thread between loading the island and hydrating it (src/client/directives/view.ts). */
    'client:view'?: boolean;
  }
}
export {};
