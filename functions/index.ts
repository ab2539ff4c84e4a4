// Worker entry (DESIGN §6): the Hono app answers fetches; the cron trigger (trial expiry, paid
// license lapse, purges, clean-up; DESIGN §3.7) runs `scheduled`.
import { createApp } from './app';
import { scheduled } from './scheduled';

const app = createApp();

export default {
  fetch: app.fetch,
  scheduled,
} satisfies ExportedHandler<Env>;
