/**
 * POST /dev/sso {"ownerEmail", "domain"?, "issuer"?, "required"?}: connects the organization
 * owned by `ownerEmail` to the local OpenID provider that `npm start` runs (scripts/local-idp.mjs,
 * client `sheetwright-local`), with `domain` (default `northwind.test`, the provider's people)
 * verified for it — taken from any organization that held it, whose row lapses. What the owner's
 * settings and the domain's TXT record do, in one call, so single sign-on can be tried (and the
 * end-to-end tests run) locally. JSON only, so a page of another site cannot send it as a form.
 */
import { and, eq, ne } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { organizationDomains, organizations, organizationSso, users } from '../../db/schema';
import type { AppEnv } from '../../env';
import { fail } from '../../lib/errors';
import { sealClientSecret } from '../../services/core/organizations/sso-connections';
import { normalizeEmail } from '../../services/shared/emails';

/** The site's client at the local provider (scripts/local-idp.mjs LOCAL_CLIENT). */
const LOCAL_CLIENT = {
  clientId: 'sheetwright-local',
  clientSecret: 'local-idp-secret-not-for-production',
};

const ssoRequest = z.object({
  ownerEmail: z.string().trim().min(3).max(254),
  domain: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9.-]+\.[a-z]{2,}$/)
    .default('northwind.test'),
  issuer: z.url().default('http://localhost:8790'),
  required: z.boolean().default(false),
});

export const ssoDevRoutes = new Hono<AppEnv>().post('/sso', async (c) => {
  if (!/^application\/json\b/i.test(c.req.header('Content-Type') ?? ''))
    throw fail('UNSUPPORTED_MEDIA_TYPE');
  const parsed = ssoRequest.safeParse(await c.req.json().catch(() => undefined));
  if (!parsed.success) {
    throw fail('BAD_REQUEST', {
      message:
        'Send {"ownerEmail", "domain"?, "issuer"?, "required"?}: the owner of an organization, and the domain its local provider signs in.',
    });
  }
  const deps = c.get('deps');
  const { db, now } = deps;
  const { ownerEmail, domain, issuer, required } = parsed.data;
  const [organization] = await db
    .select({ id: organizations.id, ownerUserId: organizations.ownerUserId })
    .from(organizations)
    .innerJoin(users, eq(users.id, organizations.ownerUserId))
    .where(eq(users.emailNormalized, normalizeEmail(ownerEmail)))
    .limit(1);
  if (!organization) {
    throw fail('NOT_FOUND', { message: `No organization is owned by ${ownerEmail}.` });
  }
  const sealed = await sealClientSecret(deps, organization.id, LOCAL_CLIENT.clientSecret);
  const connection = {
    issuer: issuer.replace(/\/$/, ''),
    clientId: LOCAL_CLIENT.clientId,
    clientSecretSealed: sealed,
    required,
    updatedBy: organization.ownerUserId,
    updatedAt: now,
  };
  await db.batch([
    db
      .update(organizationDomains)
      .set({ status: 'lapsed', lapsedAt: now })
      .where(
        and(
          eq(organizationDomains.domain, domain),
          eq(organizationDomains.status, 'verified'),
          ne(organizationDomains.organizationId, organization.id),
        ),
      ),
    db
      .insert(organizationDomains)
      .values({
        id: crypto.randomUUID(),
        organizationId: organization.id,
        domain,
        token: crypto.randomUUID().replaceAll('-', ''),
        status: 'verified',
        addedBy: organization.ownerUserId,
        createdAt: now,
        verifiedAt: now,
        checkedAt: now,
      })
      .onConflictDoUpdate({
        target: [organizationDomains.organizationId, organizationDomains.domain],
        set: { status: 'verified', verifiedAt: now, checkedAt: now, lapsedAt: null },
      }),
    db
      .insert(organizationSso)
      .values({ organizationId: organization.id, createdAt: now, ...connection })
      .onConflictDoUpdate({ target: organizationSso.organizationId, set: connection }),
  ]);
  return c.json({ organizationId: organization.id, domain, issuer: connection.issuer });
});
