import { describe, expect, it } from 'vitest';
import { contactMailto } from '../../src/scripts/contact-form';

describe('contactMailto', () => {
  it('addresses support and carries the name in the subject and the message and sender in the body', () => {
    const url = contactMailto('support@sheetwright.example', {
      name: ' Ada Lovelace ',
      email: 'ada@example.com',
      message: 'Need 5 seats & a quote?',
    });
    const parsed = new URL(url);
    expect(parsed.protocol).toBe('mailto:');
    expect(parsed.pathname).toBe('support@sheetwright.example');
    expect(parsed.searchParams.get('subject')).toBe('Message from Ada Lovelace');
    expect(parsed.searchParams.get('body')).toBe(
      'Need 5 seats & a quote?\n\nAda Lovelace <ada@example.com>',
    );
  });
});
