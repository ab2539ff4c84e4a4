// Worker entry: the Hono app answers fetches; the cron trigger (trial expiry, paid
// license lapse, purges, clean-up) runs `scheduled`.
import { createApp } from './app';
import { scheduled } from './scheduled';

const app = createApp();

export default {
  fetch: app.fetch,
  scheduled,
} satisfies ExportedHandler<Env>;
