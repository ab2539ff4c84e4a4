/**
 * `client:afterpaint`: hydrates an island right after the browser's first frame, not while the
 * page is still parsing. The island's markup is prebuilt, so the first paint already shows its
 * text; on a fast connection `client:load` could otherwise download and run React (about 70 KB
 * and a dozen chunks) before that paint and hold it back. A hidden tab paints no frame, so there
 * it hydrates at once.
 */
import type { ClientDirective } from 'astro';

const afterPaint: ClientDirective = (load) => {
  const hydrate = async () => (await load())();
  if (document.hidden) void hydrate();
  // The frame callback runs just before the paint; the task it queues, just after.
  else requestAnimationFrame(() => setTimeout(() => void hydrate()));
};

export default afterPaint;
