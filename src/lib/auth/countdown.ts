/**
 * Timing rules of the verification modal: the code's validity, the Resend cooldown and the code
 * input. Deadlines are absolute times, so a tab put to sleep still shows the true time left.
 */
import { limits, resendCooldownSeconds } from '../../site.config';

/** Whole seconds left until `deadline` (ms since the epoch), never negative. */
export function secondsLeft(deadline: number, now: number): number {
  return Math.max(0, Math.ceil((deadline - now) / 1000));
}

/** `600` → `10:00`, `59` → `0:59`: the countdown display. */
export function formatClock(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const minutes = Math.floor(seconds / 60);
  return `${minutes}:${String(seconds % 60).padStart(2, '0')}`;
}

/** The code input strips non-digits and caps at `limits.codeLength` (6). */
export function sanitizeCode(raw: string): string {
  return raw.replace(/\D/g, '').slice(0, limits.codeLength);
}

/** Verify is enabled only with 6 digits while the code has not expired. */
export function canVerify(code: string, codeSecondsLeft: number): boolean {
  return new RegExp(`^\\d{${limits.codeLength}}$`).test(code) && codeSecondsLeft > 0;
}

/** Deadlines of one verification modal: when the code expires, when Resend unlocks. */
export interface CodeTimers {
  codeDeadline: number;
  resendDeadline: number;
}

/** When the modal opens the code runs for 600 s and Resend waits 30 s (`limits`). */
export function timersOnOpen(
  now: number,
  codeValiditySeconds: number = limits.codeValiditySeconds,
): CodeTimers {
  return {
    codeDeadline: now + codeValiditySeconds * 1000,
    resendDeadline: now + limits.resendFirstCooldownSeconds * 1000,
  };
}

/** After resend number `attempt`, the code timer restarts and Resend waits longer. */
export function timersAfterResend(
  now: number,
  attempt: number,
  codeValiditySeconds: number = limits.codeValiditySeconds,
): CodeTimers {
  return {
    codeDeadline: now + codeValiditySeconds * 1000,
    resendDeadline: now + resendCooldownSeconds(attempt) * 1000,
  };
}
