/**
 * Every e-mail checked against what Gmail, Outlook and Apple Mail support (caniemail's data,
 * through doiuse-email): a feature one of them drops fails the test, unless it is in the short
 * list below of what we accept, each with the reason it does not change what a reader sees.
 */
import { doIUseEmail } from 'doiuse-email';
import { describe, expect, it } from 'vitest';
import { site } from '../../src/site.config';
import { mailSamples } from '../worker/mail-samples';

const clients = ['gmail.*', 'outlook.*', 'apple-mail.*'];

/** Unsupported features we accept, by the name doiuse-email gives them, and why. */
const accepted: Readonly<Record<string, string>> = {
  '<body> element':
    'Outlook on phones drops <body>: only its background color goes, the card sets its own font and colors.',
  'display:none':
    'Hides the preview line in the inbox list; a client that ignores it hides the line by its other styles.',
  overflow:
    'Part of hiding the preview line, which display:none, opacity and max-height also hide.',
  opacity:
    'Part of hiding the preview line, which display:none, overflow and max-height also hide.',
  outline: 'Only the preview line clears it; no outline is drawn anywhere.',
  'role attribute':
    'role="presentation" tells screen readers the layout tables are not data; a client that drops it shows the same.',
  'target attribute': 'Links open in a new window in these clients anyway.',
  'border-radius':
    'Outlook for Windows draws square corners: the card and button look the same otherwise.',
  'word-break':
    'Windows Mail keeps a long key or link on one line; the other clients wrap it, and nothing is hidden.',
};

/** "`<link> element` is not supported by `gmail.ios`" → "<link> element". */
const featureOf = (error: string) => /^`([^`]+)`/.exec(error)?.[1] ?? error;

describe('every e-mail in Gmail, Outlook and Apple Mail', () => {
  it.each(Object.keys(mailSamples))('%s uses no feature they drop', async (kind) => {
    const mail = await mailSamples[kind as keyof typeof mailSamples]();
    expect(mail.html).toBeDefined();
    const result = doIUseEmail(mail.html ?? '', { emailClients: clients });
    const errors = result.success ? [] : result.errors;
    expect(errors.filter((error) => !(featureOf(error) in accepted))).toEqual([]);
  });

  it('accepts only features that are still used', async () => {
    const used = new Set<string>();
    for (const sample of Object.values(mailSamples)) {
      const result = doIUseEmail((await sample()).html ?? '', { emailClients: clients });
      for (const error of result.success ? [] : result.errors) used.add(featureOf(error));
    }
    expect(Object.keys(accepted).filter((feature) => !used.has(feature))).toEqual([]);
  });
});

describe('every e-mail', () => {
  it.each(Object.keys(mailSamples))(
    '%s is laid out for a phone and names the company with its postal address',
    async (kind) => {
      const mail = await mailSamples[kind as keyof typeof mailSamples]();
      expect(mail.html).toContain(
        '<meta name="viewport" content="width=device-width, initial-scale=1"/>',
      );
      // React adds <link rel="preload"> for images unless told not to; mail clients drop <link>.
      expect(mail.html).not.toContain('<link');
      const { company } = site;
      const address = `${company.name}, ${company.street}, ${company.city}, ${company.region} ${company.postalCode}, ${company.country}`;
      expect(mail.html).toContain(address);
      expect(mail.text.endsWith(`${address}.`)).toBe(true);
    },
  );
});
