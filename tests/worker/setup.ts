// Applies the real D1 migrations before the worker tests, so they run against the same schema
// production has. vitest.config.ts reads the SQL in Node and passes it in as TEST_MIGRATIONS.
import { applyD1Migrations, type D1Migration } from 'cloudflare:test';
import { env } from 'cloudflare:workers';

const { TEST_MIGRATIONS } = env as Env & { TEST_MIGRATIONS: D1Migration[] };
await applyD1Migrations(env.DB, TEST_MIGRATIONS);
