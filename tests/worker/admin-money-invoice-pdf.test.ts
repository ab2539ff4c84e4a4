/**
 * GET /api/admin/money/invoices/:id/pdf: support downloads any customer's invoice as the PDF the
 * customer gets (seller, buyer as issued, tax or the reverse-charge note, total); an unknown id is
 * 404 and anyone but an operator is refused.
 */
import { describe, expect, it } from 'vitest';
import { ConsoleMessages } from '../../src/contract/messages';
import { billing } from '../../src/site.config';
import { adminGet, operator } from './admin-helpers';
import { errorOf } from './admin-money-helpers';
import { billingWorld, GERMAN_COMPANY, upgradedWithDetails } from './billing-helpers';
import { pdfText } from './pdf-text';

describe('GET /api/admin/money/invoices/:id/pdf', () => {
  it("gives an operator the customer's invoice as a PDF with buyer, reverse charge and total", async () => {
    const world = billingWorld();
    const { invoiceId } = await upgradedWithDetails(world, GERMAN_COMPANY);
    const op = await operator(world.app);

    const response = await adminGet(world.app, op, `/api/admin/money/invoices/${invoiceId}/pdf`);

    expect(response.status, response.ok ? '' : await response.clone().text()).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('application/pdf');
    expect(response.headers.get('Cache-Control')).toBe('private, no-store');
    const disposition = response.headers.get('Content-Disposition') ?? '';
    expect(disposition).toMatch(/^attachment; filename="invoice-SW-\d{4}-\d{6}\.pdf"$/);
    const lines = await pdfText(new Uint8Array(await response.arrayBuffer()));
    const number = /invoice-(SW-\d{4}-\d{6})\.pdf/.exec(disposition)?.[1] ?? '';
    expect(lines).toContain(`Invoice number: ${number}`);
    expect(lines).toContain(billing.seller.name);
    expect(lines).toEqual(
      expect.arrayContaining([
        'Billed to',
        'Baubüro Müller GmbH',
        'Grete Müller',
        'Hauptstraße 1',
        '10115 Berlin',
        'Germany',
        'VAT ID: DE136695976',
        'VAT 0% (reverse charge)',
        '$0.00',
        '$129.00',
        billing.reverseChargeNote,
      ]),
    );
    // As the provider's invoices: the currency's ISO code, the seller's tax registration and
    // the service period.
    expect(lines).toEqual(
      expect.arrayContaining([
        'Amount (USD)',
        '$129.00 USD',
        `Tax registration: ${billing.sellerTaxRegistration}`,
      ]),
    );
    expect(
      lines.some((line) => /^Service period: \w+ \d+, \d{4} – \w+ \d+, \d{4}$/u.test(line)),
    ).toBe(true);
  });

  it('prints names in Greek, Cyrillic and Latin Extended letters as they were typed', async () => {
    const world = billingWorld();
    const { invoiceId } = await upgradedWithDetails(world, {
      ...GERMAN_COMPANY,
      company: 'ООО «Строитель»',
      name: 'Αλέξανδρος Παπαδόπουλος',
      line1: 'ul. Łąkowa 5',
      city: 'Αθήνα',
    });
    const op = await operator(world.app);

    const response = await adminGet(world.app, op, `/api/admin/money/invoices/${invoiceId}/pdf`);

    expect(response.status).toBe(200);
    // A line is drawn in runs, one per font (Latin, Greek, Cyrillic): read them joined.
    const text = (await pdfText(new Uint8Array(await response.arrayBuffer()))).join('');
    for (const typed of [
      'ООО «Строитель»',
      'Αλέξανδρος Παπαδόπουλος',
      'ul. Łąkowa 5',
      '10115 Αθήνα',
    ]) {
      expect(text).toContain(typed);
    }
  });

  it('answers 404 with a plain message for an id that names no invoice', async () => {
    const world = billingWorld();
    const op = await operator(world.app);

    const response = await adminGet(world.app, op, '/api/admin/money/invoices/in_local_none/pdf');

    expect(await errorOf(response)).toEqual({
      status: 404,
      message: 'No such invoice.',
      code: 'NOT_FOUND',
    });
  });

  it('refuses the invoice owner (403) and a visitor (401): it is support-only', async () => {
    const world = billingWorld();
    const { account, invoiceId } = await upgradedWithDetails(world, GERMAN_COMPANY);
    const path = `/api/admin/money/invoices/${invoiceId}/pdf`;

    const owner = await adminGet(world.app, account, path);
    const visitor = await world.app.request(path);

    expect(await errorOf(owner)).toEqual({
      status: 403,
      message: ConsoleMessages.notAnOperator,
      code: 'FORBIDDEN',
    });
    expect(visitor.status).toBe(401);
    expect(owner.headers.get('Content-Type')).not.toBe('application/pdf');
  });
});
