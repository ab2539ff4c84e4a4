// Worker entry: a fetch goes to the Hono app that answers its path (app-for-path.ts: the plugin's
// calls or the whole site), imported the first time it is needed; the cron trigger (trial expiry,
// paid license lapse, purges, clean-up, stuck mail) runs `scheduled`; the task queue (mail
// delivery, forgot-password) runs `queue`. A Worker started for a request evaluates none of them
// until then (docs/performance.md, "Cold start").
import { appFor } from './app-for-path';

export default {
  fetch: async (request: Request, env: Env, ctx: ExecutionContext) => {
    const app = await appFor(new URL(request.url).pathname);
    return app.fetch(request, env, ctx);
  },
  scheduled: async (controller, env, ctx) => {
    const { scheduled } = await import('./scheduled');
    await scheduled(controller, env, ctx);
  },
  queue: async (batch, env, ctx) => {
    const { queue } = await import('./queue');
    await queue(batch, env, ctx);
  },
} satisfies ExportedHandler<Env>;
