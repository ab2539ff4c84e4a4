/**
 * The SCIM User resource as this service keeps it, read from what identity providers send
 * (RFC 7643 core User): a full resource (POST, PUT), a PatchOp (PATCH) in the forms Entra ID and
 * Okta send, and the one filter supported (`userName eq "…"`). Pure: no database.
 *
 * Kept: userName, externalId, name (givenName, familyName), displayName, the work e-mail,
 * active. The core User attributes this service does not keep (title, phoneNumbers, locale, …)
 * and the enterprise extension are accepted and ignored; any other attribute is a 400.
 */
import { isPlainLine } from '../../../../src/contract/plain-text';
import { emailRule } from '../../../../src/contract/rules';
import { ScimMessages, ScimSchemas } from '../../../../src/contract/scim';
import { ScimError } from './errors';

/** What this service keeps of a User. */
export interface ScimUserFields {
  userName: string;
  externalId: string | null;
  givenName: string | null;
  familyName: string | null;
  displayName: string | null;
  /** The address the person is invited or added by. */
  email: string;
  active: boolean;
}

/** Core User attributes accepted and ignored (lower case). */
const ignored = new Set([
  'nickname',
  'profileurl',
  'title',
  'usertype',
  'preferredlanguage',
  'locale',
  'timezone',
  'password',
  'phonenumbers',
  'ims',
  'photos',
  'addresses',
  'groups',
  'entitlements',
  'roles',
  'x509certificates',
  ScimSchemas.enterpriseUser.toLowerCase(),
]);

/** Attributes of the resource no client writes (lower case). */
const readOnly = new Set(['id', 'meta']);

const LIMIT = 320;
/** An address the invitation can go to (the same rule as the owner's invite form). */
const isEmail = (text: string) => emailRule(text) === null;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: unknown, name: string, optional: true): string | null;
function text(value: unknown, name: string, optional: false): string;
function text(value: unknown, name: string, optional: boolean): string | null {
  if ((value === null || value === undefined) && optional) return null;
  if (typeof value !== 'string' || value.length > LIMIT || !isPlainLine(value)) {
    throw new ScimError(400, 'invalidValue', ScimMessages.wrongType(name, 'a text of one line'));
  }
  const trimmed = value.trim();
  return trimmed === '' && optional ? null : trimmed;
}

/** `true`, `false`, or the strings "True"/"False" as Entra ID sends them. */
export function scimBoolean(value: unknown, name = 'active'): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string') {
    const lower = value.trim().toLowerCase();
    if (lower === 'true') return true;
    if (lower === 'false') return false;
  }
  throw new ScimError(400, 'invalidValue', ScimMessages.wrongType(name, 'true or false'));
}

/** The work (else primary, else first) address of an `emails` value; null when there is none. */
function emailOf(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (!Array.isArray(value) || !value.every(isObject)) {
    throw new ScimError(
      400,
      'invalidValue',
      ScimMessages.wrongType('emails', 'a list of { value, type, primary }'),
    );
  }
  const chosen =
    value.find((entry) => entry.primary === true || entry.primary === 'true') ??
    value.find((entry) => entry.type === 'work') ??
    value[0];
  if (!chosen) return null;
  return text(chosen.value, 'emails.value', false);
}

function checkedEmail(email: string): string {
  if (!isEmail(email)) {
    throw new ScimError(400, 'invalidValue', ScimMessages.badEmail(email));
  }
  return email;
}

/** The e-mail of a user: its work address, else its userName when that is an address. */
function emailFor(userName: string, email: string | null): string {
  if (email) return checkedEmail(email);
  if (isEmail(userName)) return userName;
  throw new ScimError(400, 'invalidValue', ScimMessages.noEmail);
}

function nameOf(value: unknown): { givenName: string | null; familyName: string | null } {
  if (value === null || value === undefined) return { givenName: null, familyName: null };
  if (!isObject(value)) {
    throw new ScimError(400, 'invalidValue', ScimMessages.wrongType('name', 'an object'));
  }
  const parts = { givenName: null as string | null, familyName: null as string | null };
  for (const [key, part] of Object.entries(value)) {
    const lower = key.toLowerCase();
    if (lower === 'givenname') parts.givenName = text(part, 'name.givenName', true);
    else if (lower === 'familyname') parts.familyName = text(part, 'name.familyName', true);
    else if (!['formatted', 'middlename', 'honorificprefix', 'honorificsuffix'].includes(lower)) {
      throw new ScimError(400, 'invalidValue', ScimMessages.unknownAttribute(`name.${key}`));
    }
    // formatted and the other parts are accepted and not kept.
    else text(part, `name.${key}`, true);
  }
  return parts;
}

/** Reads a full User (POST or PUT body). */
export function readUser(body: Record<string, unknown>): ScimUserFields {
  const fields: Partial<Record<string, unknown>> = {};
  for (const [key, value] of Object.entries(body)) {
    const lower = key.toLowerCase();
    if (lower === 'schemas') {
      if (!Array.isArray(value) || !value.every((schema) => typeof schema === 'string')) {
        throw new ScimError(400, 'invalidValue', ScimMessages.wrongType('schemas', 'a list'));
      }
      continue;
    }
    if (readOnly.has(lower) || ignored.has(lower)) continue;
    if (!['username', 'externalid', 'name', 'displayname', 'emails', 'active'].includes(lower)) {
      throw new ScimError(400, 'invalidSyntax', ScimMessages.unknownAttribute(key));
    }
    fields[lower] = value;
  }
  if (typeof fields.username !== 'string' || fields.username.trim() === '') {
    throw new ScimError(400, 'invalidValue', ScimMessages.userNameMissing);
  }
  const userName = text(fields.username, 'userName', false);
  const { givenName, familyName } = nameOf(fields.name);
  return {
    userName,
    externalId: text(fields.externalid, 'externalId', true),
    givenName,
    familyName,
    displayName: text(fields.displayname, 'displayName', true),
    email: emailFor(userName, emailOf(fields.emails)),
    active:
      fields.active === undefined || fields.active === null ? true : scimBoolean(fields.active),
  };
}

/** The path of an `emails` filter Entra ID and Okta send: `emails[type eq "work"].value`. */
const emailValuePath = /^emails\[(type eq "work"|primary eq true)\]\.value$/i;

/** Applies one attribute write (add or replace) at a lower-case `path` to `user`. */
function write(user: ScimUserFields, path: string, value: unknown, original: string): void {
  switch (path) {
    case 'active':
      user.active = scimBoolean(value);
      return;
    case 'username': {
      const userName = text(value, 'userName', false);
      if (userName === '') throw new ScimError(400, 'invalidValue', ScimMessages.userNameMissing);
      user.userName = userName;
      return;
    }
    case 'externalid':
      user.externalId = text(value, 'externalId', true);
      return;
    case 'displayname':
      user.displayName = text(value, 'displayName', true);
      return;
    case 'name': {
      const parts = nameOf(value);
      if (isObject(value)) {
        const keys = Object.keys(value).map((key) => key.toLowerCase());
        if (keys.includes('givenname')) user.givenName = parts.givenName;
        if (keys.includes('familyname')) user.familyName = parts.familyName;
      }
      return;
    }
    case 'name.givenname':
      user.givenName = text(value, 'name.givenName', true);
      return;
    case 'name.familyname':
      user.familyName = text(value, 'name.familyName', true);
      return;
    case 'name.formatted':
      text(value, 'name.formatted', true);
      return;
    case 'emails': {
      const email = emailOf(value);
      if (email) user.email = checkedEmail(email);
      return;
    }
    default:
      if (emailValuePath.test(path)) {
        user.email = checkedEmail(text(value, 'emails.value', false));
        return;
      }
      if (ignored.has(path.split(/[.[]/)[0] ?? '') || ignored.has(path)) return;
      // The enterprise extension's attributes, named with its URN: accepted and not kept.
      if (path.startsWith(`${ScimSchemas.enterpriseUser.toLowerCase()}:`)) return;
      if (readOnly.has(path))
        throw new ScimError(400, 'mutability', ScimMessages.readOnly(original));
      throw new ScimError(400, 'invalidPath', ScimMessages.patchBadPath(original));
  }
}

/** Removes the attribute at `path` (only optional ones). */
function remove(user: ScimUserFields, path: string, original: string): void {
  switch (path) {
    case 'externalid':
      user.externalId = null;
      return;
    case 'displayname':
      user.displayName = null;
      return;
    case 'name':
      user.givenName = null;
      user.familyName = null;
      return;
    case 'name.givenname':
      user.givenName = null;
      return;
    case 'name.familyname':
      user.familyName = null;
      return;
    case 'username':
    case 'active':
    case 'emails':
      throw new ScimError(400, 'mutability', ScimMessages.patchCannotRemove(original));
    default:
      if (ignored.has(path.split(/[.[]/)[0] ?? '')) return;
      throw new ScimError(400, 'invalidPath', ScimMessages.patchBadPath(original));
  }
}

/**
 * Applies a PatchOp body to `current`: `add`/`replace` with a path, or without one and an object
 * of attributes (Okta: `{"op":"replace","value":{"active":false}}`); op names in any case and
 * string booleans (Entra ID: `{"op":"Replace","path":"active","value":"False"}`). Answers the
 * changed copy; `current` is left as it was.
 */
export function applyPatch(current: ScimUserFields, body: Record<string, unknown>): ScimUserFields {
  const operations = body.Operations ?? body.operations;
  const schemas = body.schemas;
  if (
    !Array.isArray(operations) ||
    !Array.isArray(schemas) ||
    !schemas.includes(ScimSchemas.patchOp)
  ) {
    throw new ScimError(400, 'invalidSyntax', ScimMessages.patchNotPatchOp);
  }
  const user = { ...current };
  for (const operation of operations) {
    if (!isObject(operation)) {
      throw new ScimError(400, 'invalidSyntax', ScimMessages.patchNotPatchOp);
    }
    const op = typeof operation.op === 'string' ? operation.op.toLowerCase() : '';
    const rawPath = operation.path;
    if (rawPath !== undefined && typeof rawPath !== 'string') {
      throw new ScimError(400, 'invalidPath', ScimMessages.wrongType('path', 'a text'));
    }
    // A path may name the core schema: "urn:…:core:2.0:User:active".
    const path = rawPath
      ?.trim()
      .replace(new RegExp(`^${ScimSchemas.user}:`, 'i'), '')
      .toLowerCase();
    if (op === 'remove') {
      if (!path) throw new ScimError(400, 'noTarget', ScimMessages.patchBadPath(''));
      remove(user, path, rawPath ?? '');
      continue;
    }
    if (op !== 'add' && op !== 'replace') {
      throw new ScimError(400, 'invalidSyntax', ScimMessages.patchBadOp(String(operation.op)));
    }
    if (!('value' in operation)) {
      throw new ScimError(400, 'invalidValue', ScimMessages.patchNoValue);
    }
    if (path) {
      write(user, path, operation.value, rawPath ?? '');
      continue;
    }
    if (!isObject(operation.value)) {
      throw new ScimError(400, 'invalidValue', ScimMessages.patchNoValue);
    }
    for (const [key, value] of Object.entries(operation.value)) {
      const lower = key.replace(new RegExp(`^${ScimSchemas.user}:`, 'i'), '').toLowerCase();
      if (lower === 'schemas') continue;
      write(user, lower, value, key);
    }
  }
  return user;
}

/**
 * The `filter` of a list: none, or `userName eq "value"` (attribute and operator in any case,
 * the value a JSON string). Anything else is 400 invalidFilter.
 */
export function readFilter(filter: string | undefined): { userName: string } | null {
  if (filter === undefined || filter.trim() === '') return null;
  const match = /^\s*userName\s+eq\s+("(?:[^"\\]|\\.)*")\s*$/i.exec(filter);
  if (!match?.[1]) throw new ScimError(400, 'invalidFilter', ScimMessages.onlyUserNameFilter);
  try {
    return { userName: JSON.parse(match[1]) as string };
  } catch {
    throw new ScimError(400, 'invalidFilter', ScimMessages.onlyUserNameFilter);
  }
}

/** A paging parameter: absent → `fallback`; a whole number otherwise, or 400. */
export function readPaging(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  if (!/^-?\d{1,9}$/.test(value.trim())) {
    throw new ScimError(400, 'invalidValue', ScimMessages.badPaging(name));
  }
  return Number(value.trim());
}
