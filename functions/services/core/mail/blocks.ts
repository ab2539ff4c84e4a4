/**
 * What an e-mail is made of, apart from how it looks: a greeting, a list of blocks and the
 * signature. compose.ts turns one such list into both parts of the message, the plain text
 * (blockText) and the HTML (html.tsx, one React Email component per block kind), so the two
 * always say the same thing.
 */
import type { MailKind } from './rules';

/** A link to act on. The first link of an e-mail is its button; the others are plain links. */
export interface LinkBlock {
  link: string;
  /** What the link does: the button's or link's words; "label:" before the URL in the text. */
  label: string;
  /**
   * The text part shows the URL alone on its line: the paragraph before it already says what it
   * is ("open this link within 30 minutes:"), so the label is only the HTML button's words.
   */
  urlOnlyInText?: true;
  /** A condition of the link ("the link works once, until …"): in brackets after the label. */
  note?: string;
}

/**
 * A receipt's or an invoice's sums: label and amount rows, then the total, shown as a table with
 * the amounts right-aligned; in the text "label: amount" lines.
 */
export interface AmountsBlock {
  amounts: readonly (readonly [label: string, amount: string])[];
  total: readonly [label: string, amount: string];
}

/** One part of a message body. */
export type MailBlock =
  /** A paragraph; a line break in it stays a line break. */
  | string
  | LinkBlock
  /** Short facts, one "label: value" line each (a device's name and time, a receipt's sums). */
  | { facts: readonly (readonly [label: string, value: string])[] }
  /**
   * Something to copy exactly (a license key, a verification code), in a monospace box: in the
   * text "label: value", or the value alone, indented, when it has no label.
   */
  | { code: string; label?: string }
  | AmountsBlock
  /** Someone's earlier words, quoted: the introducing line, then each line after "> ". */
  | { quote: readonly string[]; intro: string };

/** What a composed e-mail says. */
export interface MailContent {
  to: string;
  tag: MailKind;
  subject: string;
  /** The first line, e.g. "Hello Ann,"; null for a message without one (support's copy). */
  greeting: string | null;
  blocks: readonly MailBlock[];
  /** The site the logo and links come from (deps.origin). */
  origin: string;
  /** Whether the message closes with the team's signature (default true). */
  signed?: boolean;
}
