import postgres from 'postgres';

export default async function globalTeardown(): Promise<void> {
  const state = globalThis.__medbookTestDatabase;
  if (!state) return;
  const admin = postgres(state.adminUrl, { max: 1, onnotice: () => undefined });
  const clones = await admin<{ datname: string }[]>`
    SELECT datname FROM pg_database WHERE datname LIKE 'medbook_t%'`;
  for (const { datname } of clones) {
    if (datname === state.template || datname.startsWith('medbook_test_')) {
      await admin.unsafe(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
    }
  }
  await admin.end();
  await state.stop();
}
