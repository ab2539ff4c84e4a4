/**
 * A readable name for a session's user agent on the Usage & Sessions page ("Chrome on Windows").
 * Deliberately small: the page needs a hint the customer recognizes, not an exact product
 * database; anything unrecognized reads as "Unknown device" rather than a guess.
 */

/** Shown when the user agent says nothing we recognize. */
export const UNKNOWN_DEVICE = 'Unknown device';

// Order matters: Edge, Opera and Samsung Internet also say "Chrome", and Chrome also says "Safari".
const browsers: readonly (readonly [RegExp, string])[] = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\b(?:Headless)?Chrome\/|\bCriOS\/|\bChromium\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
  [/^curl\//, 'curl'],
  [/^Sheetwright\b/i, 'Sheetwright plugin'],
  [/^node\b|\bundici\b/i, 'Node.js'],
];

// iOS before macOS (iPads may say "Mac OS X"), Android before Linux, ChromeOS before Linux.
const systems: readonly (readonly [RegExp, string])[] = [
  [/\b(iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

function firstMatch(text: string, table: readonly (readonly [RegExp, string])[]) {
  return table.find(([pattern]) => pattern.test(text))?.[1];
}

/** "Chrome on Windows", "Firefox", "iOS" or "Unknown device". */
export function describeUserAgent(userAgent: string | null | undefined): string {
  const text = userAgent?.trim() ?? '';
  if (!text) return UNKNOWN_DEVICE;
  const browser = firstMatch(text, browsers);
  const system = firstMatch(text, systems);
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? UNKNOWN_DEVICE;
}
