// drizzle-kit only generates SQL here; D1 applies it (`wrangler d1 migrations apply`), so no
// driver or credentials are needed.
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'sqlite',
  schema: './functions/db/schema/index.ts',
  out: './migrations',
});
