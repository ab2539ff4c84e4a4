/**
 * The local invoice PDF prints a buyer's name and address in any script as typed: each script's
 * letters drawn with a font embedded for it (only the fonts the text needs), Arabic and Hebrew
 * right to left, and a line mixing scripts drawn with the font that has each letter.
 */
// Names in other scripts are not words a spelling dictionary knows:
// cspell:ignoreRegExp /[^\u0000-\u024f]+/gu
import { describe, expect, it } from 'vitest';
import { adminGet, operator } from './admin-helpers';
import { billingWorld, GERMAN_COMPANY, upgradedWithDetails } from './billing-helpers';
import type { BillingDetails } from '../../src/contract/billing';
import { MISSING, pdfFontNames, pdfText, pdfToUnicode } from './pdf-text';

/** The PDF an operator downloads for an invoice issued to `details`. */
async function invoicePdf(details: BillingDetails): Promise<Uint8Array> {
  const world = billingWorld();
  const { invoiceId } = await upgradedWithDetails(world, details);
  const op = await operator(world.app);
  const response = await adminGet(world.app, op, `/api/admin/money/invoices/${invoiceId}/pdf`);
  expect(response.status, response.ok ? '' : await response.clone().text()).toBe(200);
  return new Uint8Array(await response.arrayBuffer());
}

/** The font families drawn with: "NotoSansArabic-Regular-2917" → "NotoSansArabic". */
const families = (names: string[]) => [...new Set(names.map((name) => name.split('-')[0]))].sort();

// The first PDF of a run loads the font engine and the fonts' modules (megabytes of base64
// through vitest's transform): more than the default timeout on a loaded machine.
describe('the invoice PDF for names in other scripts', { timeout: 60_000 }, () => {
  it('prints Chinese, Japanese kana, Korean, Devanagari and Thai as typed, each with its font', async () => {
    const pdf = await invoicePdf({
      ...GERMAN_COMPANY,
      company: 'Sheetwright 北京建筑有限公司',
      name: '김민준',
      line1: 'やまだ たろう',
      line2: 'สมชาย ใจดี',
      city: 'नई दिल्ली',
    });

    const lines = await pdfText(pdf);
    const text = lines.join('');
    for (const typed of ['Sheetwright 北京建筑有限公司', '김민준', 'やまだ たろう', 'สมชาย ใจดี']) {
      expect(text).toContain(typed);
    }
    // Devanagari is shaped: a vowel sign drawn before its consonant and conjuncts as one
    // glyph, so the drawn order differs from the typed one; every letter is there.
    const devanagari = lines.find((line) => /\p{Script=Devanagari}/u.test(line)) ?? '';
    expect([...devanagari].sort()).toEqual([...'नई दिल्ली'].sort());
    // No letter fell back to the standard fonts' "?" or to a font without it (an empty box).
    expect(text).not.toContain('?');
    expect(text).not.toContain(MISSING);
    expect(families(await pdfFontNames(pdf))).toEqual([
      'NotoSans',
      'NotoSansDevanagari',
      'NotoSansKR',
      'NotoSansSC',
      'NotoSansThai',
    ]);
  });

  it('prints Arabic and Hebrew right to left, Arabic letters joined, numbers left to right', async () => {
    const pdf = await invoicePdf({
      ...GERMAN_COMPANY,
      company: 'محمد عمر',
      name: 'דוד כהן',
      line1: 'شارع الملك 12',
      city: 'תל אביב',
    });

    // Drawn from left to right: a right-to-left line's letters reversed, its number not, and a
    // line that starts in a right-to-left script reads from the right (the number last, at the
    // left; the postal code first, at the right).
    const text = (await pdfText(pdf)).join('');
    const seen = (typed: string) => [...typed].reverse().join('');
    expect(text).toContain(seen('محمد عمر'));
    expect(text).toContain(seen('דוד כהן'));
    expect(text).toContain(`12 ${seen('شارع الملك')}`);
    expect(text).toContain(`${seen('תל אביב')} 10115`);
    expect(text).not.toContain('?');
    expect(text).not.toContain(MISSING);
    // Joined: a letter is drawn in the form its place in the word asks for, so "م" (initial in
    // "محمد" and "الملك", medial in "محمد" and "عمر") has more than one glyph; unjoined
    // letters would all be drawn in their one isolated form.
    const [arabic] = [...(await pdfToUnicode(pdf))].filter(([name]) =>
      name.startsWith('NotoSansArabic-'),
    );
    const forms = [...(arabic?.[1].values() ?? [])].filter((letters) => letters === 'م');
    expect(forms.length).toBeGreaterThan(1);
    expect(families(await pdfFontNames(pdf))).toEqual([
      'NotoSans',
      'NotoSansArabic',
      'NotoSansHebrew',
    ]);
  });

  it('embeds no font for a script the invoice does not use', async () => {
    const pdf = await invoicePdf({ ...GERMAN_COMPANY, name: 'Ярослава Ковальчук' });

    expect((await pdfText(pdf)).join('')).toContain('Ярослава Ковальчук');
    expect(families(await pdfFontNames(pdf))).toEqual(['NotoSans']);
  });
});
