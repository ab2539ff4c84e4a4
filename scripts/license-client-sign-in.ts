/**
 * The reference client's sign-in commands (docs/plugin-api.md, "Signing in from the ribbon"):
 * `login` runs the device flow and keeps the tokens beside the license file; `licenses`,
 * `switch` and `free` call the license API with the access token, refreshing it first when it
 * has expired (the refresh token is replaced each time, so the new pair is saved at once).
 *
 * Node runs this file through type stripping: erasable TypeScript only, explicit `.ts` imports.
 */
import { chmod, readFile, rm, writeFile } from 'node:fs/promises';
import type { PluginLicense } from '../src/contract/schemas/plugin-licenses.ts';
import type { Problem } from './license-client-core.ts';
import {
  createSignInClient,
  toSaved,
  type SavedTokens,
  type SignInOptions,
} from './plugin-sign-in-client.ts';
import { UsageError } from './cli.ts';

/** Where the tokens are kept for a license file: `license.jwt` → `license.tokens.json`. */
export function tokensPathFor(file: string): string {
  return `${file.replace(/\.[^./\\]*$/, '')}.tokens.json`;
}

/** What the sign-in commands need from the CLI. */
export interface SignInCommand {
  command: 'login' | 'logout' | 'licenses' | 'switch' | 'free';
  file: string;
  deviceId?: string | undefined;
  deviceName?: string | undefined;
  appVersion?: string | undefined;
  fromLicense?: string | undefined;
  toLicense?: string | undefined;
  licenseId?: string | undefined;
  out: (line: string) => void;
  err: (line: string) => void;
}

const EXIT_OK = 0;
const EXIT_LICENSE = 1;

async function saveTokens(path: string, tokens: SavedTokens): Promise<void> {
  await writeFile(path, `${JSON.stringify(tokens, null, 2)}\n`, { mode: 0o600 });
  // writeFile's mode applies only to a new file.
  await chmod(path, 0o600);
}

async function readTokens(path: string): Promise<SavedTokens | undefined> {
  try {
    return JSON.parse(await readFile(path, 'utf8')) as SavedTokens;
  } catch {
    return undefined;
  }
}

function report(io: SignInCommand, problem: Problem): number {
  io.err(`${problem.code}: ${problem.message}`);
  for (const device of problem.devices ?? []) {
    io.err(`  - ${device.deviceName} (device id ${device.deviceId})`);
  }
  return EXIT_LICENSE;
}

function describe(license: PluginLicense): string[] {
  const limit = license.deviceLimit === null ? 'set per account' : String(license.deviceLimit);
  const lines = [
    `${license.id}  ${license.licenseKey}  ${license.plan}, ${license.status}${license.current ? ' (current)' : ''}, expires ${license.expiresAt.slice(0, 10)}; devices ${license.activeDevices} of ${limit}`,
  ];
  for (const device of license.devices) {
    lines.push(
      `    - ${device.deviceName} (device id ${device.deviceId}), last seen ${device.lastSeenAt.slice(0, 16).replace('T', ' ')} UTC`,
    );
  }
  return lines;
}

/** Runs one sign-in command; resolves to the exit code. */
export async function runSignInCommand(io: SignInCommand, options: SignInOptions): Promise<number> {
  const client = createSignInClient(options);
  const now = options.now ?? (() => Date.now());
  const path = tokensPathFor(io.file);

  if (io.command === 'login') {
    const started = await client.start({ deviceName: io.deviceName, deviceId: io.deviceId });
    if (!started.ok) return report(io, started.problem);
    io.out(
      `To sign in, open ${started.data.verification_uri} and enter the code ${started.data.user_code}`,
    );
    io.out(`  (or open ${started.data.verification_uri_complete})`);
    io.out(
      `  Waiting for approval; the code works for ${Math.round(started.data.expires_in / 60)} minutes.`,
    );
    const tokens = await client.waitForTokens(started.data);
    if (!tokens.ok) return report(io, tokens.problem);
    await saveTokens(path, toSaved(tokens.data, now()));
    io.out(`Signed in. Tokens saved to ${path}.`);
    return EXIT_OK;
  }

  const saved = await readTokens(path);
  if (!saved) {
    io.err(`NOT_SIGNED_IN: ${path} does not exist. Run login first.`);
    return EXIT_LICENSE;
  }
  if (io.command === 'logout') {
    await client.revoke(saved.refreshToken);
    await rm(path, { force: true });
    io.out(`Signed out; ${path} deleted.`);
    return EXIT_OK;
  }

  let tokens = saved;
  if (now() >= saved.expiresAt) {
    const refreshed = await client.refresh(saved.refreshToken);
    if (!refreshed.ok) {
      if (refreshed.problem.code === 'invalid_grant') await rm(path, { force: true });
      io.err('The sign-in has ended. Run login again.');
      return report(io, refreshed.problem);
    }
    tokens = toSaved(refreshed.data, now());
    await saveTokens(path, tokens);
  }
  const api = client.licenses(tokens.accessToken);

  if (io.command === 'licenses') {
    const result = await api.list();
    if (!result.ok) return report(io, result.problem);
    if (result.data.licenses.length === 0) io.out('No licenses.');
    for (const license of result.data.licenses) for (const line of describe(license)) io.out(line);
    return EXIT_OK;
  }
  if (io.command === 'switch') {
    if (!io.deviceId || !io.deviceName || !io.toLicense) {
      throw new UsageError('switch needs --device-id, --device-name and --to LICENSE_ID.');
    }
    const result = await api.switchTo({
      deviceId: io.deviceId,
      deviceName: io.deviceName,
      toLicenseId: io.toLicense,
      ...(io.fromLicense ? { fromLicenseId: io.fromLicense } : {}),
      ...(io.appVersion ? { appVersion: io.appVersion } : {}),
    });
    if (!result.ok) return report(io, result.problem);
    await writeFile(io.file, `${result.data.licenseFile}\n`);
    io.out(`${result.data.message} License file saved to ${io.file}.`);
    return EXIT_OK;
  }
  if (!io.deviceId || !io.licenseId) {
    throw new UsageError(
      'free needs --license LICENSE_ID and --device-id ID of the device to free.',
    );
  }
  const result = await api.free({ licenseId: io.licenseId, deviceId: io.deviceId });
  if (!result.ok) return report(io, result.problem);
  io.out(result.data.message);
  return EXIT_OK;
}
