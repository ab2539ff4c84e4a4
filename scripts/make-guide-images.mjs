// Draws the pictures of the guide that are not frames of the feature videos: today the License
// Manager window (src/content/guide/images/license-manager.png), with the fields, buttons and
// status message the License Manager page describes, in the colors of the feature videos.
//
//   node scripts/make-guide-images.mjs
//
// Run it again after changing what the window shows, and commit the PNG. It renders in Debian's
// Chromium (tests/browser.ts), the browser the end-to-end tests use; text is set in DejaVu Sans
// (Debian's fonts-dejavu-core), the videos' font.
import { statSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { LicenseStatusMessages } from '../src/contract/catalogue.ts';
import { standard } from '../src/config/plans.ts';
import { product } from '../src/config/site.ts';
import { chromiumArgs, chromiumPath } from '../tests/browser.ts';

/** About the width of the guide's text column (760 px), so the window fills it. */
const WIDTH = 960;
const HEIGHT = 600;
/** Pictures in running text stay quick to load before Astro converts them. */
const MAX_BYTES = 200 * 1024;

const out = new URL('../src/content/guide/images/license-manager.png', import.meta.url).pathname;

const escape = (text) =>
  String(text).replace(
    /[&<>"]/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c],
  );

/** The window as a Standard customer sees it on their second computer. */
const rows = [
  ['Status', 'VALID'],
  ['Plan', standard.name],
  ['Expires', 'March 14, 2027'],
  ['Devices', `2 of ${standard.deviceLimit}`],
  ['Offline until', 'December 11, 2026'],
  ['License key', 'SW-•••••-•••••-•••••-VWC4N'],
  ['Device name', 'Office PC'],
];

const html = `<!doctype html>
<html><head><meta charset="utf-8"><style>
  html, body { margin: 0; width: ${WIDTH}px; height: ${HEIGHT}px; }
  body {
    box-sizing: border-box; display: flex; align-items: center; justify-content: center;
    background-color: #0c1a2e; color: #dfe8f5; font-family: 'DejaVu Sans', sans-serif;
    background-image: linear-gradient(#13243d 1px, transparent 1px),
      linear-gradient(90deg, #13243d 1px, transparent 1px);
    background-size: 40px 40px;
  }
  .window { width: 820px; border: 2px solid #3a5f8f; border-radius: 8px; background: #102540;
    box-shadow: 0 24px 60px rgba(0, 0, 0, 0.45); overflow: hidden; }
  .title { display: flex; justify-content: space-between; align-items: center; padding: 14px 22px;
    background: #17345a; font-size: 22px; }
  .title b { color: #6fb1ff; letter-spacing: 1px; }
  .title span { color: #8fa7c7; font-size: 18px; }
  .status { margin: 24px 28px 6px; padding: 16px 20px; border-left: 6px solid #4cc38a;
    background: #12304a; border-radius: 4px; font-size: 21px; }
  .status strong { color: #4cc38a; margin-right: 12px; }
  dl { display: grid; grid-template-columns: 210px 1fr; margin: 12px 28px 0; font-size: 21px; }
  dt, dd { margin: 0; padding: 11px 0; border-bottom: 1px solid #1f3d63; }
  dt { color: #8fa7c7; }
  dd { color: #ffffff; }
  dd.key { font-family: 'DejaVu Sans Mono', monospace; letter-spacing: 1px; }
  .buttons { display: flex; gap: 14px; justify-content: flex-end; padding: 24px 28px 26px; }
  .buttons span { padding: 11px 20px; border: 2px solid #3a5f8f; border-radius: 6px; font-size: 19px;
    color: #cfe0f7; }
  .buttons .primary { background: #2f7de1; border-color: #2f7de1; color: #fff; }
</style></head><body>
  <div class="window">
    <div class="title"><b>${escape(product.toUpperCase())} LICENSE MANAGER</b><span>License panel</span></div>
    <div class="status"><strong>VALID</strong>${escape(LicenseStatusMessages.VALID)}</div>
    <dl>${rows
      .slice(1)
      .map(
        ([term, value]) =>
          `<dt>${escape(term)}</dt><dd${term === 'License key' ? ' class="key"' : ''}>${escape(value)}</dd>`,
      )
      .join('')}</dl>
    <div class="buttons">
      <span>Deactivate this device</span><span>Switch license</span><span class="primary">Check now</span>
    </div>
  </div>
</body></html>`;

const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
try {
  const page = await browser.newPage({ viewport: { width: WIDTH, height: HEIGHT } });
  await page.setContent(html);
  await page.screenshot({ path: out, type: 'png' });
} finally {
  await browser.close();
}

const bytes = statSync(out).size;
if (bytes > MAX_BYTES) throw new Error(`${out} is ${bytes} bytes, over ${MAX_BYTES}`);
console.log(`wrote ${out} (${WIDTH}×${HEIGHT}, ${(bytes / 1024).toFixed(1)} KB)`);
