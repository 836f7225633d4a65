import type { Services } from '../container';

/**
 * `npm run cli -- users …`: the operator makes an organisation's first dashboard admin. No password
 * passes through the shell: the admin gets a one-time link (24 hours) to choose one.
 */
export const USERS_HELP = `  users create-admin --organisation <OR…> --email <address>
                                                 make a dashboard admin; prints a one-time link to choose a password
  users list --organisation <OR…>`;

export interface UsersCommand {
  action: string | undefined;
  organisation: string | undefined;
  email: string | undefined;
}

type Print = (human: string, data: unknown) => void;

export async function runUsersCommand(
  command: UsersCommand,
  services: Services,
  print: Print,
  usage: (message: string) => Error,
): Promise<number> {
  const organisation = command.organisation;
  if (!organisation) throw usage('--organisation is required');
  if (command.action === 'list') {
    const users = await services.dashboardUsers.listUsers(services.db, organisation);
    const rows = users.map((u) => ({ id: u.id, email: u.email, role: u.role, totp: u.totp_secret !== null }));
    print(rows.map((u) => `${u.id}  ${u.role}  ${u.email}${u.totp ? '  (TOTP)' : ''}`).join('\n') || 'No users.', rows);
    return 0;
  }
  if (command.action !== 'create-admin') throw usage(`unknown command: users ${command.action ?? ''}`);
  if (!command.email) throw usage('--email is required');
  const email = command.email;
  const { user, token } = await services.db.transaction((tx) =>
    services.dashboardUsers.createAdmin(tx, organisation, email),
  );
  const link = `${services.publicUrl}/dashboard/welcome/${token}`;
  print(`Created admin ${user.id} (${user.email}).\nOne-time link to choose a password (24 hours):\n  ${link}`, {
    id: user.id,
    email: user.email,
    role: user.role,
    link,
  });
  return 0;
}
