import type { z } from 'zod';

/**
 * `true` only when a zod twin's type and a browser shape's type are the same both ways: a twin
 * declares `const …Agree: Agree<typeof twin, Shape> = true`, so the build fails if they differ.
 */
export type Agree<Twin extends z.ZodType, Shape> = [z.infer<Twin>, Shape] extends [
  Shape,
  z.infer<Twin>,
]
  ? true
  : false;
