// The project's own client directive (src/client/after-paint.ts, registered in astro.config.mjs).
declare module 'astro' {
  interface AstroClientDirectives {
    'client:afterpaint'?: boolean;
  }
}
export {};
