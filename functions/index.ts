// Worker entry: the Hono app answers fetches; the cron trigger (trial expiry, paid license lapse,
// purges, clean-up, stuck mail) runs `scheduled`; the task queue (mail delivery, forgot-password)
// runs `queue`.
import { createApp } from './app';
import { queue } from './queue';
import { scheduled } from './scheduled';

const app = createApp();

export default {
  fetch: app.fetch,
  scheduled,
  queue,
} satisfies ExportedHandler<Env>;
