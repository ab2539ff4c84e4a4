/**
 * The team activity feed's words (the owner's Team activity section and the console's
 * organization page): what each event kind reads as, and who it was about. Pure; a module of its
 * own, so it loads with the feed, not with the team page.
 */
const kindLabels: Record<string, string> = {
  activated: 'Device activated',
  deactivated: 'Device deactivated',
  replaced: 'Device replaced',
  renamed: 'Device renamed',
  'signed-in': 'Signed in',
  joined: 'Joined the team',
  invited: 'Invited',
  'invitation-resent': 'Invitation sent again',
  'invitation-revoked': 'Invitation withdrawn',
  removed: 'Removed from the team',
  'seat-taken': 'Took a seat',
  'seat-left': 'Left their seat',
  'device-freed': 'Device freed',
  'ownership-transferred': 'Ownership transferred',
  'term-changed': 'Term changed',
  'seats-changed': 'Seats changed',
  'seats-added': 'Seats added',
  'seats-removed-at-renewal': 'Seats at renewal changed',
  'scim-token-created': 'SCIM token made',
  'scim-token-revoked': 'SCIM token revoked',
  'scim-user-changed': 'Changed by SCIM',
  'domain-added': 'Domain added',
  'domain-verified': 'Domain verified',
  'domain-lapsed': 'Domain lapsed',
  'domain-removed': 'Domain removed',
  'sso-connected': 'Single sign-on connected',
  'sso-changed': 'Single sign-on changed',
  'sso-required-changed': 'Single sign-on requirement changed',
  'sso-disconnected': 'Single sign-on disconnected',
};

/** "activated" → "Device activated"; a kind this page does not know reads as written. */
export function kindLabel(kind: string): string {
  return kindLabels[kind] ?? kind;
}

/** The feed's member: their name while they are on the team, else the e-mail it recorded. */
export function memberLabel(
  row: { userId: string | null; member: string },
  members: readonly { userId: string; customerName: string }[],
): string {
  const known = members.find((who) => who.userId === row.userId);
  return known?.customerName || row.member || '—';
}
