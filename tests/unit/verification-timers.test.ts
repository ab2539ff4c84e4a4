import { describe, expect, it } from 'vitest';
import {
  canVerify,
  formatClock,
  sanitizeCode,
  secondsLeft,
  timersAfterResend,
  timersOnOpen,
} from '../../src/lib/auth/countdown';
import { resendCooldownSeconds } from '../../src/site.config';

describe('code input', () => {
  it('strips everything but digits and caps the code at 6', () => {
    expect(sanitizeCode('12a 3-4')).toBe('1234');
    expect(sanitizeCode('１2345678')).toBe('234567');
    expect(sanitizeCode('987654321')).toBe('987654');
  });

  it('enables Verify only with exactly 6 digits while the code has not expired', () => {
    expect(canVerify('123456', 1)).toBe(true);
    expect(canVerify('12345', 100)).toBe(false);
    expect(canVerify('123456', 0)).toBe(false);
  });
});

describe('countdown', () => {
  it('shows minutes and seconds', () => {
    expect(formatClock(600)).toBe('10:00');
    expect(formatClock(599)).toBe('9:59');
    expect(formatClock(30)).toBe('0:30');
    expect(formatClock(0)).toBe('0:00');
  });

  it('rounds partial seconds up and never goes below zero', () => {
    expect(secondsLeft(10_000, 9_001)).toBe(1);
    expect(secondsLeft(10_000, 10_000)).toBe(0);
    expect(secondsLeft(10_000, 20_000)).toBe(0);
  });
});

describe('verification timers', () => {
  it('start at 600 s for the code and 30 s for Resend when the modal opens', () => {
    const t = timersOnOpen(0);
    expect(secondsLeft(t.codeDeadline, 0)).toBe(600);
    expect(secondsLeft(t.resendDeadline, 0)).toBe(30);
  });

  it('restart the code at 600 s after a resend and wait 30 + (attempt - 1) * 60 s', () => {
    expect(resendCooldownSeconds(1)).toBe(30);
    expect(resendCooldownSeconds(2)).toBe(90);
    expect(resendCooldownSeconds(3)).toBe(150);
    const t = timersAfterResend(1000, 2);
    expect(secondsLeft(t.codeDeadline, 1000)).toBe(600);
    expect(secondsLeft(t.resendDeadline, 1000)).toBe(90);
  });
});
