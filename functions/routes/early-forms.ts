/**
 * POST /forgot-password, /activate, /signup and /reset-password: a form of an island, sent by the
 * browser itself before the page's scripts had loaded (or with JavaScript off). Without this the
 * assets layer would answer an empty 405. The page is answered again, from the assets binding
 * with its own headers and CSP, with the notice of services/shared/early-forms.ts shown in its
 * `#early-form-notice` element and the safe fields written back into their inputs (as `value`,
 * shown before hydration or without JavaScript, and `data-kept-value`, which the island takes
 * into its state as it hydrates: src/islands/shared/keep-typed.ts). Nothing is acted on, and
 * nothing goes into the URL. GET of these paths stays the static page: the app passes it through
 * to the assets (wrangler.toml's run_worker_first sends these paths to the Worker first).
 */
import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { earlyFormRoutes as declarations } from '../../src/contract/api/page-routes';
import { declaredRoutes } from '../lib/openapi';
import { isHtmlPage, keepField, oneVisitorsPage } from '../lib/pages';
import { MAX_BODY_BYTES } from '../middleware/api-guards';
import type { AccountEnv } from '../middleware/auth';
import {
  answerEarlyForm,
  EARLY_FORM_NOTICE_ID,
  earlyFormPaths,
  type EarlyFormAnswer,
  type EarlyFormPath,
} from '../services/shared/early-forms';

/** True when the form was posted from one of our own pages. */
function fromOurSite(c: Context<AccountEnv>): boolean {
  const site = c.req.header('Sec-Fetch-Site');
  return (
    c.req.header('Origin') === new URL(c.req.url).origin &&
    (site === undefined || site === 'same-origin')
  );
}

/** The form's string fields; an unreadable body has none. */
async function formFields(c: Context<AccountEnv>): Promise<Record<string, unknown>> {
  const body = await c.req.parseBody().catch(() => ({}));
  return Object.fromEntries(Object.entries(body).filter(([, value]) => typeof value === 'string'));
}

/** The built page at `path`, with the answer's notice shown and its fields filled in. */
async function pageWith(
  c: Context<AccountEnv>,
  path: EarlyFormPath,
  answer: EarlyFormAnswer,
): Promise<Response> {
  const page = await c.env.ASSETS.fetch(new Request(new URL(path, c.req.url)));
  if (!isHtmlPage(page)) return new Response(page.body, page);
  let rewriter = new HTMLRewriter();
  const { notice } = answer;
  if (notice !== null) {
    rewriter = rewriter.on(`#${EARLY_FORM_NOTICE_ID}`, {
      element(element) {
        element.removeAttribute('hidden');
        element.setInnerContent(notice, { html: false });
      },
    });
  }
  for (const [name, value] of Object.entries(answer.kept)) {
    rewriter = keepField(rewriter, name, value);
  }
  // A page holding what one visitor typed.
  return oneVisitorsPage(rewriter, page, { status: 200 });
}

export const earlyFormRoutes = declaredRoutes<AccountEnv>();
for (const path of earlyFormPaths) {
  const route = declarations.find((each) => each.path === path);
  if (!route) throw new Error(`${path} has no declaration`);
  earlyFormRoutes.openapi(
    {
      ...route,
      middleware: bodyLimit({
        maxSize: MAX_BODY_BYTES,
        onError: (c) => pageWith(c as Context<AccountEnv>, path, answerEarlyForm(path, {}, false)),
      }),
    },
    async (c: Context<AccountEnv>) =>
      pageWith(c, path, answerEarlyForm(path, await formFields(c), fromOurSite(c))),
  );
}
