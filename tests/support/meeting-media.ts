import type { Page } from 'playwright-core';

/** What a call has received so far, from its connections' own statistics (RTCPeerConnection). */
export interface ReceivedMedia {
  readonly framesDecoded: number;
  readonly audioEnergy: number;
}

/** Sums the page's inbound video frames decoded and audio energy over all its connections. */
export function receivedMedia(page: Page): Promise<ReceivedMedia> {
  // Runs in the page (this file is compiled without the DOM's types, hence the shapes below).
  return page.evaluate(async () => {
    type Entry = { type: string; kind?: string; framesDecoded?: number; totalAudioEnergy?: number };
    const call = (
      globalThis as unknown as {
        __medbookCall?: { stats(): Promise<{ forEach(f: (entry: Entry) => void): void }[]> };
      }
    ).__medbookCall;
    let framesDecoded = 0;
    let audioEnergy = 0;
    for (const report of call ? await call.stats() : []) {
      report.forEach((entry) => {
        if (entry.type !== 'inbound-rtp') return;
        if (entry.kind === 'video') framesDecoded += Number(entry.framesDecoded ?? 0);
        if (entry.kind === 'audio') audioEnergy += Number(entry.totalAudioEnergy ?? 0);
      });
    }
    return { framesDecoded, audioEnergy };
  });
}

type Queried = {
  document: {
    querySelector(selector: string): {
      readyState?: number;
      videoWidth?: number;
      getAttribute(name: string): string | null;
    } | null;
  };
};

/** The readiness check's preview is playing the camera. */
export const previewPlays = (page: Page) =>
  page.waitForFunction(() => {
    const video = (globalThis as unknown as Queried).document.querySelector(
      '[data-testid="readiness-preview"]',
    );
    return !!video && (video.readyState ?? 0) >= 2 && (video.videoWidth ?? 0) > 0;
  });

/** The readiness check's microphone meter moves. */
export const meterMoves = (page: Page) =>
  page.waitForFunction(
    () =>
      Number(
        (globalThis as unknown as Queried).document
          .querySelector('[data-testid="mic-level"]')
          ?.getAttribute('aria-valuenow') ?? 0,
      ) > 0,
    undefined,
    { timeout: 10_000 },
  );

/**
 * Waits until video frames are decoded and the received audio's energy rises (it grows only
 * while sound arrives): the other side is seen and heard. Answers when it first held.
 */
export async function seesAndHears(page: Page, timeoutMs = 10_000): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  let first: ReceivedMedia | null = null;
  for (;;) {
    const now = await receivedMedia(page);
    if (now.framesDecoded > 0 && now.audioEnergy > 0) {
      if (!first) first = now;
      else if (now.audioEnergy > first.audioEnergy && now.framesDecoded > first.framesDecoded) {
        return Date.now();
      }
    }
    if (Date.now() > deadline) {
      throw new Error(`no media within ${timeoutMs} ms: ${JSON.stringify(now)}`);
    }
    await page.waitForTimeout(200);
  }
}

/** Waits until the first remote video frame has been decoded; answers the time it was seen. */
export async function firstFrame(page: Page, timeoutMs = 15_000): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if ((await receivedMedia(page)).framesDecoded > 0) return Date.now();
    if (Date.now() > deadline) throw new Error(`no video frame within ${timeoutMs} ms`);
    await page.waitForTimeout(25);
  }
}
