/// <reference types="node" />
/**
 * The reference license client on the command line: the steps the plugin follows,
 * runnable against a local or deployed site. See README "Plugin licensing".
 *
 *   npm run license-client -- activate --key SW-… --device-id … --device-name "…"
 *   npm run license-client -- verify --file ./license.jwt [--device-id …]     (offline)
 *   npm run license-client -- validate --key SW-… --device-id …
 *   npm run license-client -- deactivate --key SW-… --device-id …
 *   npm run license-client -- check-update --key SW-… --device-id … --current-version 1.0.0 [--download DIR]
 *   npm run license-client -- report-usage --key SW-… --device-id … [--events FILE]
 *   npm run license-client -- login [--device-id … --device-name "…"]     (sign in from the ribbon)
 *   npm run license-client -- licenses | switch --to ID … | free --license ID --device-id … | logout
 *
 * Exit codes: 0 ok, 1 license problem (refused, not valid, unreachable server), 2 usage error.
 * Node runs this file directly (type stripping): erasable TypeScript only, explicit `.ts` imports.
 */
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { isUsageError, UsageError } from './cli.ts';
import type { JSONWebKeySet } from 'jose';
import type { z } from 'zod';
import {
  activateBodySchema,
  deactivateBodySchema,
  validateBodySchema,
  type LicenseInfo,
} from '../src/contract/schemas/licensing.ts';
import { updateCheckBodySchema } from '../src/contract/schemas/releases.ts';
import { releaseChannels } from '../src/releases/releases.ts';
import { usageEventSchema, type UsageEvent } from '../src/contract/schemas/usage-report.ts';
import { devicesOfLimit } from '../src/lib/format.ts';
import { featureUsage, installer } from '../src/site.config.ts';
import {
  createLicenseClient,
  verifyLicenseFile,
  verifyUpdateOffer,
  type Fetch,
  type LicenseClient,
  type Problem,
} from './license-client-core.ts';
import { runSignInCommand } from './license-client-sign-in.ts';

export const EXIT_OK = 0;
export const EXIT_LICENSE = 1;
export const EXIT_USAGE = 2;

const DEFAULT_BASE_URL = 'http://localhost:8787';
const DEFAULT_FILE = './license.jwt';

export const usage = `Sheetwright reference license client

Usage: npm run license-client -- <command> [options]

Commands:
  activate    --key SW-… --device-id ID --device-name NAME [--app-version V] [--replace-device-id ID]
              Activates this device, saves the license file and the public key next to it.
  verify      [--device-id ID]   Checks the saved license file offline (no network).
  validate    --key SW-… --device-id ID [--app-version V]
              Checks the license online; saves the fresh license file when valid.
  deactivate  --key SW-… --device-id ID   Frees this device and deletes the license file.
  check-update --key SW-… --device-id ID --current-version V [--channel stable|beta] [--download DIR]
              Asks for a newer version; verifies an offer's signature with the saved public key
              and, with --download, saves the installer into DIR only if its size and SHA-256
              match the signed offer.
  report-usage --key SW-… --device-id ID [--events FILE] [--app-version V]
              Saves the events of FILE (a JSON array of { feature, day, count }) as batches
              beside the license file, then sends every unsent batch; a batch that cannot be
              sent now is kept and sent by the next run.
  login       [--device-id ID] [--device-name NAME]
              Signs in to your account: prints a code and the address to enter it at, waits
              for your approval there, then keeps the tokens beside the license file as
              <name>.tokens.json.
  licenses    Lists the account's licenses and their devices (signed in).
  switch      --device-id ID --device-name NAME --to LICENSE_ID [--from LICENSE_ID]
              Moves this device to another of the account's licenses in one step and saves
              the new license file (signed in).
  free        --license LICENSE_ID --device-id ID
              Frees a device of one of the account's licenses, e.g. another computer's.
  logout      Ends the sign-in and deletes the saved tokens.

Options:
  --base-url URL   the site (default ${DEFAULT_BASE_URL})
  --file PATH      the license file (default ${DEFAULT_FILE}); the public key is kept beside it
                   as <name>.jwks.json

Exit codes: 0 ok, 1 license problem, 2 usage error.`;

/** What the CLI talks to; tests pass their own. */
export interface Io {
  fetch?: Fetch;
  out: (line: string) => void;
  err: (line: string) => void;
  now?: () => Date;
  /** Waits between polls of the sign-in; tests pass one that does not wait. */
  sleep?: (ms: number) => Promise<void>;
}

const options = {
  key: { type: 'string' },
  'device-id': { type: 'string' },
  'device-name': { type: 'string' },
  'app-version': { type: 'string' },
  'replace-device-id': { type: 'string' },
  'current-version': { type: 'string' },
  channel: { type: 'string' },
  download: { type: 'string' },
  events: { type: 'string' },
  'base-url': { type: 'string' },
  to: { type: 'string' },
  from: { type: 'string' },
  license: { type: 'string' },
  file: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

type Values = ReturnType<
  typeof parseArgs<{ options: typeof options; allowPositionals: true }>
>['values'];

function required(values: Values, name: 'key' | 'device-id' | 'device-name'): string {
  const value = values[name];
  if (!value) throw new UsageError(`Missing --${name}.`);
  return value;
}

/** Where the public key is cached for a license file: `license.jwt` → `license.jwks.json`. */
export function jwksPathFor(file: string): string {
  return `${file.replace(/\.[^./\\]*$/, '')}.jwks.json`;
}

/** The option that fills each body field, for error messages. */
const flagOf: Record<string, string> = {
  licenseKey: '--key',
  deviceId: '--device-id',
  deviceName: '--device-name',
  appVersion: '--app-version',
  replaceDeviceId: '--replace-device-id',
  currentVersion: '--current-version',
  channel: '--channel',
};

/** Checks a body with its contract schema before sending: a typo is a usage error, not a call. */
/**
 * The body as typed, once the contract's schema accepts it (a usage error naming the flag
 * otherwise): the body's type is the document's, the schema the server's own check.
 */
function checked<Body>(schema: z.ZodType, body: Body): Body {
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = String(issue?.path[0] ?? '');
    throw new UsageError(`${flagOf[field] ?? field}: ${issue?.message ?? 'invalid value'}`);
  }
  return body;
}

const day = (date: Date | string) => new Date(date).toISOString().slice(0, 10);

function describeLicense(license: LicenseInfo): string {
  const devices = devicesOfLimit(license.activeDevices, license.deviceLimit);
  return `${license.plan} license, ${license.status}, expires ${day(license.expiresAt)}; ${devices} active`;
}

function reportProblem(io: Io, problem: Problem): number {
  io.err(`${problem.code}: ${problem.message}`);
  for (const device of problem.devices ?? []) {
    io.err(
      `  - ${device.deviceName} (device id ${device.deviceId}), last seen ${day(device.lastSeenAt)}`,
    );
  }
  if (problem.devices?.length) {
    io.err(
      '  To free one and activate this device in one step, repeat with --replace-device-id ID.',
    );
  }
  if (problem.retryAfterSeconds !== undefined) {
    io.err(`  Try again in ${Math.ceil(problem.retryAfterSeconds / 60)} minute(s).`);
  }
  return EXIT_LICENSE;
}

/** Fetches the public key and keeps it beside the license file (only when it was fetched). */
async function fetchPublicKey(
  client: LicenseClient,
  file: string,
): ReturnType<LicenseClient['publicKeys']> {
  const keys = await client.publicKeys();
  if (keys.ok) await writeFile(jwksPathFor(file), `${JSON.stringify(keys.data, null, 2)}\n`);
  return keys;
}

/** Refreshes the saved public key; a failure keeps the old copy. */
async function refreshPublicKey(client: LicenseClient, file: string, io: Io): Promise<void> {
  const keys = await fetchPublicKey(client, file);
  if (!keys.ok) {
    io.err(`Could not refresh the public key (${keys.problem.message}); keeping the saved one.`);
  }
}

async function saveLicenseFile(client: LicenseClient, file: string, licenseFile: string, io: Io) {
  await writeFile(file, `${licenseFile}\n`);
  await refreshPublicKey(client, file, io);
}

async function readJson(path: string): Promise<unknown> {
  return JSON.parse(await readFile(path, 'utf8')) as unknown;
}

async function verify(file: string, deviceId: string | undefined, io: Io): Promise<number> {
  let licenseFile: string;
  let jwks: JSONWebKeySet;
  try {
    licenseFile = (await readFile(file, 'utf8')).trim();
  } catch {
    io.err(`NO_LICENSE_FILE: ${file} does not exist. Activate this device first.`);
    return EXIT_LICENSE;
  }
  try {
    jwks = (await readJson(jwksPathFor(file))) as JSONWebKeySet;
  } catch {
    io.err(`NO_PUBLIC_KEY: ${jwksPathFor(file)} is missing or unreadable. Validate online once.`);
    return EXIT_LICENSE;
  }
  const now = io.now?.() ?? new Date();
  const result = await verifyLicenseFile(licenseFile, jwks, {
    now,
    ...(deviceId ? { deviceId } : {}),
  });
  if (!result.ok) {
    io.err(`${result.reason}: ${result.message}`);
    return EXIT_LICENSE;
  }
  const { claims } = result;
  io.out(`License file OK (verified offline): ${claims.plan} license for device ${claims.did}.`);
  io.out(
    `  Works offline until ${result.graceEndsAt.toISOString()} (license expires ${day(result.licenseExpiresAt)}).`,
  );
  if (!deviceId) io.out('  Pass --device-id to check that the file belongs to this machine.');
  return EXIT_OK;
}

const signInCommands = ['login', 'logout', 'licenses', 'switch', 'free'] as const;

function isSignInCommand(command: string): command is (typeof signInCommands)[number] {
  return (signInCommands as readonly string[]).includes(command);
}

async function run(command: string, values: Values, io: Io): Promise<number> {
  const file = values.file ?? DEFAULT_FILE;
  if (command === 'verify') return verify(file, values['device-id'], io);
  const baseUrl = values['base-url'] ?? DEFAULT_BASE_URL;
  const fetchOption = io.fetch ? { fetch: io.fetch } : {};
  if (isSignInCommand(command)) {
    return runSignInCommand(
      {
        command,
        file,
        deviceId: values['device-id'],
        deviceName: values['device-name'],
        appVersion: values['app-version'],
        fromLicense: values.from,
        toLicense: values.to,
        licenseId: values.license,
        out: io.out,
        err: io.err,
      },
      {
        baseUrl,
        ...fetchOption,
        ...(io.sleep ? { sleep: io.sleep } : {}),
        now: () => (io.now?.() ?? new Date()).getTime(),
      },
    );
  }
  const client = createLicenseClient({ baseUrl, ...fetchOption });
  const licenseKey = required(values, 'key');
  const deviceId = required(values, 'device-id');
  const appVersion = values['app-version'];

  if (command === 'activate') {
    const replaceDeviceId = values['replace-device-id'];
    const result = await client.activate(
      checked(activateBodySchema, {
        licenseKey,
        deviceId,
        deviceName: required(values, 'device-name'),
        ...(appVersion === undefined ? {} : { appVersion }),
        ...(replaceDeviceId === undefined ? {} : { replaceDeviceId }),
      }),
    );
    if (!result.ok) return reportProblem(io, result.problem);
    await saveLicenseFile(client, file, result.data.licenseFile, io);
    io.out(`${result.data.message} (${result.data.device.deviceName}, device id ${deviceId})`);
    io.out(`  ${describeLicense(result.data.license)}`);
    io.out(`  License file saved to ${file}; public key to ${jwksPathFor(file)}.`);
    return verify(file, deviceId, io);
  }

  if (command === 'validate') {
    const result = await client.validate(
      checked(validateBodySchema, {
        licenseKey,
        deviceId,
        ...(appVersion === undefined ? {} : { appVersion }),
      }),
    );
    if (!result.ok) return reportProblem(io, result.problem);
    const { status, message, license, licenseFile } = result.data;
    if (status !== 'VALID' || !licenseFile) {
      // An online answer overrides the offline file: the plugin must stop using it.
      await rm(file, { force: true });
      io.err(`${status}: ${message}`);
      if (license) io.err(`  ${describeLicense(license)}`);
      return EXIT_LICENSE;
    }
    await saveLicenseFile(client, file, licenseFile, io);
    io.out(`VALID: ${message}`);
    if (license) io.out(`  ${describeLicense(license)}`);
    io.out(`  Fresh license file saved to ${file}.`);
    return EXIT_OK;
  }

  if (command === 'deactivate') {
    const result = await client.deactivate(checked(deactivateBodySchema, { licenseKey, deviceId }));
    if (!result.ok) return reportProblem(io, result.problem);
    await rm(file, { force: true });
    io.out(`${result.data.message} License file ${file} deleted.`);
    io.out(`  ${describeLicense(result.data.license)}`);
    return EXIT_OK;
  }

  if (command === 'check-update') {
    return checkUpdate(client, file, values, { licenseKey, deviceId }, io);
  }

  if (command === 'report-usage') {
    return reportUsage(client, file, values, { licenseKey, deviceId }, io);
  }

  throw new UsageError(`Unknown command "${command}".`);
}

/** The saved public key, fetched (and saved) when there is none yet or `refresh` is asked. */
async function publicKeyFor(
  client: LicenseClient,
  file: string,
  io: Io,
  refresh: boolean,
): Promise<JSONWebKeySet | undefined> {
  if (!refresh) {
    try {
      return (await readJson(jwksPathFor(file))) as JSONWebKeySet;
    } catch {
      // Not saved yet: fetch it below.
    }
  }
  const keys = await fetchPublicKey(client, file);
  if (!keys.ok) {
    io.err(`Could not fetch the public key (${keys.problem.message}).`);
    return undefined;
  }
  return keys.data;
}

/**
 * check-update: the plugin's update step. Only an offer whose manifest verifies is reported as
 * available, and only bytes whose size and SHA-256 match the manifest are ever written.
 */
async function checkUpdate(
  client: LicenseClient,
  file: string,
  values: Values,
  who: { licenseKey: string; deviceId: string },
  io: Io,
): Promise<number> {
  const currentVersion = values['current-version'];
  if (!currentVersion) throw new UsageError('Missing --current-version.');
  const channel = releaseChannels.find((known) => known === values.channel);
  if (values.channel !== undefined && channel === undefined)
    throw new UsageError(`--channel: Channel must be ${releaseChannels.join(' or ')}.`);
  const body = checked(updateCheckBodySchema, {
    ...who,
    currentVersion,
    ...(channel === undefined ? {} : { channel }),
  });
  const result = await client.checkUpdate(body);
  if (!result.ok) return reportProblem(io, result.problem);
  const answer = result.data;
  if (answer.status === 'UP_TO_DATE') {
    io.out(`UP_TO_DATE: ${answer.message}`);
    return EXIT_OK;
  }
  if (answer.status === 'UPDATE_NOT_INCLUDED') {
    io.out(`UPDATE_NOT_INCLUDED: ${answer.message}`);
    io.out(`  What is new: ${answer.notesUrl}`);
    io.out(`  Upgrade: ${answer.upgradeUrl}`);
    return EXIT_OK;
  }
  if (answer.status !== 'UPDATE_AVAILABLE') {
    // Validate's answer: the license is not usable here, so the offline file must go too.
    await rm(file, { force: true });
    io.err(`${answer.status}: ${answer.message}`);
    return EXIT_LICENSE;
  }

  const now = io.now?.() ?? new Date();
  const expected = { deviceId: who.deviceId, currentVersion: body.currentVersion, now };
  let jwks = await publicKeyFor(client, file, io, false);
  if (!jwks) return EXIT_LICENSE;
  let offer = await verifyUpdateOffer(answer, jwks, expected);
  if (!offer.ok && offer.reason === 'UNKNOWN_KEY') {
    // The key may have been rotated since it was saved: fetch it once and try again.
    jwks = await publicKeyFor(client, file, io, true);
    if (!jwks) return EXIT_LICENSE;
    offer = await verifyUpdateOffer(answer, jwks, expected);
  }
  if (!offer.ok) {
    io.err(`${offer.reason}: ${offer.message}`);
    return EXIT_LICENSE;
  }
  const { claims } = offer;
  io.out(`UPDATE_AVAILABLE: ${answer.message}`);
  io.out(
    `  Version ${claims.version} (${claims.channel}, released ${claims.date}); signature verified.`,
  );
  io.out(`  Notes: ${claims.notesUrl}`);
  io.out(`  Installer: ${claims.size} bytes, SHA-256 ${claims.sha256}`);
  if (!values.download) {
    io.out(`  Download it with --download DIR before ${answer.release.downloadExpiresAt}.`);
    return EXIT_OK;
  }
  const bytes = await client.downloadUpdate(offer);
  if (!bytes.ok) return reportProblem(io, bytes.problem);
  await mkdir(values.download, { recursive: true });
  const target = join(values.download, installer.fileName(claims.version));
  await writeFile(target, bytes.data);
  io.out(`  Downloaded and verified (size and SHA-256 match the signed offer): ${target}`);
  return EXIT_OK;
}

/** Where unsent usage batches are kept for a license file: `license.jwt` → `license.usage/`. */
export function usageDirFor(file: string): string {
  return `${file.replace(/\.[^./\\]*$/, '')}.usage`;
}

/** A usage batch as saved on disk until the server answered it. */
interface SavedBatch {
  batchId: string;
  /** When the batch was made (ms): batches are sent oldest first. */
  createdAt: number;
  appVersion?: string;
  events: UsageEvent[];
}

/** Reads and checks the events file; a mistake in it is a usage error. */
async function readEvents(path: string): Promise<UsageEvent[]> {
  let raw: unknown;
  try {
    raw = await readJson(path);
  } catch {
    throw new UsageError(`--events: ${path} is missing or not JSON.`);
  }
  if (!Array.isArray(raw)) throw new UsageError('--events: the file must hold a JSON array.');
  return raw.map((event, index) => {
    const parsed = usageEventSchema.safeParse(event);
    if (!parsed.success) {
      throw new UsageError(`--events: entry ${index + 1}: ${parsed.error.issues[0]?.message}`);
    }
    return parsed.data;
  });
}

/** The saved batches, oldest first. */
async function savedBatches(dir: string): Promise<{ path: string; batch: SavedBatch }[]> {
  let names: string[];
  try {
    names = (await readdir(dir)).filter((name) => name.endsWith('.json'));
  } catch {
    return [];
  }
  const batches = await Promise.all(
    names.map(async (name) => {
      const path = join(dir, name);
      return { path, batch: (await readJson(path)) as SavedBatch };
    }),
  );
  return batches.sort((a, b) => a.batch.createdAt - b.batch.createdAt);
}

/**
 * report-usage: the plugin's usage step. New events become batches saved on disk first (each
 * with a batch id made once), then every saved batch is sent with its own id; only an answer
 * removes a batch, so one sent again after a lost answer still counts once.
 */
async function reportUsage(
  client: LicenseClient,
  file: string,
  values: Values,
  who: { licenseKey: string; deviceId: string },
  io: Io,
): Promise<number> {
  const dir = usageDirFor(file);
  const appVersion = values['app-version'];
  if (values.events) {
    const events = await readEvents(values.events);
    await mkdir(dir, { recursive: true });
    const createdAt = (io.now?.() ?? new Date()).getTime();
    for (let start = 0; start < events.length; start += featureUsage.maxEventsPerReport) {
      const batch: SavedBatch = {
        batchId: crypto.randomUUID(),
        createdAt: createdAt + start,
        ...(appVersion ? { appVersion } : {}),
        events: events.slice(start, start + featureUsage.maxEventsPerReport),
      };
      await writeFile(join(dir, `${batch.batchId}.json`), `${JSON.stringify(batch, null, 2)}\n`);
    }
  }
  const pending = await savedBatches(dir);
  if (pending.length === 0) {
    io.out('No usage to send.');
    return EXIT_OK;
  }
  let sent = 0;
  for (const { path, batch } of pending) {
    const result = await client.reportUsage({
      ...who,
      batchId: batch.batchId,
      ...(batch.appVersion ? { appVersion: batch.appVersion } : {}),
      events: batch.events,
    });
    if (!result.ok) {
      if (result.problem.status === 400) {
        // It would be refused again: drop it, keep sending the others.
        await rm(path, { force: true });
        io.err(`Batch ${batch.batchId} refused and dropped: ${result.problem.message}`);
        continue;
      }
      io.err(`${pending.length - sent} batch(es) kept in ${dir} to send later.`);
      return reportProblem(io, result.problem);
    }
    const answer = result.data;
    if (answer.status !== 'VALID') {
      // Validate's answer: the license is not usable here, so the offline file must go too.
      await rm(file, { force: true });
      io.err(`${answer.status}: ${answer.message}`);
      io.err(`${pending.length - sent} batch(es) kept in ${dir}.`);
      return EXIT_LICENSE;
    }
    if (answer.usageReporting === false) {
      await rm(dir, { recursive: true, force: true });
      io.out(`${answer.message}`);
      io.out(
        '  Unsent usage deleted; nothing more is sent until validate answers usageReporting: true.',
      );
      return EXIT_OK;
    }
    await rm(path, { force: true });
    sent += 1;
    io.out(`Batch ${batch.batchId} (${batch.events.length} events): ${answer.message}`);
  }
  io.out(`${sent} batch(es) sent.`);
  return EXIT_OK;
}

/** Runs the CLI with `argv` (without node and the script); resolves to the exit code. */
export async function main(argv: readonly string[], io: Io): Promise<number> {
  try {
    const { values, positionals } = parseArgs({
      args: [...argv],
      options,
      allowPositionals: true,
    });
    const [command, ...extra] = positionals;
    if (values.help || command === 'help') {
      io.out(usage);
      return EXIT_OK;
    }
    if (!command) throw new UsageError('Missing command.');
    if (extra.length > 0) throw new UsageError(`Unexpected argument "${extra[0]}".`);
    return await run(command, values, io);
  } catch (error) {
    if (!isUsageError(error)) throw error;
    io.err(`${error.message}\n\n${usage}`);
    return EXIT_USAGE;
  }
}

// Run only when started as a script, not when a test imports it.
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const code = await main(process.argv.slice(2), {
    out: (line) => console.log(line),
    err: (line) => console.error(line),
  });
  process.exitCode = code;
}
