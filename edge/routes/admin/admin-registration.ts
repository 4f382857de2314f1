import type { Row, WriteContext } from '../../lib/resource';

/** What the panel stamps on every person it creates: an admin registration, by the signed-in user (never the body). */
export function adminRegistration(input: Row, { user }: WriteContext): Row {
  return { ...input, registrationType: 'admin_registration', createdBy: user.name, createdByRole: user.role };
}
