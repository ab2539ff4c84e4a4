/**
 * /changelog/rss.xml: one item per stable release, newest first, with its summary and full notes.
 * Beta-channel releases stay out: the feed is for customers, who are offered stable versions
 * only; testers on the beta channel hear of betas from the plugin and read them on /changelog.
 */
import { getContainerRenderer } from '@astrojs/mdx/container-renderer';
import rss from '@astrojs/rss';
import type { APIContext } from 'astro';
import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { loadRenderers } from 'astro:container';
import { render } from 'astro:content';
import { releaseEntries, releaseTitle } from '../../lib/content';
import { releaseNotesPath } from '../../releases/releases';
import { site } from '../../site.config';

/** Feed readers show the notes away from the site: links within it must name it. */
function absoluteLinks(html: string, origin: URL): string {
  return html.replace(/\b(href|src)="(\/[^/"][^"]*)"/g, (_, name: string, path: string) => {
    return `${name}="${new URL(path, origin).href}"`;
  });
}

export async function GET(context: APIContext) {
  const origin = context.site ?? new URL(site.url);
  const container = await AstroContainer.create({
    renderers: await loadRenderers([getContainerRenderer()]),
  });
  const stable = (await releaseEntries()).filter((entry) => entry.data.channel === 'stable');
  const items = await Promise.all(
    stable.map(async (entry) => {
      const { Content } = await render(entry);
      const link = new URL(releaseNotesPath(entry.data.version), origin).href;
      return {
        title: `${site.product} ${releaseTitle(entry)}`,
        link,
        guid: link,
        pubDate: entry.data.date,
        description: entry.data.summary,
        content: absoluteLinks(await container.renderToString(Content), origin),
      };
    }),
  );
  return rss({
    title: `${site.product} releases`,
    description: `Every new version of ${site.product}, with its release notes.`,
    site: origin,
    items,
    customData: '<language>en-us</language>',
  });
}
