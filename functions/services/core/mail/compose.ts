/**
 * How an e-mail becomes a message, apart from what it says (templates): one list of blocks
 * (blocks.ts) becomes both the plain text (what every client can show) and the designed HTML part
 * (html.tsx), so the two never drift apart. Names people typed are made inert here, and React
 * escapes every text in the HTML, which holds only our logo and links: no scripts, no tracking.
 * The HTML renderer (React's server renderer and the React Email components) is imported the
 * first time an e-mail is composed: loading it is work a Worker started for a request that sends
 * no mail should not do (docs/performance.md, "Cold start").
 */
import { toPlainLine } from '../../../../src/contract/plain-text';
import { site } from '../../../../src/site.config';
import type { MailBlock, MailContent } from './blocks';
import { companyLine } from './footer';
import type { Mail } from './rules';

export type { MailBlock, MailContent } from './blocks';

/** The closing lines of every signed e-mail (text). */
const signature = `\n\n— The ${site.product} team\n${site.supportEmail}`;

/** The foot of every e-mail's text, after the signature delimiter "-- " that clients grey out. */
const footer = `\n\n-- \n${companyLine}`;

/** A domain-like run: labels joined by dots, ending in a label of two letters or more. */
const HOST_LIKE = /(?:[\p{L}\p{N}_-]+\.)+\p{L}{2,}/gu;

/**
 * A name someone typed (a customer's, an inviter's, an organization's, a device's), made inert
 * for an e-mail: one plain line, and "defanged" the way security reports quote addresses, so no
 * mail client turns a URL or a domain in it into a link (`http` becomes `hxxp`, `://` becomes
 * `[:]//`, and the dots of anything that looks like a domain become `[.]`). An ordinary name
 * ("Ada Lovelace", "J.R. Smith") is left as it is. Every template passes names through it, in
 * the text, the HTML and the subject alike.
 */
export function inertName(name: string): string {
  return toPlainLine(name)
    .replace(/\b(h)tt(ps?)(?=:)/giu, (_, h: string, rest: string) => `${h}xx${rest}`)
    .replace(/\b(f)t(p)(?=:)/giu, (_, f: string, p: string) => `${f}x${p}`)
    .replace(/:\/\//gu, '[:]//')
    .replace(HOST_LIKE, (host) => host.replace(/\./gu, '[.]'));
}

/** A block as plain text (the HTML twin of each kind is in html.tsx). */
function blockText(block: MailBlock): string {
  if (typeof block === 'string') return block;
  if ('link' in block) {
    if (block.urlOnlyInText) return block.link;
    return `${block.label}${block.note ? ` (${block.note})` : ''}:\n${block.link}`;
  }
  if ('facts' in block) return block.facts.map(([label, value]) => `${label}: ${value}`).join('\n');
  if ('code' in block) return block.label ? `${block.label}: ${block.code}` : `    ${block.code}`;
  if ('amounts' in block) {
    return [...block.amounts, block.total].map(([label, value]) => `${label}: ${value}`).join('\n');
  }
  return [block.intro, ...block.quote.map((line) => `> ${line}`.trimEnd())].join('\n');
}

/** "Hello <name>," with the name made inert, or "Hello," when the account has no name. */
export function greeting(name: string): string {
  return name.trim() ? `Hello ${inertName(name)},` : 'Hello,';
}

/** The HTML renderer, once loaded: later e-mails are composed without waiting for anything. */
let renderer: typeof import('./html') | undefined;

/** The e-mail with its text and HTML parts, from the same blocks. */
export async function composeMail(content: MailContent): Promise<Mail> {
  const { to, tag, subject, greeting, blocks, signed = true } = content;
  const parts = greeting === null ? blocks : [greeting, ...blocks];
  const text = parts.map(blockText).join('\n\n') + (signed ? signature : '') + footer;
  renderer ??= await import('./html');
  return { to, tag, subject, text, html: renderer.renderMailHtml(content) };
}
