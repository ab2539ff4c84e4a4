// `npm run admin -- grant EMAIL [--remote]` and `npm run admin -- revoke EMAIL [--remote]`: give or
// take the operator role (`admin`) of an existing account. The only way to become an operator
// (docs/operating.md, "Becoming an operator"): the web has no route that changes a role. Against
// the local D1 of `npm start` by default; `--remote` changes the production database named in
// wrangler.toml (wrangler must be logged in). Prints the account it changed; exits 1 when no
// account has that e-mail.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
// Node 22 strips the types: the same normalization the Worker uses for sign-in.
import { normalizeEmail } from '../functions/services/shared/email-identity.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const wrangler = join(root, 'node_modules', '.bin', 'wrangler');

const USAGE = 'Usage: npm run admin -- grant|revoke EMAIL [--remote]';

/** Runs wrangler, answers its stdout; rejects with its stderr when it fails. */
function run(args) {
  return new Promise((resolve, reject) => {
    const child = spawn(wrangler, args, {
      cwd: root,
      env: { ...process.env, CI: 'true', WRANGLER_SEND_METRICS: 'false' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (err += chunk));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve(out) : reject(new Error(err.trim() || out.trim() || `exit ${code}`)),
    );
  });
}

/** A SQL string literal (single quotes doubled). */
const literal = (value) => `'${String(value).replaceAll("'", "''")}'`;

async function main(argv) {
  const remote = argv.includes('--remote');
  const [command, email, ...rest] = argv.filter((arg) => arg !== '--remote');
  if (!['grant', 'revoke'].includes(command) || !email || rest.length > 0) {
    console.error(USAGE);
    return 2;
  }
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim())) {
    console.error(`"${email}" is not an e-mail address.\n${USAGE}`);
    return 2;
  }
  const where = remote ? '--remote' : '--local';
  // A fresh checkout may not have run `npm start` yet: bring the local schema up to date first.
  if (!remote) await run(['d1', 'migrations', 'apply', 'DB', '--local']);
  const role = command === 'grant' ? literal('admin') : 'NULL';
  const sql =
    `UPDATE users SET role = ${role}, updated_at = ${Date.now()} ` +
    `WHERE email_normalized = ${literal(normalizeEmail(email))} ` +
    'RETURNING id, email, customer_name AS name, role, is_deleted AS deleted';
  const output = await run(['d1', 'execute', 'DB', where, '--json', '--command', sql]);
  const rows = JSON.parse(output)[0]?.results ?? [];
  const [account] = rows;
  if (!account) {
    console.error(`No account has the e-mail ${email} (${remote ? 'remote' : 'local'} database).`);
    return 1;
  }
  const who = `${account.name} <${account.email}> (User ID ${account.id})`;
  console.log(
    command === 'grant'
      ? `${who} is now an operator.\n` +
          'The console needs a second factor: in Account Settings (/dashboard/settings), add a ' +
          'passkey or set up an authenticator app under Two-Step Sign-In, sign in with it, then ' +
          'open /admin. Until then the console answers 403 SECOND_FACTOR_REQUIRED.'
      : `${who} is no longer an operator.`,
  );
  if (account.deleted) console.log('Note: this account is scheduled for deletion.');
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    console.error(`admin: ${error.message}`);
    process.exit(1);
  },
);
