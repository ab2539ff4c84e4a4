/**
 * The new organization's form: what it starts with (a year from today, or what the inbox's
 * "Create organization" link carries) and the body POST /api/admin/organizations receives. Pure,
 * so it is unit-tested.
 */
import type { CreateInput } from './agreement-input';

/** YYYY-MM-DD of a time, in UTC (the server reads term dates as UTC days). */
function day(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/**
 * A new agreement: one year from today, Standard support, and the owner's e-mail, name and
 * notes the address carries (`owner`, `name`, `notes`).
 */
export function prefilledCreate(params: URLSearchParams, today: Date): CreateInput {
  const end = new Date(today);
  end.setUTCFullYear(end.getUTCFullYear() + 1);
  return {
    name: params.get('name')?.slice(0, 200) ?? '',
    ownerEmail: params.get('owner')?.slice(0, 254) ?? '',
    seats: '5',
    deviceLimit: '2',
    termStart: day(today),
    termEnd: day(end),
    supportTier: 'standard',
    agreementRef: '',
    notes: params.get('notes')?.slice(0, 5000) ?? '',
  };
}

/** A count as typed: a number when it is one (the server says what is wrong otherwise). */
export function typedCount(text: string): number | string {
  const trimmed = text.trim();
  return /^\d+$/.test(trimmed) ? Number(trimmed) : trimmed;
}

/** The JSON body of POST /api/admin/organizations. */
export function createBody(input: CreateInput, reason: string): Record<string, unknown> {
  return {
    name: input.name.trim(),
    ownerEmail: input.ownerEmail.trim(),
    seats: typedCount(input.seats),
    deviceLimit: typedCount(input.deviceLimit),
    termStart: input.termStart,
    termEnd: input.termEnd,
    supportTier: input.supportTier,
    agreementRef: input.agreementRef.trim() || null,
    notes: input.notes.trim() || null,
    reason,
  };
}
