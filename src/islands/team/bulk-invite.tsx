/**
 * The invite box's heavier part, loaded on first use (the team page's budget,
 * docs/performance.md): reading the pasted list and CSV files with the rules the Worker applies
 * (src/contract/address-list.ts), sending one address or many, and the results list.
 */
import { useEffect, useId, useRef } from 'react';
import {
  addressesFromCsv,
  bulkInviteMax,
  readAddress,
  readAddressList,
  splitAddressList,
} from '../../contract/address-list';
import { TeamMessages } from '../../contract/messages';
import { invalidEmail } from '../../contract/texts';
import { type BulkInviteResponse, type BulkInviteResult } from '../../contract/team';
import { apiCall } from '../shared/api';
import { teamAction } from './team-calls';
import { isInviteTeamMembersAnswer } from '../../generated/answers/InviteTeamMembersAnswer';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** What the box holds, as the count line says it before sending. */
export interface ListPreview {
  /** Entries that are addresses, and those that are not. */
  addresses: number;
  invalid: number;
  duplicates: number;
  /** More than `bulkInviteMax` entries: refused before sending. */
  tooMany: boolean;
  text: string;
}

/** "12 addresses found, 1 not an e-mail address, 1 listed twice. 5 seats left." */
export function previewList(text: string, seatsLeft: number): ListPreview | null {
  const list = readAddressList(text);
  if (list.entries.length === 0) return null;
  const addresses = list.entries.filter((entry) => entry.email !== null).length;
  const invalid = list.entries.length - addresses;
  const tooMany = list.entries.length > bulkInviteMax;
  const parts = [plural(addresses, 'address found', 'addresses found')];
  if (invalid > 0)
    parts.push(`${invalid} not ${invalid === 1 ? 'an e-mail address' : 'e-mail addresses'}`);
  if (list.duplicates.length > 0)
    parts.push(`${plural(list.duplicates.length, 'address', 'addresses')} listed twice`);
  let line = `${parts.join(', ')}. ${plural(seatsLeft, 'seat', 'seats')} left.`;
  if (tooMany) {
    line = `${plural(list.entries.length, 'address', 'addresses')} found: at most ${bulkInviteMax} can be invited at a time.`;
  } else if (addresses > seatsLeft && seatsLeft > 0) {
    line += ` The first ${plural(seatsLeft, 'address gets', 'addresses get')} an invitation.`;
  }
  return { addresses, invalid, duplicates: list.duplicates.length, tooMany, text: line };
}

/**
 * What sending the box did: one address's server message, the bulk answer, or the sentence of a
 * refusal of the browser's own (nothing sent).
 */
export type Sent =
  | { kind: 'one'; message: string }
  | { kind: 'many'; answer: BulkInviteResponse }
  | { kind: 'refused'; message: string };

/**
 * Sends what the box holds: a single address through POST /api/team/invitations (with its precise
 * refusals, as before lists were taken), a list through the bulk call.
 */
export async function sendList(text: string): Promise<Sent> {
  const entries = splitAddressList(text);
  const list = readAddressList(text);
  const [only] = list.entries;
  if (!only) return { kind: 'refused', message: TeamMessages.noAddresses };
  if (list.entries.length > bulkInviteMax) {
    return { kind: 'refused', message: TeamMessages.tooManyAddresses };
  }
  if (list.entries.length === 1) {
    if (only.email === null) return { kind: 'refused', message: invalidEmail };
    const message = await teamAction('POST', '/api/team/invitations', { email: only.email });
    return { kind: 'one', message };
  }
  const answer = await apiCall('POST', '/api/team/invitations/bulk', isInviteTeamMembersAnswer, {
    entries,
  });
  return { kind: 'many', answer };
}

/** Reads an uploaded CSV file: its e-mail column's entries, or the sentence saying why not. */
export async function readCsvFile(
  file: File,
): Promise<{ entries: string[] } | { problem: string }> {
  if (file.size > 1024 * 1024) {
    return { problem: 'This file is larger than 1 MB. Upload a CSV file with one row per person.' };
  }
  let text: string;
  try {
    text = await file.text();
  } catch {
    return { problem: 'We could not read this file. Save it as CSV and try again.' };
  }
  const read = addressesFromCsv(text);
  if (!read.ok && read.problem === 'too-many') {
    return {
      problem: `This file has ${read.rows} rows with an address; at most ${bulkInviteMax} can be invited at a time. Split it and upload each part.`,
    };
  }
  if (!read.ok || read.entries.length === 0) {
    return {
      problem:
        'No column of this file holds an e-mail address. Name the column "E-mail" and try again.',
    };
  }
  // One line per row: the address alone where the cell has one ("Lee, Ann <ann@…>" would split).
  return { entries: read.entries.map((cell) => readAddress(cell) ?? cell) };
}

const labels: Record<BulkInviteResult, string> = {
  invited: 'Invited',
  already_member: 'Already a member',
  already_invited: 'Already invited',
  invalid: 'Not an e-mail address',
  no_seat: 'No seat left',
};

const counted: Record<BulkInviteResult, [string, string]> = {
  invited: ['invited', 'invited'],
  already_member: ['already a member', 'already members'],
  already_invited: ['already invited', 'already invited'],
  invalid: ['not an e-mail address', 'not e-mail addresses'],
  no_seat: ['with no seat left', 'with no seat left'],
};

/** "9 invited, 2 already members, 1 not an e-mail address". */
export function bulkSummary(answer: BulkInviteResponse): string {
  const parts = (Object.keys(counted) as BulkInviteResult[]).flatMap((result) => {
    const n = answer.results.filter((row) => row.result === result).length;
    return n === 0 ? [] : [plural(n, ...counted[result])];
  });
  if (answer.duplicates.length > 0) {
    parts.push(`${plural(answer.duplicates.length, 'address', 'addresses')} listed twice`);
  }
  return parts.join(', ');
}

/** The answer of a bulk invitation, each address with its result; focused when it appears. */
export function BulkResults({
  answer,
  onClose,
}: {
  answer: BulkInviteResponse;
  onClose: () => void;
}) {
  const id = useId();
  const ref = useRef<HTMLDivElement>(null);
  // After the page's own notice took focus (the team reloads): the details are here.
  useEffect(() => {
    const timer = setTimeout(() => ref.current?.focus(), 0);
    return () => clearTimeout(timer);
  }, [answer]);

  return (
    <div
      ref={ref}
      className="bulk-results"
      tabIndex={-1}
      role="region"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-summary`}
    >
      <h3 id={`${id}-title`} className="team-subtitle">
        Invitation results
      </h3>
      <p id={`${id}-summary`} className="bulk-summary">
        {bulkSummary(answer)}. {plural(answer.seatsLeft, 'seat', 'seats')} left.
      </p>
      <ul className="bulk-result-list">
        {answer.results.map((row, index) => (
          <li key={`${index}-${row.address}`} className="bulk-result-row">
            <span className="bulk-address">{row.address}</span>
            <span className={`bulk-result bulk-result-${row.result}`}>{labels[row.result]}</span>
          </li>
        ))}
      </ul>
      {answer.duplicates.length > 0 && (
        <p className="team-muted bulk-duplicates">
          Listed more than once, invited once at most: {answer.duplicates.join(', ')}
        </p>
      )}
      <button type="button" className="button button-secondary usage-button" onClick={onClose}>
        Hide results
      </button>
    </div>
  );
}
