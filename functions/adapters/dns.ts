/**
 * The TXT records of a host name, asked over DNS over HTTPS: production asks Cloudflare's
 * resolver in its JSON form (`GET https://cloudflare-dns.com/dns-query?name=…&type=TXT` with
 * `accept: application/dns-json`), which needs no key; development asks the stand-in of
 * dns-local.ts. A timeout, a network failure, a resolver's failure (SERVFAIL, REFUSED) or an
 * answer that is not the JSON expected reads as `unavailable`: the caller says it could not
 * check, never that the record is missing.
 */
import type { DnsTxtAnswer, DnsTxtResolver } from './types';

/** Cloudflare's DNS over HTTPS endpoint (JSON). */
export const DOH_URL = 'https://cloudflare-dns.com/dns-query';

/** How long one look-up may take before it reads as unavailable. */
const DOH_TIMEOUT_MS = 5_000;

/** The resource record type TXT. */
const TXT = 16;
/** Response codes that are an answer: NOERROR, and NXDOMAIN (the name does not exist). */
const NOERROR = 0;
const NXDOMAIN = 3;

interface DohOptions {
  /** Tests hand in their own; the Worker's global fetch otherwise. */
  fetch?: typeof fetch;
  timeoutMs?: number;
}

/**
 * One TXT record's `data` as the resolver writes it: its character strings quoted and separated
 * by spaces (`"v=spf1 …" "more"`); a record longer than 255 bytes is split into several, which
 * make one value again. Unquoted data is taken as it is.
 */
export function txtValue(data: string): string {
  const parts = [...data.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((match) =>
    (match[1] ?? '').replace(/\\(.)/g, '$1'),
  );
  return parts.length > 0 ? parts.join('') : data;
}

/** Reads the resolver's JSON: `{ Status, Answer: [{ type, data }] }`. */
export function readDohAnswer(body: unknown): DnsTxtAnswer {
  if (typeof body !== 'object' || body === null) return { kind: 'unavailable' };
  const { Status: status, Answer: answer } = body as { Status?: unknown; Answer?: unknown };
  if (status === NXDOMAIN) return { kind: 'answered', records: [] };
  if (status !== NOERROR) return { kind: 'unavailable' };
  if (answer === undefined) return { kind: 'answered', records: [] };
  if (!Array.isArray(answer)) return { kind: 'unavailable' };
  const records = answer.flatMap((record: unknown) => {
    if (typeof record !== 'object' || record === null) return [];
    const { type, data } = record as { type?: unknown; data?: unknown };
    return type === TXT && typeof data === 'string' ? [txtValue(data)] : [];
  });
  return { kind: 'answered', records };
}

/** TXT look-ups through Cloudflare's DNS over HTTPS. */
export function createDohResolver(options: DohOptions = {}): DnsTxtResolver {
  const fetcher = options.fetch ?? ((input, init) => fetch(input, init));
  const timeoutMs = options.timeoutMs ?? DOH_TIMEOUT_MS;
  return {
    kind: 'doh',
    async txt(name) {
      const url = `${DOH_URL}?name=${encodeURIComponent(name)}&type=TXT`;
      try {
        const response = await fetcher(url, {
          headers: { accept: 'application/dns-json' },
          signal: AbortSignal.timeout(timeoutMs),
        });
        if (!response.ok) return { kind: 'unavailable' };
        const text = await response.text();
        try {
          return readDohAnswer(JSON.parse(text));
        } catch {
          return { kind: 'unavailable' };
        }
      } catch (error) {
        console.warn('DNS could not be asked:', error instanceof Error ? error.message : error);
        return { kind: 'unavailable' };
      }
    },
  };
}
