/**
 * How an e-mail is laid out, apart from what it says (templates): one list of blocks becomes both
 * the plain text (what every client can show) and a small HTML part with the same words, so the
 * two never drift apart. Everything a person typed (names, device names) is escaped in the HTML;
 * the HTML has no images, scripts or tracking, only inline styles, which is what mail clients keep.
 */
import { toPlainLine } from '../../../../src/contract/plain-text';
import { site } from '../../../../src/site.config';
import type { Mail, MailKind } from './rules';

/** The closing line of every e-mail (text). */
export const signature = `\n\n— The ${site.product} team\n${site.supportEmail}`;

/** One part of a message body. */
export type MailBlock =
  /** A paragraph. */
  | string
  /** A link to act on: "label: url" in the text, a link in the HTML. */
  | { link: string; label: string }
  /** Short facts, one "label: value" line each (a device's name and time). */
  | { facts: readonly (readonly [label: string, value: string])[] };

/** What a composed e-mail says. */
export interface MailContent {
  to: string;
  tag: MailKind;
  subject: string;
  /** The first line, e.g. "Hello Ann,". */
  greeting: string;
  blocks: readonly MailBlock[];
}

/** Text made safe inside HTML element content and attribute values. */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

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

function blockText(block: MailBlock): string {
  if (typeof block === 'string') return block;
  if ('link' in block) return `${block.label}:\n${block.link}`;
  return block.facts.map(([label, value]) => `${label}: ${value}`).join('\n');
}

const paragraph = 'margin:0 0 16px;line-height:1.5';

function blockHtml(block: MailBlock): string {
  if (typeof block === 'string') return `<p style="${paragraph}">${escapeHtml(block)}</p>`;
  if ('link' in block) {
    const href = escapeHtml(block.link);
    return `<p style="${paragraph}"><a href="${href}" style="color:#0b5cad;font-weight:bold">${escapeHtml(block.label)}</a><br><span style="color:#555;font-size:13px">${href}</span></p>`;
  }
  const rows = block.facts
    .map(
      ([label, value]) =>
        `<tr><th scope="row" style="text-align:left;padding:2px 16px 2px 0;font-weight:normal;color:#555">${escapeHtml(label)}</th><td style="padding:2px 0">${escapeHtml(value)}</td></tr>`,
    )
    .join('');
  return `<table role="presentation" style="margin:0 0 16px;border-collapse:collapse">${rows}</table>`;
}

/** "Hello <name>," with the name made inert, or "Hello," when the account has no name. */
export function greeting(name: string): string {
  return name.trim() ? `Hello ${inertName(name)},` : 'Hello,';
}

/** The e-mail with its text and HTML parts, from the same blocks. */
export function composeMail({ to, tag, subject, greeting, blocks }: MailContent): Mail {
  const text = [greeting, ...blocks.map(blockText)].join('\n\n') + signature;
  const support = escapeHtml(site.supportEmail);
  const html =
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>` +
    `<body style="margin:0;padding:24px;font-family:Arial,Helvetica,sans-serif;font-size:15px;color:#1a1a1a">` +
    `<div style="max-width:560px">` +
    `<p style="${paragraph}">${escapeHtml(greeting)}</p>` +
    blocks.map(blockHtml).join('') +
    `<p style="${paragraph};color:#555">— The ${escapeHtml(site.product)} team<br>` +
    `<a href="mailto:${support}" style="color:#0b5cad">${support}</a></p>` +
    `</div></body></html>`;
  return { to, tag, subject, text, html };
}
