/**
 * What replaces a deleted user's email in the rows that must be kept (revenue, scan counts), as
 * the UserDeleted contract says: the same in every service, so one user's kept rows stay together.
 */
export function deletedUserPseudonym(userId: string): string {
  return `deleted-user-${userId}`;
}
