import postgres from 'postgres';

export default async function globalTeardown(): Promise<void> {
  const state = globalThis.__medbookTestDatabase;
  if (!state) return;
  const admin = postgres(state.adminUrl, { max: 1, onnotice: () => undefined });
  const clones = await admin<{ datname: string }[]>`
    SELECT datname FROM pg_database WHERE datname LIKE 'medbook_t%'`;
  // Only this run's: several runs may share one server (TEST_DATABASE_URL).
  const ours = `medbook_test_${state.template.replace('medbook_template_', '')}_`;
  for (const { datname } of clones) {
    if (datname === state.template || datname.startsWith(ours)) {
      await admin.unsafe(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
    }
  }
  await admin.end();
  await state.stop();
}
