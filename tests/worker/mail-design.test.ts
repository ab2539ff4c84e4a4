/**
 * Every kind of e-mail, as its template builds it (mail-samples.ts): the HTML part is the designed
 * one (the logo from the site, the main link as a button in the accent color), the text part
 * says the same with its links and no markup, and dates read as words.
 */
import { describe, expect, it } from 'vitest';
import { buttonStyle, colors, fonts, logo } from '../../functions/services/core/mail/theme';
import { companyLine } from '../../functions/services/core/mail/footer';
import {
  contactReceivedMail,
  contactReplyMail,
} from '../../functions/services/core/mail/templates';
import { site } from '../../src/site.config';
import { kindsWithoutLink, mailSamples, SAMPLE_KEY, SAMPLE_ORIGIN } from './mail-samples';

/** The attributes of every <a> in `html`, entities decoded in href. */
function anchors(html: string) {
  return [...html.matchAll(/<a\b([^>]*)>/g)].map(([, attributes = '']) => ({
    href: (/\bhref="([^"]*)"/.exec(attributes)?.[1] ?? '').replaceAll('&amp;', '&'),
    style: /\bstyle="([^"]*)"/.exec(attributes)?.[1] ?? '',
  }));
}

const isButton = (style: string) =>
  style.includes(`background-color:${buttonStyle.backgroundColor}`) &&
  style.includes(`color:${buttonStyle.color}`) &&
  style.includes('display:inline-block');

const samples = await Promise.all(
  Object.entries(mailSamples).map(async ([kind, build]) => ({ kind, mail: await build() })),
);

describe('every e-mail', () => {
  it.each(samples)(
    '$kind: HTML with the logo from the site, a text part without markup',
    ({ mail }) => {
      expect(mail.html).toMatch(/^<!DOCTYPE html/);
      expect(mail.html).toContain(`src="${SAMPLE_ORIGIN}${logo.path}"`);
      expect(mail.html).toContain(`width="${logo.size}"`);
      expect(mail.html).toContain(`<title>${mail.subject.replaceAll('"', '&quot;')}</title>`);
      expect(mail.html).toContain(`background-color:${colors.background}`);
      expect(mail.html).not.toMatch(/<script|<style|<svg/i);
      // A tag, not an address in brackets ("Ada <ada@example.com>").
      expect(mail.text).not.toMatch(/<\/?[a-z]+(?:\s[^>]*)?\/?>/i);
      expect(mail.text.trim()).not.toBe('');
    },
  );

  it.each(samples.filter(({ kind }) => !kindsWithoutLink.includes(kind as never)))(
    '$kind: its first link is a button in the HTML and a URL in the text',
    ({ mail }) => {
      const first = /https?:\/\/\S+/.exec(mail.text)?.[0];
      expect(first).toBeDefined();
      const buttons = anchors(mail.html ?? '').filter(({ style }) => isButton(style));
      expect(buttons.map(({ href }) => href)).toEqual([first]);
      expect(mail.text).toContain(`\n${first}`);
    },
  );

  it.each(samples)('$kind: dates in words, never as ISO days', ({ mail }) => {
    for (const part of [mail.subject, mail.text, mail.html ?? '']) {
      expect(part).not.toMatch(/\b\d{4}-\d{2}-\d{2}\b/);
    }
  });

  it('a message without a link to act on has no button', async () => {
    for (const kind of kindsWithoutLink) {
      const html = (await mailSamples[kind]()).html ?? '';
      expect(anchors(html).filter(({ style }) => isButton(style))).toEqual([]);
    }
  });
});

describe('the welcome e-mail', () => {
  it('shows the license key in a monospace block and the end date in words', async () => {
    const mail = await mailSamples.welcome();

    expect(mail.text).toContain(`License key: ${SAMPLE_KEY}`);
    expect(mail.text).toContain('is active until December 12, 2026.');
    const block = new RegExp(`<p style="([^"]*)">${SAMPLE_KEY}</p>`).exec(mail.html ?? '');
    expect(block?.[1]).toContain(`font-family:${fonts.mono.replaceAll("'", '&#x27;')}`);
    expect(mail.html).toContain('December 12, 2026');
  });
});

describe('the verification code e-mail', () => {
  it('sets the code apart in a monospace block and keeps the indented code in the text', async () => {
    const mail = await mailSamples['verification-code']();

    expect(mail.text).toContain('is:\n\n    482913\n\n');
    expect(/<p style="([^"]*)">482913<\/p>/.exec(mail.html ?? '')?.[1]).toContain('font-family:');
  });
});

describe('the team invitation', () => {
  it('says in both parts until when the single-use link works', async () => {
    const mail = await mailSamples['team-invitation']();

    expect(mail.text).toContain(
      `Accept the invitation (the link works once, until December 4, 2026):\n${SAMPLE_ORIGIN}/invite#token=tok123`,
    );
    expect(mail.html).toContain('(the link works once, until December 4, 2026)');
  });
});

describe('the contact messages', () => {
  it("support's copy has the sender's words and no greeting or signature", async () => {
    const mail = await mailSamples.contact();

    expect(mail.text).toBe(
      'From: Ada Lovelace <ada@example.com>\nMessage id: c0ffee00-0000-4000-8000-000000000001\n\n' +
        `Do you offer Enterprise pricing\nfor 40 seats?\n\n-- \n${companyLine}`,
    );
    expect(mail.html).toContain('Do you offer Enterprise pricing</span><span><br/>for 40 seats?');
  });

  it('a reply quotes the message line by line under the date in words', async () => {
    const mail = await mailSamples['contact-reply']();

    expect(mail.text).toContain(
      'On November 26, 2026 you wrote:\n> Do you offer Enterprise pricing\n> for 40 seats?',
    );
  });

  it('a reply that greets is greeted once; one that does not gets the greeting', async () => {
    const greeted = await mailSamples['contact-reply']();
    expect(greeted.text.match(/Hello/gu)).toEqual(['Hello']);
    expect(greeted.text.startsWith('Hello Ada,\n\nYes:')).toBe(true);

    const plain = await contactReplyMail(
      'ada@example.com',
      'Ada Lovelace',
      { message: 'Is there a team plan?', createdAt: 0 },
      'Yes: from two seats.',
      SAMPLE_ORIGIN,
    );
    expect(plain.text.startsWith('Hello Ada Lovelace,\n\nYes: from two seats.')).toBe(true);
  });

  it('the acknowledgement quotes the message inert and says when the answer comes', async () => {
    const mail = await contactReceivedMail(
      'ada@example.com',
      'See https://evil.example/x\nthanks',
      SAMPLE_ORIGIN,
    );

    expect(mail.text).toContain(`reply to this address ${site.supportReplyTime}.`);
    expect(mail.text).toContain('You wrote:\n> See hxxps[:]//evil[.]example/x\n> thanks');
    expect(mail.html).not.toContain('evil.example');
  });
});

describe('the receipt', () => {
  it('shows the payment method, service period and renewal, and the sums right-aligned', async () => {
    const mail = await mailSamples.receipt();

    expect(mail.text).toContain('Payment method: Visa ending in 4242');
    expect(mail.text).toContain('Service period: November 27, 2026 – November 27, 2027');
    expect(mail.text).toContain('renews on November 27, 2027 for $153.51');
    expect(mail.text).toContain(
      'Sheetwright Standard, one year: $129.00\nVAT 19%: $24.51\nTotal paid: $153.51',
    );
    for (const amount of ['$129.00', '$24.51', '$153.51']) {
      expect(mail.html).toMatch(
        new RegExp(`<td style="[^"]*text-align:right[^"]*">\\${amount}</td>`),
      );
    }
    // One link to the invoice, one to the billing page.
    expect(mail.text.match(/https?:\/\/\S+/gu)).toEqual([
      `${SAMPLE_ORIGIN}/api/billing/invoices/inv_1/pdf`,
      `${SAMPLE_ORIGIN}/dashboard/billing`,
    ]);
  });
});

describe('the cancellation', () => {
  it('says until when the subscription can be resumed, and links to where', async () => {
    const mail = await mailSamples['subscription-cancelled']();

    expect(mail.text).toContain(
      'you can resume it: choose Resume subscription on Billing & Invoices',
    );
    expect(mail.text).toContain(
      `Resume on Billing & Invoices:\n${SAMPLE_ORIGIN}/dashboard/billing`,
    );
  });
});

describe('the security e-mails', () => {
  it.each(['two-step-on', 'password-changed', 'two-step-off'] as const)(
    '%s: the button reviews the sign-in settings; resetting the password is the way out',
    async (kind) => {
      const mail = await mailSamples[kind]();
      const buttons = anchors(mail.html ?? '').filter(({ style }) => isButton(style));

      expect(buttons.map(({ href }) => href)).toEqual([`${SAMPLE_ORIGIN}/dashboard/settings`]);
      expect(mail.html).toContain('>Review your sign-in settings</span>');
      expect(mail.text).toContain(
        `Not you? Reset your password:\n${SAMPLE_ORIGIN}/forgot-password`,
      );
    },
  );
});
