/** A page heading as Astro's `render()` returns it; listed in Quick Jumps. */
export interface Heading {
  depth: number;
  slug: string;
  text: string;
}
