// Worker entry: the Hono app answers fetches; the cron trigger (trial expiry, paid license lapse,
// purges, clean-up, stuck mail) runs `scheduled`; the task queue (mail delivery, forgot-password)
// runs `queue`. The cron jobs and the queue's tasks are loaded the first time they run, so a
// Worker started for a request does not evaluate them (docs/performance.md, "Cold start").
import { createApp } from './app';

const app = createApp();

export default {
  fetch: app.fetch,
  scheduled: async (controller, env, ctx) => {
    const { scheduled } = await import('./scheduled');
    await scheduled(controller, env, ctx);
  },
  queue: async (batch, env, ctx) => {
    const { queue } = await import('./queue');
    await queue(batch, env, ctx);
  },
} satisfies ExportedHandler<Env>;
