/**
 * The catalogue is complete and consistent: each error code is one entry with an HTTP error
 * status and a message, the islands' codes by name are the catalogue's, the codes the Worker
 * throws are exactly the catalogue's (none missing, none declared but never answered), and the
 * plugin's license statuses say what their error codes say.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { STATUS_CODES } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  DeviceMessages,
  errorCatalogue,
  errorCodes,
  LicenseStatusMessages,
  UpdateCheckMessages,
  type ErrorCode,
} from '../../src/contract/catalogue';
import { ErrorCode as CodeByName } from '../../src/contract/error-codes';
import { licenseCheckStatuses } from '../../src/contract/schemas/licensing';

const functionsDir = fileURLToPath(new URL('../../functions/', import.meta.url));

/** The Worker's source files, tests excluded (there are none under functions/). */
function workerSources(): { file: string; text: string }[] {
  return readdirSync(functionsDir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts'))
    .map((file) => ({ file, text: readFileSync(join(functionsDir, file), 'utf8') }));
}

/** Codes written at a throw or a check: `fail('CODE'`, `new ApiError('CODE'`, `ApiError.is(e, 'A', 'B')`. */
function codesNamedAtThrows(text: string): string[] {
  const codes: string[] = [];
  for (const match of text.matchAll(/\b(?:fail|new ApiError)\(\s*'([^']+)'/g))
    codes.push(match[1]!);
  for (const match of text.matchAll(/ApiError\.is\(\s*\w+\s*((?:,\s*'[^']+'\s*)+)\)/g))
    for (const code of match[1]!.matchAll(/'([^']+)'/g)) codes.push(code[1]!);
  return codes;
}

describe('the error catalogue', () => {
  it('lists its codes once each, in UPPER_SNAKE', () => {
    expect(errorCodes).toEqual(Object.keys(errorCatalogue));
    expect(new Set(errorCodes).size).toBe(errorCodes.length);
    for (const code of errorCodes) expect(code).toMatch(/^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$/);
  });

  it.each(errorCodes)('gives %s an HTTP error status and a message', (code) => {
    const entry = errorCatalogue[code];
    expect(Object.keys(entry).sort()).toEqual(['message', 'status']);
    expect(Number.isInteger(entry.status)).toBe(true);
    expect(entry.status).toBeGreaterThanOrEqual(400);
    expect(entry.status).toBeLessThan(600);
    expect(STATUS_CODES[entry.status]).toBeDefined();
    expect(typeof entry.message).toBe('string');
    expect(entry.message.trim()).not.toBe('');
    expect(entry.message).toBe(entry.message.trim());
  });

  it("gives the islands each code by its name, and only the catalogue's codes compile", () => {
    for (const code of errorCodes) expect(CodeByName[code]).toBe(code);
    // @ts-expect-error A name that is not in the catalogue is a type error.
    expect(CodeByName.NOT_A_CODE).toBe('NOT_A_CODE');
  });
});

describe('the codes the Worker answers', () => {
  const sources = workerSources();
  const named = sources.flatMap(({ file, text }) =>
    codesNamedAtThrows(text).map((code) => ({ file, code })),
  );

  it('finds the throw sites it reads', () => {
    expect(named.length).toBeGreaterThan(50);
  });

  it('are all in the catalogue', () => {
    const unknown = named.filter(({ code }) => !(code in errorCatalogue));
    expect(unknown).toEqual([]);
  });

  it.each(errorCodes)('include %s (no entry is declared and never answered)', (code: ErrorCode) => {
    // Some codes are thrown through a variable (a license check's refusal); each is still written
    // as a string literal somewhere in the Worker.
    expect(sources.some(({ text }) => text.includes(`'${code}'`))).toBe(true);
  });
});

describe("the plugin's answers", () => {
  it('tell a refused license check what its error code says', () => {
    for (const status of licenseCheckStatuses) {
      if (status === 'VALID' || status === 'NOT_FOUND') continue;
      expect(status in errorCatalogue).toBe(true);
      expect(LicenseStatusMessages[status]).toBe(errorCatalogue[status as ErrorCode].message);
    }
  });

  it('have a non-empty text for every success', () => {
    const texts = [
      LicenseStatusMessages.VALID,
      LicenseStatusMessages.NOT_FOUND,
      ...Object.values(DeviceMessages),
      ...Object.values(UpdateCheckMessages).map((text) => text('1.2.3')),
    ];
    for (const text of texts) expect(text.trim()).not.toBe('');
  });
});
