/**
 * The site's static pages as the Worker hands them out changed for one visitor, with
 * HTMLRewriter: a refusal's message, what was typed written back into the form, the query's
 * `next` in the forms' actions (routes/login-form.ts, routes/early-forms.ts,
 * middleware/carry-next.ts). Such a page holds one visitor's request, so it is never cached.
 */

/** True when `response` is a page the rewriters can change: a successful HTML answer. */
export function isHtmlPage(response: Response): boolean {
  return response.ok && (response.headers.get('Content-Type')?.startsWith('text/html') ?? false);
}

/**
 * Writes `value` back into the form's input named `name`: as `value`, shown before hydration or
 * without JavaScript, and as `data-kept-value`, which the island takes into its state as it
 * hydrates (hydration resets an untyped input to its state: src/islands/shared/keep-typed.ts).
 */
export function keepField(rewriter: HTMLRewriter, name: string, value: string): HTMLRewriter {
  return rewriter.on(`form input[name="${name}"]`, {
    element(element) {
      element.setAttribute('value', value);
      element.setAttribute('data-kept-value', value);
    },
  });
}

/**
 * `page` through `rewriter`, answered with `status` (the page's own by default) and `headers`
 * added to its own, and never cached: no `Cache-Control` but `no-store`, no `ETag`.
 */
export function oneVisitorsPage(
  rewriter: HTMLRewriter,
  page: Response,
  {
    status = page.status,
    headers = {},
  }: { status?: number; headers?: Record<string, string> } = {},
): Response {
  const shown = rewriter.transform(page);
  const answer = new Headers(shown.headers);
  for (const [name, value] of Object.entries(headers)) answer.set(name, value);
  answer.set('Cache-Control', 'no-store');
  answer.delete('ETag');
  return new Response(shown.body, { status, headers: answer });
}
