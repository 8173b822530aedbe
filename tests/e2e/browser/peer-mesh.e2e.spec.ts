import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { build } from 'esbuild';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { FAKE_MEDIA, launchBrowser } from '../../support/browser';

/**
 * The call's signalling (PeerMesh) in a real Chromium with fake cameras and microphones, two
 * calls in one page joined by an in-page relay that stands in for the server: it delivers each
 * socket's messages in the order they were sent, a task later, as socket.io does. Here the
 * order of announcements can be set exactly, which the full visit (telehealth.e2e) cannot do.
 */

const ENTRY = path.join(__dirname, '../../../apps/web/src/features/telehealth/media/peer-mesh.ts');

/** The page's side: a relay of fake sockets, and two calls told of each other as a case says. */
const PAGE = `<!doctype html><meta charset="utf-8"><title>mesh</title><script src="/mesh.js"></script>
<script>
const APPOINTMENT = '00000000-0000-4000-8000-000000000001';
const sockets = new Map();
class RelaySocket {
  constructor(id) { this.id = id; this.connected = true; this.handlers = new Map(); sockets.set(id, this); }
  on(event, f) { if (!this.handlers.has(event)) this.handlers.set(event, new Set()); this.handlers.get(event).add(f); }
  off(event, f) { this.handlers.get(event)?.delete(f); }
  deliver(event, message) { for (const f of [...(this.handlers.get(event) ?? [])]) f(message); }
  emit(event, payload, ack) {
    if (event === 'meeting.join') setTimeout(() => ack({ ok: true, socket_id: this.id }), 0);
    else if (event === 'meeting.leave') ack?.({ ok: true });
    else if (event === 'meeting.signal') {
      const to = sockets.get(payload.to);
      const message = { ...payload, from: this.id, from_participant_id: 'participant-' + this.id };
      setTimeout(() => to?.deliver('meeting.signal', message), 0);
    }
  }
}
const errors = [];
window.addEventListener('unhandledrejection', (e) => errors.push(String(e.reason?.message ?? e.reason)));
const warn = console.warn;
console.warn = (...args) => { errors.push(args.map(String).join(' ')); warn(...args); };
const calls = new Map();
async function open(id) {
  const local = await navigator.mediaDevices.getUserMedia({ audio: true, video: true });
  const call = new MeshModule.PeerMesh(new RelaySocket(id), APPOINTMENT, local, []);
  // Played, as the call page does: Chrome decodes a remote audio track only when it has a sink.
  call.peers$.subscribe((peers) => {
    for (const peer of peers.values()) {
      const key = id + '-' + peer.socketId;
      if (!peer.stream || document.getElementById(key)) continue;
      const video = document.createElement('video');
      Object.assign(video, { id: key, autoplay: true, playsInline: true, srcObject: peer.stream });
      document.body.append(video);
    }
  });
  call.start();
  calls.set(id, call);
  return call;
}
function announce(to, joined) {
  sockets.get(to).deliver('meeting.peer-joined', {
    appointment_id: APPOINTMENT, socket_id: joined, participant_id: 'participant-' + joined,
    name: joined, role: 'Patient',
  });
}
/** What each call has received: frames decoded, audio energy, and its connections' states. */
async function received(id) {
  const call = calls.get(id);
  let frames = 0, energy = 0;
  for (const report of await call.stats()) {
    report.forEach((s) => {
      if (s.type !== 'inbound-rtp') return;
      if (s.kind === 'video') frames += s.framesDecoded ?? 0;
      if (s.kind === 'audio') energy += s.totalAudioEnergy ?? 0;
    });
  }
  return { frames, energy, states: [...call.peers$.value.values()].map((p) => p.state), errors };
}
/** What the server would deliver to a socket: an event and its message. */
function deliver(to, event, message) {
  sockets.get(to).deliver(event, { appointment_id: APPOINTMENT, ...message });
}
window.meshTest = { open, announce, received, deliver };
</script>`;

let server: http.Server;
let url: string;
let browser: Browser;

beforeAll(async () => {
  const bundle = await build({
    entryPoints: [ENTRY],
    bundle: true,
    format: 'iife',
    globalName: 'MeshModule',
    platform: 'browser',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  });
  const script = bundle.outputFiles[0]!.text;
  server = http.createServer((request, response) => {
    const js = request.url === '/mesh.js';
    response.writeHead(200, { 'content-type': js ? 'text/javascript' : 'text/html' });
    response.end(js ? script : PAGE);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  // 127.0.0.1 is a secure context: the page may open the (fake) camera and microphone.
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  browser = await launchBrowser(FAKE_MEDIA);
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => server?.close(resolve));
});

let context: BrowserContext | undefined;
afterEach(async () => {
  await context?.close();
  context = undefined;
});

async function page(): Promise<Page> {
  context = await browser.newContext({ permissions: ['camera', 'microphone'] });
  const opened = await context.newPage();
  await opened.goto(url);
  return opened;
}

interface Received {
  readonly frames: number;
  readonly energy: number;
  readonly states: readonly string[];
  readonly errors: readonly string[];
}

const received = (on: Page, id: string) =>
  on.evaluate((which) => (globalThis as unknown as MeshWindow).meshTest.received(which), id);

type MeshWindow = {
  meshTest: {
    open(id: string): Promise<unknown>;
    announce(to: string, joined: string): void;
    deliver(to: string, event: string, message: Record<string, unknown>): void;
    received(id: string): Promise<Received>;
  };
};

/** Both calls connected, each decoding the other's video and hearing its audio, within 15 s. */
async function bothConnect(on: Page, ids: readonly string[]): Promise<Record<string, Received>> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const now: Record<string, Received> = {};
    for (const id of ids) now[id] = await received(on, id);
    const done = ids.every((id) => {
      const r = now[id]!;
      return r.frames > 0 && r.energy > 0 && r.states.length === 1 && r.states[0] === 'connected';
    });
    if (done || Date.now() > deadline) return now;
    await on.waitForTimeout(200);
  }
}

const someNumber: unknown = expect.any(Number);
const connected = { frames: someNumber, energy: someNumber, states: ['connected'] };

/**
 * Two calls, A and B, in a new window; then each announcement `[to, joined]` is delivered at
 * once, in order (as the server tells a call of a socket that joined). Both must end connected,
 * each decoding the other's video and hearing its audio, with no error on either side.
 */
async function expectCall(announcements: readonly (readonly [string, string])[]): Promise<void> {
  const on = await page();
  await on.evaluate(async (told) => {
    const t = (globalThis as unknown as MeshWindow).meshTest;
    await t.open('A');
    await t.open('B');
    for (const [to, joined] of told) t.announce(to, joined);
  }, announcements);
  const outcome = await bothConnect(on, ['A', 'B']);
  expect(outcome).toEqual({
    A: { ...connected, errors: [] },
    B: { ...connected, errors: [] },
  });
  for (const side of [outcome.A!, outcome.B!]) {
    expect(side.frames).toBeGreaterThan(0);
    expect(side.energy).toBeGreaterThan(0);
  }
  await context?.close();
  context = undefined;
}

it('one side already in the call offers the one who joins: both see and hear each other', async () => {
  await expectCall([['A', 'B']]);
}, 30_000);

it('two who join at the same moment are each told of the other and both offer: the pair settles on one connection', async () => {
  // Which offer lands first, and where each side's candidate gathering stands when it does,
  // varies from run to run: five calls, each in a new window. Both offers cross in the relay:
  // each side receives the other's while its own is out.
  for (let round = 0; round < 5; round += 1) {
    await expectCall([
      ['A', 'B'],
      ['B', 'A'],
    ]);
  }
}, 90_000);

it('a join announced twice (the relay repeats itself) still ends in one working connection', async () => {
  await expectCall([
    ['A', 'B'],
    ['A', 'B'],
  ]);
}, 30_000);

it('a late candidate from a peer that left opens no new connection', async () => {
  const on = await page();
  await on.evaluate(async () => {
    const t = (globalThis as unknown as MeshWindow).meshTest;
    await t.open('A');
    await t.open('B');
    t.announce('A', 'B');
  });
  expect((await bothConnect(on, ['A', 'B'])).A!.states).toEqual(['connected']);
  await on.evaluate(() => {
    const t = (globalThis as unknown as MeshWindow).meshTest;
    t.deliver('A', 'meeting.peer-left', { socket_id: 'B' });
    // B's candidate, relayed after it left: news of a connection A no longer has.
    t.deliver('A', 'meeting.signal', {
      to: 'A',
      from: 'B',
      from_participant_id: 'participant-B',
      candidate: { candidate: 'candidate:1 1 udp 2122260223 127.0.0.1 9 typ host', sdpMid: '0' },
    });
  });
  await on.waitForTimeout(500);
  expect(await received(on, 'A')).toMatchObject({ states: [], errors: [] });
}, 30_000);
