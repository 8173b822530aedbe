export const TEST_ENV = {
  adminUrl: 'MEDBOOK_TEST_ADMIN_URL',
  template: 'MEDBOOK_TEST_TEMPLATE',
} as const;

export function databaseUrl(adminUrl: string, database: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return url.toString();
}
