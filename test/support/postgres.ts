/** Helpers for the Postgres run of the database tests (TEST_DATABASE_URL set). */
export function adminUrl(): string {
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = '/postgres';
  return url.toString();
}

export function databaseUrlFor(name: string): string {
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  return url.toString();
}
