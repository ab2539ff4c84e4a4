import { describe, expect, it } from 'vitest';
import {
  addressesFromCsv,
  bulkInviteMax,
  collectAddresses,
  parseCsv,
  readAddress,
  readAddressList,
  splitAddressList,
} from '../../src/contract/address-list';
import { normalizeEmail } from '../../functions/services/shared/emails';

describe('a pasted list of addresses', () => {
  it('splits on commas, semicolons, spaces and new lines', () => {
    expect(
      splitAddressList(
        'a@firm.example, b@firm.example;c@firm.example d@firm.example\n\te@firm.example\r\n',
      ),
    ).toEqual([
      'a@firm.example',
      'b@firm.example',
      'c@firm.example',
      'd@firm.example',
      'e@firm.example',
    ]);
    expect(splitAddressList(' ,;\n ')).toEqual([]);
  });

  it('keeps a name with its <address>, quoted names with commas included', () => {
    const text =
      'Ann Lee <ann@firm.example>, "Brown, Marta" <marta@firm.example>; Ole <OLE@Firm.Example>\nbob@firm.example';
    expect(splitAddressList(text)).toEqual([
      'Ann Lee <ann@firm.example>',
      '"Brown, Marta" <marta@firm.example>',
      'Ole <OLE@Firm.Example>',
      'bob@firm.example',
    ]);
    expect(readAddressList(text).entries.map((entry) => entry.email)).toEqual([
      'ann@firm.example',
      'marta@firm.example',
      'ole@firm.example',
      'bob@firm.example',
    ]);
  });

  it('reads `address <address>` (as some mail programs copy it) as one entry', () => {
    expect(splitAddressList('ann@firm.example <ann@firm.example>, bob@firm.example')).toEqual([
      'ann@firm.example',
      'bob@firm.example',
    ]);
  });

  it('tells addresses from other strings', () => {
    expect(readAddress('Ann Lee <ann@firm.example>')).toBe('ann@firm.example');
    expect(readAddress('  Ann@Firm.Example ')).toBe('ann@firm.example');
    expect(readAddress('ann@firm')).toBeNull();
    expect(readAddress('Ann Lee')).toBeNull();
    expect(readAddress('<ann@firm.example')).toBeNull();
    expect(readAddress('<ann@firm.example> trailing')).toBeNull();
    const list = readAddressList('Ann Lee, not-an-address, x@y.example');
    expect(list.entries).toEqual([
      { input: 'Ann Lee', email: null },
      { input: 'not-an-address', email: null },
      { input: 'x@y.example', email: 'x@y.example' },
    ]);
  });

  it('lists a repeated address once, in its first place, and reports it once as a duplicate', () => {
    const list = readAddressList(
      'ann@firm.example, bob@firm.example, ANN@firm.example, Ann <ann@FIRM.example>, oops, OOPS',
    );
    expect(list.entries.map((entry) => entry.input)).toEqual([
      'ann@firm.example',
      'bob@firm.example',
      'oops',
    ]);
    expect(list.duplicates).toEqual(['ann@firm.example', 'OOPS']);
  });

  it("folds what a provider ignores when the Worker's identity is given", () => {
    const list = collectAddresses(['ann.lee@gmail.com', 'annlee+team@gmail.com'], normalizeEmail);
    expect(list.entries).toHaveLength(1);
    expect(list.duplicates).toEqual(['annlee+team@gmail.com']);
  });
});

describe('a CSV file of addresses', () => {
  it('parses quoted fields with commas, quotes and new lines inside', () => {
    expect(
      parseCsv(
        '\uFEFFName,E-mail\r\n"Lee, Ann","ann@firm.example"\n"Say ""hi""\nthere",b@firm.example\n\n',
      ),
    ).toEqual([
      ['Name', 'E-mail'],
      ['Lee, Ann', 'ann@firm.example'],
      ['Say "hi"\nthere', 'b@firm.example'],
    ]);
    expect(parseCsv('Name;Email\nLee, Ann;ann@firm.example')).toEqual([
      ['Name', 'Email'],
      ['Lee, Ann', 'ann@firm.example'],
    ]);
  });

  it('takes the column headed e-mail, any spelling and case', () => {
    for (const header of ['email', 'E-mail', 'E-mail address', 'EMAIL ADDRESS']) {
      const csv = `Name,Notes,${header}\nAnn,"a@b.example, not this",ann@firm.example\nBob,,\nCarl,,carl@firm\n`;
      expect(addressesFromCsv(csv)).toEqual({
        ok: true,
        entries: ['ann@firm.example', 'carl@firm'],
      });
    }
  });

  it('else takes the first column holding an address, with or without a header', () => {
    expect(addressesFromCsv('Name,Work\nAnn,ann@firm.example\nBob,bob@firm.example')).toEqual({
      ok: true,
      entries: ['ann@firm.example', 'bob@firm.example'],
    });
    expect(addressesFromCsv('Ann,ann@firm.example\nBob,bob@firm.example')).toEqual({
      ok: true,
      entries: ['ann@firm.example', 'bob@firm.example'],
    });
    expect(addressesFromCsv('Name,Phone\nAnn,123')).toEqual({ ok: false, problem: 'no-column' });
  });

  it(`refuses more than ${bulkInviteMax} rows`, () => {
    const rows = (n: number) =>
      ['email', ...Array.from({ length: n }, (_, i) => `p${i}@firm.example`)].join('\n');
    expect(addressesFromCsv(rows(bulkInviteMax))).toMatchObject({ ok: true });
    expect(addressesFromCsv(rows(bulkInviteMax + 1))).toEqual({
      ok: false,
      problem: 'too-many',
      rows: bulkInviteMax + 1,
    });
  });
});
