// Draws public/share.png, the picture link previews show for every page (og:image, set in
// src/components/Head.astro): the product mark from public/favicon.svg, the product name and its
// tagline from src/config/site.ts, at the size src/lib/seo.ts states (1200×630).
//
//   node scripts/make-share-image.mjs
//
// Run it again after renaming the product or changing its tagline, and commit the PNG. It renders
// in Debian's Chromium (tests/browser.ts), the browser the end-to-end tests use. Text is set in
// Liberation Sans (Debian's fonts-liberation); where it is missing, Chromium falls back to another
// sans-serif and the picture changes slightly.
import { readFileSync, statSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { shareImage } from '../src/lib/seo.ts';
import { product, tagline } from '../src/config/site.ts';
import { chromiumArgs, chromiumPath } from '../tests/browser.ts';

/** Link previews are fetched by other sites' crawlers; keep the file quick to fetch. */
const MAX_BYTES = 100 * 1024;

const out = new URL('../public/share.png', import.meta.url).pathname;
const mark = readFileSync(new URL('../public/favicon.svg', import.meta.url), 'utf8');

const escape = (text) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);

// Flat colors only (the site's accent colors from src/styles/global.css): they keep
// the PNG small and stay legible when a preview is shown at a quarter of its size.
const html = `<!doctype html>
<html><head><meta charset="utf-8"><style>
  html, body { margin: 0; width: ${shareImage.width}px; height: ${shareImage.height}px; }
  body {
    box-sizing: border-box; display: flex; flex-direction: column; justify-content: center;
    padding: 0 96px; background: #0b5cad; color: #fff; overflow: hidden;
    font-family: 'Liberation Sans', Arial, sans-serif; position: relative;
  }
  .brand { display: flex; align-items: center; gap: 36px; }
  .brand svg { width: 132px; height: 132px; }
  .brand svg rect { fill: #fff; }
  .brand svg path { fill: #0b5cad; }
  h1 { margin: 0; font-size: 112px; font-weight: 700; letter-spacing: -2px; }
  p { margin: 44px 0 0; max-width: 880px; font-size: 46px; line-height: 1.25; color: #e3eefa; }
  .rows { position: absolute; right: -60px; bottom: -40px; width: 420px; opacity: 0.12; }
  .rows div { height: 58px; margin-top: 44px; background: #fff; border-radius: 8px; }
</style></head><body>
  <div class="rows" aria-hidden="true"><div></div><div style="width: 62%"></div><div></div></div>
  <div class="brand">${mark}<h1>${escape(product)}</h1></div>
  <p>${escape(tagline)}</p>
</body></html>`;

const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
try {
  const page = await browser.newPage({
    viewport: { width: shareImage.width, height: shareImage.height },
  });
  await page.setContent(html);
  await page.screenshot({ path: out, type: 'png' });
} finally {
  await browser.close();
}

const bytes = statSync(out).size;
if (bytes > MAX_BYTES) throw new Error(`${out} is ${bytes} bytes, over ${MAX_BYTES}`);
console.log(
  `wrote ${out} (${shareImage.width}×${shareImage.height}, ${(bytes / 1024).toFixed(1)} KB)`,
);
