// Renders one sample of every e-mail kind (tests/worker/mail-samples.ts) to files and takes a
// screenshot of each HTML part at 600 and 390 px wide, the widths of a desktop mail client and a
// phone, to look at after changing a template or the layout (functions/services/core/mail/):
//
//   npm run mail:previews [-- out-dir]      (default /tmp/mail-previews)
//
// For each kind it writes <kind>.html, <kind>.txt, <kind>-600.png and <kind>-390.png. The
// samples are bundled with esbuild (they are TypeScript and JSX; packages stay imports); the logo, which the e-mails
// load from the site, is served from public/ so the pictures show it.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { build } from 'esbuild';
import { chromiumArgs, chromiumPath } from '../tests/browser.ts';

const out = process.argv[2] ?? '/tmp/mail-previews';
mkdirSync(out, { recursive: true });

// Inside node_modules/.cache, so the bundle's imports of packages resolve from the project.
const bundle = new URL('../node_modules/.cache/mail-previews/samples.mjs', import.meta.url)
  .pathname;
await build({
  entryPoints: [new URL('../tests/worker/mail-samples.ts', import.meta.url).pathname],
  bundle: true,
  platform: 'node',
  format: 'esm',
  jsx: 'automatic',
  packages: 'external',
  outfile: bundle,
  logLevel: 'warning',
});
const { mailSamples, SAMPLE_ORIGIN } = await import(bundle);

const logo = readFileSync(new URL('../public/email-logo.png', import.meta.url));
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
try {
  for (const [kind, sample] of Object.entries(mailSamples)) {
    const mail = await sample();
    writeFileSync(join(out, `${kind}.html`), mail.html);
    writeFileSync(join(out, `${kind}.txt`), `Subject: ${mail.subject}\n\n${mail.text}\n`);
    for (const width of [600, 390]) {
      const page = await browser.newPage({ viewport: { width, height: 600 } });
      await page.route(`${SAMPLE_ORIGIN}/**`, (route) =>
        route.request().url().endsWith('/email-logo.png')
          ? route.fulfill({ body: logo, contentType: 'image/png' })
          : route.abort(),
      );
      await page.setContent(mail.html, { waitUntil: 'load' });
      await page.screenshot({ path: join(out, `${kind}-${width}.png`), fullPage: true });
      await page.close();
    }
  }
} finally {
  await browser.close();
}
console.log(`Wrote ${Object.keys(mailSamples).length} e-mails to ${out}`);
