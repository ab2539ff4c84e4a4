/**
 * How signup failures and verification answers are shown: 409 the
 * Existing Account screen, 429 Too Many Attempts, DUPLICATE_TRIAL Trial Already Claimed, anything
 * else an inline message. Pure, so the rules are unit-tested without a browser.
 */
import { ErrorCode } from '../../contract/error-codes';
import { Messages } from '../../contract/messages';
import {
  boolean,
  matches,
  object,
  optional,
  string,
  unknown,
  type Infer,
} from '../../contract/shape';
import { type VerifiedFormData } from '../../contract/signup';
import { ApiFailure } from '../shared/api';
import { isVerifiedFormData } from '../../generated/answers/VerifiedFormData';

export type SignupScreen =
  | {
      kind: 'existing';
      message: string;
      /** The server suggests upgrading. */ upgrade: boolean;
    }
  | { kind: 'tooMany'; message: string }
  | { kind: 'trialClaimed'; message: string };

/** The error screen for a failed send or registration, or null for an inline message. */
export function screenFor(error: unknown): SignupScreen | null {
  if (!(error instanceof ApiFailure)) return null;
  if (error.code === ErrorCode.DUPLICATE_TRIAL) {
    return { kind: 'trialClaimed', message: error.message || Messages.duplicateTrial };
  }
  if (error.status === 409 || error.code === ErrorCode.ACCOUNT_EXISTS) {
    const message = error.message || Messages.accountExists;
    return { kind: 'existing', message, upgrade: /upgrade/i.test(message) };
  }
  if (error.status === 429) return { kind: 'tooMany', message: error.message };
  return null;
}

/** The verify-email-code answer as read before its form data is trusted. */
export const verifyAnswerSchema = object({
  verified: boolean,
  formData: unknown,
  message: optional(string),
});

export type VerificationResult =
  { ok: true; formData: VerifiedFormData } | { ok: false; message: string };

/**
 * The verify answer's formData is an object or a JSON string. Missing data and unreadable data
 * have their own messages; a `verified: false` answer shows the server's message.
 */
export function interpretVerification(
  answer: Infer<typeof verifyAnswerSchema>,
): VerificationResult {
  if (!answer.verified) return { ok: false, message: answer.message || Messages.invalidCode };
  if (answer.formData === undefined || answer.formData === null || answer.formData === '') {
    return { ok: false, message: Messages.verifyMissingData };
  }
  let data: unknown = answer.formData;
  if (typeof data === 'string') {
    try {
      data = JSON.parse(data);
    } catch {
      return { ok: false, message: Messages.verifyServerData };
    }
  }
  return matches(isVerifiedFormData, data)
    ? { ok: true, formData: data }
    : { ok: false, message: Messages.verifyServerData };
}
