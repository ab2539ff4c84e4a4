/**
 * D1 schema. Migrations in `migrations/` are generated from these files with
 * `npm run db:generate`; never edit a generated migration by hand, add a new one.
 *
 * Conventions: ids are random UUIDs (text); every time is milliseconds since the epoch (integer);
 * booleans are integers 0/1. Every column a query filters on has an index; rules that must hold
 * under concurrency (one account per e-mail, one trial per e-mail/Google account/fingerprint) are
 * UNIQUE constraints, never a check-then-insert.
 */
export * from './accounts';
export * from './admin';
export * from './billing';
export * from './domains';
export * from './licenses';
export * from './mail';
export * from './organizations';
export * from './payments';
export * from './plugin-sign-in';
export * from './scim';
export * from './second-factors';
export * from './shared';
export * from './signup';
export * from './sso';
export * from './support';
export * from './usage';
