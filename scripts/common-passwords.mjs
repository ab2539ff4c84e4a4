// Writes functions/services/core/users/common-passwords.ts: the 10,000 most common passwords that
// the Worker refuses (services/core/users/passwords.ts), the head of zxcvbn-ts's frequency-ranked
// common-password dictionary (MIT, @zxcvbn-ts/language-common). The Worker ships this list
// instead of the package's whole dictionary (ten times as large, and decompressed when it loads);
// tests/unit/account-rules.test.ts checks that it is exactly the package's first 10,000, so a
// package update that changes them fails there until this is run again:
//
//   node scripts/common-passwords.mjs
import { writeFileSync } from 'node:fs';
import { dictionary } from '@zxcvbn-ts/language-common';

const COMMON_PASSWORD_COUNT = 10_000;

const list = dictionary['passwords-common'].slice(0, COMMON_PASSWORD_COUNT);
if (list.some((password) => password.includes('\n'))) throw new Error('a password holds a newline');
const file = new URL('../functions/services/core/users/common-passwords.ts', import.meta.url);
writeFileSync(
  file,
  `// Written by scripts/common-passwords.mjs from @zxcvbn-ts/language-common; do not edit.
// The ${COMMON_PASSWORD_COUNT.toLocaleString('en-US')} most common passwords, most common first, one a line.
export const commonPasswordLines = ${JSON.stringify(list.join('\n'))};
`,
);
console.log(`Wrote ${list.length} passwords to ${file.pathname}`);
