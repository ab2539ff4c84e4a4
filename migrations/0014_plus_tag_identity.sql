-- Custom migration (data only): plus addressing for more providers.
--
-- normalizeEmail (functions/services/shared/email-identity.ts) now also ignores `+tag` for
-- Outlook.com, iCloud, Proton and Fastmail (src/config/email-providers.ts). Stored identities
-- written before are brought to the new form, so the addresses people sign in with still find
-- their accounts and a trial already taken with a tagged address counts for the untagged one:
--
-- 1. users: each tagged identity becomes the untagged one, unless another account has, or would
--    get, that same identity (then the rows are left as they are, for an operator to settle).
-- 2. trial_ledger: an e-mail row for the untagged identity is added beside each tagged one (the
--    ledger is kept for good; an existing row for it wins).
-- 3. open organization invitations: as users, within each organization.
-- 4. verification codes, pending signups and contact messages: rewritten (no uniqueness).
UPDATE `users` SET `email_normalized` = substr(`email_normalized`, 1, instr(`email_normalized`, '+') - 1) || substr(`email_normalized`, instr(`email_normalized`, '@'))
WHERE instr(`email_normalized`, '+') > 0 AND instr(`email_normalized`, '+') < instr(`email_normalized`, '@') AND substr(`email_normalized`, instr(`email_normalized`, '@') + 1) IN ('outlook.com', 'hotmail.com', 'live.com', 'icloud.com', 'me.com', 'mac.com', 'proton.me', 'protonmail.com', 'pm.me', 'fastmail.com', 'fastmail.fm')
  AND (SELECT count(*) FROM `users` AS `o`
       WHERE CASE WHEN instr(`o`.`email_normalized`, '+') > 0 AND instr(`o`.`email_normalized`, '+') < instr(`o`.`email_normalized`, '@') AND substr(`o`.`email_normalized`, instr(`o`.`email_normalized`, '@') + 1) IN ('outlook.com', 'hotmail.com', 'live.com', 'icloud.com', 'me.com', 'mac.com', 'proton.me', 'protonmail.com', 'pm.me', 'fastmail.com', 'fastmail.fm') THEN substr(`o`.`email_normalized`, 1, instr(`o`.`email_normalized`, '+') - 1) || substr(`o`.`email_normalized`, instr(`o`.`email_normalized`, '@')) ELSE `o`.`email_normalized` END = substr(`users`.`email_normalized`, 1, instr(`users`.`email_normalized`, '+') - 1) || substr(`users`.`email_normalized`, instr(`users`.`email_normalized`, '@'))) = 1;
--> statement-breakpoint
INSERT OR IGNORE INTO `trial_ledger` (`id`, `kind`, `value`, `user_id`, `created_at`)
SELECT lower(hex(randomblob(16))), 'email', substr(`value`, 1, instr(`value`, '+') - 1) || substr(`value`, instr(`value`, '@')), `user_id`, `created_at`
FROM `trial_ledger` WHERE `kind` = 'email' AND instr(`value`, '+') > 0 AND instr(`value`, '+') < instr(`value`, '@') AND substr(`value`, instr(`value`, '@') + 1) IN ('outlook.com', 'hotmail.com', 'live.com', 'icloud.com', 'me.com', 'mac.com', 'proton.me', 'protonmail.com', 'pm.me', 'fastmail.com', 'fastmail.fm');
--> statement-breakpoint
UPDATE `organization_invitations` SET `email_normalized` = substr(`email_normalized`, 1, instr(`email_normalized`, '+') - 1) || substr(`email_normalized`, instr(`email_normalized`, '@'))
WHERE instr(`email_normalized`, '+') > 0 AND instr(`email_normalized`, '+') < instr(`email_normalized`, '@') AND substr(`email_normalized`, instr(`email_normalized`, '@') + 1) IN ('outlook.com', 'hotmail.com', 'live.com', 'icloud.com', 'me.com', 'mac.com', 'proton.me', 'protonmail.com', 'pm.me', 'fastmail.com', 'fastmail.fm')
  AND `accepted_at` IS NULL AND `revoked_at` IS NULL
  AND (SELECT count(*) FROM `organization_invitations` AS `o`
       WHERE `o`.`organization_id` = `organization_invitations`.`organization_id`
         AND `o`.`accepted_at` IS NULL AND `o`.`revoked_at` IS NULL
         AND CASE WHEN instr(`o`.`email_normalized`, '+') > 0 AND instr(`o`.`email_normalized`, '+') < instr(`o`.`email_normalized`, '@') AND substr(`o`.`email_normalized`, instr(`o`.`email_normalized`, '@') + 1) IN ('outlook.com', 'hotmail.com', 'live.com', 'icloud.com', 'me.com', 'mac.com', 'proton.me', 'protonmail.com', 'pm.me', 'fastmail.com', 'fastmail.fm') THEN substr(`o`.`email_normalized`, 1, instr(`o`.`email_normalized`, '+') - 1) || substr(`o`.`email_normalized`, instr(`o`.`email_normalized`, '@')) ELSE `o`.`email_normalized` END = substr(`organization_invitations`.`email_normalized`, 1, instr(`organization_invitations`.`email_normalized`, '+') - 1) || substr(`organization_invitations`.`email_normalized`, instr(`organization_invitations`.`email_normalized`, '@'))) = 1;
--> statement-breakpoint
UPDATE `verification_codes` SET `email_normalized` = substr(`email_normalized`, 1, instr(`email_normalized`, '+') - 1) || substr(`email_normalized`, instr(`email_normalized`, '@'))
WHERE instr(`email_normalized`, '+') > 0 AND instr(`email_normalized`, '+') < instr(`email_normalized`, '@') AND substr(`email_normalized`, instr(`email_normalized`, '@') + 1) IN ('outlook.com', 'hotmail.com', 'live.com', 'icloud.com', 'me.com', 'mac.com', 'proton.me', 'protonmail.com', 'pm.me', 'fastmail.com', 'fastmail.fm');
--> statement-breakpoint
UPDATE `pending_signups` SET `email_normalized` = substr(`email_normalized`, 1, instr(`email_normalized`, '+') - 1) || substr(`email_normalized`, instr(`email_normalized`, '@'))
WHERE instr(`email_normalized`, '+') > 0 AND instr(`email_normalized`, '+') < instr(`email_normalized`, '@') AND substr(`email_normalized`, instr(`email_normalized`, '@') + 1) IN ('outlook.com', 'hotmail.com', 'live.com', 'icloud.com', 'me.com', 'mac.com', 'proton.me', 'protonmail.com', 'pm.me', 'fastmail.com', 'fastmail.fm');
--> statement-breakpoint
UPDATE `contact_messages` SET `email_normalized` = substr(`email_normalized`, 1, instr(`email_normalized`, '+') - 1) || substr(`email_normalized`, instr(`email_normalized`, '@'))
WHERE `email_normalized` IS NOT NULL AND instr(`email_normalized`, '+') > 0 AND instr(`email_normalized`, '+') < instr(`email_normalized`, '@') AND substr(`email_normalized`, instr(`email_normalized`, '@') + 1) IN ('outlook.com', 'hotmail.com', 'live.com', 'icloud.com', 'me.com', 'mac.com', 'proton.me', 'protonmail.com', 'pm.me', 'fastmail.com', 'fastmail.fm');
