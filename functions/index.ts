// Worker entry (DESIGN §6): the Hono app answers fetches; the cron handler (trial expiry, purges,
// cleanup; DESIGN §3.7) joins it here as `scheduled` when it is written.
import { createApp } from './app';

const app = createApp();

export default {
  fetch: app.fetch,
} satisfies ExportedHandler<Env>;
