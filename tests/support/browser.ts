import path from 'node:path';
import type { OutboxMessageView } from '@medbook/contracts';
import { AxeBuilder } from '@axe-core/playwright';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { get } from './accounts';
import type { TestApp } from './test-app';

/** Where the browser specs leave their screenshots, for a person to look at. */
export const SHOTS = path.join(__dirname, '..', 'browser', 'screenshots');

/**
 * Chromium's own fake camera (a moving test pattern) and microphone (a beep each second),
 * granted without a prompt, and media that plays without a click: for video visits.
 */
export const FAKE_MEDIA: readonly string[] = [
  '--use-fake-device-for-media-stream',
  '--use-fake-ui-for-media-stream',
  '--autoplay-policy=no-user-gesture-required',
];

/** The system's Chromium (Debian's `chromium` package), headless, kept off the network. */
export function launchBrowser(extraArgs: readonly string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      ...extraArgs,
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** Signs in through the login page; createUser's password is the SHA-256 of `Secret-<email>`. */
export async function signIn(
  page: Page,
  app: TestApp,
  user: { readonly email: string },
  landing?: string,
): Promise<void> {
  await page.goto(`${app.url}/account`);
  await page.getByTestId('login-email').fill(user.email);
  await page.getByTestId('login-password').fill(`Secret-${user.email}`);
  await page.getByTestId('login-submit').click();
  if (landing) await page.waitForURL(`**${landing}`);
  else await page.waitForURL((url) => url.pathname !== '/account');
}

/**
 * The page at a phone's width and at a desktop's, as `<name>-375.png` and `<name>-1280.png`
 * (the whole page, or the viewport when `before` opens something first), then back at 1280.
 */
export async function shoot(page: Page, name: string, before?: () => Promise<void>) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(200);
    if (before) await before();
    await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`), fullPage: !before });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** The last one-time code texted to this number (the dev outbox). */
export async function smsCode(app: TestApp, mobile: string): Promise<string> {
  const outbox = (await get(app, '/api/v1/dev/outbox')).body.data as OutboxMessageView[];
  const sent = outbox.filter((m) => m.channel === 'sms' && m.recipient === mobile).at(-1);
  const code = /(\d{6})/.exec(sent?.body ?? '')?.[1];
  if (!code) throw new Error(`no code sent to ${mobile}`);
  return code;
}

export interface BrowserSuite {
  readonly browser: Browser;
  /** A separate browser window (its own storage, so its own session), closed after the test. */
  /** A new window; `timezoneId` sets the visitor's clock (the machine's zone otherwise). */
  open(
    viewport?: { readonly width: number; readonly height: number },
    options?: { readonly timezoneId?: string },
  ): Promise<Page>;
}

/**
 * A spec file's browser: launched before its tests and closed after them; each window opened
 * during a test is closed after that test, and one opened outside a test after the file.
 */
export function browserSuite(extraArgs: readonly string[] = []): BrowserSuite {
  let browser: Browser | undefined;
  let inTest = false;
  const perTest: BrowserContext[] = [];
  const perFile: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await launchBrowser(extraArgs);
  }, 60_000);
  beforeEach(() => {
    inTest = true;
  });
  afterEach(async () => {
    inTest = false;
    for (const context of perTest.splice(0)) await context.close();
  });
  afterAll(async () => {
    for (const context of perFile.splice(0)) await context.close();
    await browser?.close();
  }, 60_000);
  return {
    get browser(): Browser {
      if (!browser) throw new Error('The browser starts in beforeAll');
      return browser;
    },
    async open(viewport = { width: 1280, height: 900 }, options = {}) {
      const context = await this.browser.newContext({
        viewport,
        ...options,
        ...(extraArgs.includes(FAKE_MEDIA[0]!) ? { permissions: ['camera', 'microphone'] } : {}),
      });
      (inTest ? perTest : perFile).push(context);
      const page = await context.newPage();
      page.on('pageerror', (e) => process.stdout.write(`pageerror ${e.message}\n`));
      return page;
    },
  };
}

/** axe-core on the page as it stands: no serious or critical violation, each named by its nodes. */
export async function expectAccessible(page: Page): Promise<void> {
  // On a settled page: a menu fading in or out reads half transparent, and fails contrast.
  // (Polled from here: the app's CSP refuses waitForFunction's evaluation of a string.)
  const settled = `document.getAnimations().every((a) =>
    a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity)`;
  for (let tries = 0; tries < 50 && !(await page.evaluate<boolean>(settled)); tries += 1) {
    await page.waitForTimeout(100);
  }
  const result = await new AxeBuilder({ page }).analyze();
  const serious = result.violations.filter(
    (v) => v.impact === 'serious' || v.impact === 'critical',
  );
  expect(
    serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
  ).toEqual([]);
}

/**
 * Marks the page's document; the check it answers fails once the page has been reloaded or has
 * navigated (a new document lost the mark). For "live, without a reload" claims.
 */
export async function markDocument(page: Page): Promise<() => Promise<void>> {
  const mark = `document-${Date.now()}-${Math.random()}`;
  await page.evaluate(`window.__testDocument = ${JSON.stringify(mark)}`);
  return async () => {
    expect(await page.evaluate<string | null>('window.__testDocument ?? null')).toBe(mark);
  };
}

/**
 * Waits until a JavaScript expression is true in the page, polling it through `page.evaluate`.
 * Not `page.waitForFunction` with a string: the app's CSP has no 'unsafe-eval', and Playwright
 * evaluates a string predicate with eval once it has to poll (it passes only when the first
 * check already holds, which made tests pass or fail by timing).
 */
export async function untilTrue(page: Page, expression: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await page.evaluate<boolean>(`Boolean(${expression})`))) {
    if (Date.now() > deadline) throw new Error(`not true within ${timeoutMs} ms: ${expression}`);
    await page.waitForTimeout(50);
  }
}
