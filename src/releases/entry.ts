/**
 * A release entry: one MDX file in src/content/releases/ (`npm run release` writes it), whose
 * frontmatter this schema checks and whose body is the release notes. The `releases` content
 * collection (src/content.config.ts) and scripts/releases.ts, which writes the typed list the
 * Worker reads (src/generated/releases.ts), both check entries with it.
 *
 * Node runs this file through type stripping (scripts/releases.ts): erasable TypeScript only,
 * explicit `.ts` imports.
 */
import { z } from 'zod';
import { releaseChannels, releaseStages, type Release } from './releases.ts';
import { isPrerelease, isVersion } from './versions.ts';

/** Left in a new entry by `npm run release` where the editor has to write; no build passes it. */
export const UNFINISHED = 'TODO';

const objectKey = /^[0-9A-Za-z][0-9A-Za-z._+-]*(?:\/[0-9A-Za-z][0-9A-Za-z._+-]*)*$/;

/** The frontmatter of a release entry. */
export const releaseEntrySchema = z
  .object({
    /** `MAJOR.MINOR.PATCH`, with a pre-release part (`1.2.0-beta.1`) only on the beta channel. */
    version: z.string().refine(isVersion, 'version must look like 1.2.3 or 1.2.3-beta.1'),
    /** The label shown before the version on /changelog, e.g. "Beta". */
    stage: z.enum(releaseStages),
    channel: z.enum(releaseChannels),
    date: z.coerce.date(),
    /** One sentence, shown in bold under the heading and in the feed. */
    summary: z
      .string()
      .trim()
      .min(1)
      .refine((text) => !text.includes(UNFINISHED), `summary still says ${UNFINISHED}`),
    installer: z.object({
      key: z.string().max(200).regex(objectKey, 'installer.key must be an R2 object key'),
      size: z.number().int().positive(),
      sha256: z.string().regex(/^[0-9a-f]{64}$/, 'installer.sha256 must be 64 lower-case hex'),
    }),
  })
  .refine(
    (entry) =>
      entry.channel === 'beta' || !isVersion(entry.version) || !isPrerelease(entry.version),
    {
      message: 'a pre-release version (1.2.0-beta.1) belongs on the beta channel',
      path: ['channel'],
    },
  );
export type ReleaseEntry = z.infer<typeof releaseEntrySchema>;

/** The record the Worker keeps of a checked entry. */
export function toRelease(entry: ReleaseEntry): Release {
  return {
    version: entry.version,
    channel: entry.channel,
    date: entry.date.toISOString().slice(0, 10),
    installer: { ...entry.installer },
  };
}
