import type { OutboxMessageView } from '@medbook/contracts';
import { SMTPServer } from 'smtp-server';
import { createUser } from '../../support/accounts';
import { freePort, startTestApp, type TestApp } from '../../support/test-app';

/** With SMTP_URL set, email goes through a real SMTP conversation (nodemailer), not the outbox. */
let app: TestApp;
let smtp: SMTPServer;
const received: { to: string; raw: string }[] = [];

beforeAll(async () => {
  const port = await freePort();
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(port, '127.0.0.1', resolve));
  app = await startTestApp({ config: { smtpUrl: `smtp://127.0.0.1:${port}` } });
});

afterAll(async () => {
  await app.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

it('sends the password reset code by SMTP', async () => {
  const patient = await createUser(app, 'Patient');
  const response = await app.api.post('/api/v1/auth/forgot-password', { email: patient.email });
  expect(response.status).toBe(200);
  const mail = received.find((m) => m.to === patient.email);
  expect(mail?.raw).toMatch(/Subject: Your MedBook verification code/);
  const code = /verification code is (\d{6})/.exec(mail!.raw)?.[1];
  expect(code).toMatch(/^\d{6}$/);
  const outbox = (await app.api.get('/api/v1/dev/outbox')).body.data as OutboxMessageView[];
  expect(outbox.filter((m) => m.channel === 'email')).toEqual([]);
  const verified = await app.api.post('/api/v1/auth/verify-code', { email: patient.email, code });
  expect(verified.status).toBe(200);
});
