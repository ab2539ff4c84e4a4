/**
 * The page shell of the /dev tools: plain server-rendered HTML, no script at all, one inline
 * stylesheet allowed by its SHA-256 in the page's own CSP (stricter than the site's, which needs
 * 'unsafe-inline' styles for Astro). It names the site's icon like every page, or the browser
 * asks for /favicon.ico, which the site does not have, and logs the 404 as a console error.
 */
import type { Context } from 'hono';
import { html, raw } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { site } from '../../../src/site.config';

/** Markup a page body may contain: hono `html` fragments, possibly nested in arrays. */
export type Markup = HtmlEscapedString | Promise<HtmlEscapedString>;

const STYLE = `
body { font: 16px/1.5 system-ui, sans-serif; color: #1a1a1a; background: #fff; max-width: 48rem; margin: 2rem auto; padding: 0 1rem; }
a { color: #0b57d0; }
label { display: block; font-weight: 600; margin-top: 1rem; }
label.inline { display: inline; font-weight: 400; margin: 0 0 0 0.25rem; }
input[type=email], input[type=text], select { font: inherit; width: 100%; max-width: 28rem; padding: 0.4rem; border: 1px solid #6b6b6b; border-radius: 4px; }
button { font: inherit; padding: 0.45rem 1.1rem; margin: 1.25rem 0.5rem 0 0; border-radius: 4px; border: 1px solid #1a1a1a; background: #f2f2f2; color: #1a1a1a; cursor: pointer; }
button.primary { background: #0b57d0; border-color: #0b57d0; color: #fff; }
.note { background: #fff8e1; border-left: 4px solid #8a6d00; padding: 0.5rem 0.75rem; }
.error { color: #a50e0e; font-weight: 600; }
.optional { font-weight: 400; color: #555; }
select { box-sizing: content-box; }
.total { font-size: 1.15rem; }
article { border: 1px solid #c4c4c4; border-radius: 6px; padding: 0.75rem 1rem; margin: 1rem 0; }
article h2 { font-size: 1.1rem; margin: 0 0 0.5rem; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: 0 1rem; margin: 0; }
dt { font-weight: 600; }
dd { margin: 0; overflow-wrap: anywhere; }
.code { font: 700 2rem/1.2 ui-monospace, monospace; letter-spacing: 0.3rem; margin: 0.5rem 0; }
pre { white-space: pre-wrap; overflow-wrap: anywhere; background: #f6f6f6; padding: 0.75rem; border-radius: 4px; }
code { overflow-wrap: anywhere; }
.delivery-sent { color: #146c2e; }
.delivery-failed, .delivery-dead { color: #a50e0e; font-weight: 600; }
iframe.mail { display: block; width: 100%; height: 32rem; border: 1px solid #c4c4c4; border-radius: 4px; resize: vertical; background: #f5f7fa; }
details { margin-top: 0.75rem; }
summary { cursor: pointer; font-weight: 600; }
`;

// Inserted as one raw string, so a formatter cannot add whitespace inside the element and
// change what the CSP hash must match (a test checks the hash against the served page).
let styleHash: Promise<string> | undefined;

/** 'sha256-…' CSP source of STYLE, computed once per isolate. */
function styleSource(): Promise<string> {
  styleHash ??= crypto.subtle
    .digest('SHA-256', new TextEncoder().encode(STYLE))
    .then((digest) => `'sha256-${btoa(String.fromCharCode(...new Uint8Array(digest)))}'`);
  return styleHash;
}

/**
 * CSP of the dev pages: nothing runs, only the shell's own style, forms post to this origin. A page
 * that shows documents of its own in frames (the mailbox's messages) may frame this origin.
 */
export async function devCsp(options: { frames?: boolean } = {}): Promise<string> {
  return [
    "default-src 'none'",
    "script-src 'none'",
    `style-src ${await styleSource()}`,
    "img-src 'self' data:",
    ...(options.frames ? ["frame-src 'self'"] : []),
    "form-action 'self'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Answers a complete dev page with its CSP. */
export async function devPage(
  c: Context,
  page: {
    title: string;
    body: Markup | Markup[];
    status?: ContentfulStatusCode;
    /** The page frames documents of this origin (see devCsp). */
    frames?: boolean;
  },
): Promise<Response> {
  c.header('Content-Security-Policy', await devCsp({ frames: page.frames ?? false }));
  c.header('Cache-Control', 'no-store');
  return c.html(
    html`<!doctype html>
      <html lang="en">
        <head>
          <meta charset="utf-8" />
          <meta name="viewport" content="width=device-width, initial-scale=1" />
          <meta name="robots" content="noindex" />
          <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
          <title>${page.title} · ${site.product} development</title>
          ${raw(`<style>${STYLE}</style>`)}
        </head>
        <body>
          <main>${page.body}</main>
        </body>
      </html>`,
    page.status ?? 200,
  );
}
