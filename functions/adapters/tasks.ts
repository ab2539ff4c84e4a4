/**
 * The background task queue: a Cloudflare Queue whose producer and consumer are this Worker
 * (wrangler.toml `[[queues.*]]`, consumer in functions/queue.ts). In `wrangler dev` Miniflare runs
 * the same queue locally, so development and production deliver mail the same way.
 */
import type { BackgroundTask, TaskQueue } from './types';

/** The queue binding's producer side as a TaskQueue. */
export function createCloudflareTaskQueue(queue: Queue<BackgroundTask>): TaskQueue {
  return {
    async enqueue(tasks) {
      if (tasks.length === 0) return;
      // JSON, not the default structured clone, so a message reads the same in every consumer.
      await queue.sendBatch(tasks.map((body) => ({ body, contentType: 'json' })));
    },
  };
}
