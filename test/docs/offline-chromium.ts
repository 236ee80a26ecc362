// A headless Chromium (see find-chromium.ts for which one), driven by playwright-core, with every network request
// refused except the one file under test.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { type ChromiumChoice, findChromium } from './find-chromium.js';

/**
 * This machine's network is closed: without these flags Chromium keeps trying Google's hosts (updates, sync, QUIC
 * probes) and logs the refusals. `--no-sandbox` because tests may run as root; the GPU is off, so no GL library
 * is needed.
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Starts the browser headless in a fresh profile (a new --user-data-dir); the error names the binary that failed. */
async function launchOffline(
  browser: ChromiumChoice,
  viewport: { width: number; height: number },
): Promise<{ context: BrowserContext; userDataDir: string }> {
  const userDataDir = mkdtempSync(join(tmpdir(), 'docs-chromium-'));
  try {
    const context = await chromium.launchPersistentContext(userDataDir, {
      executablePath: browser.path,
      headless: true,
      viewport,
      serviceWorkers: 'block',
      args: CHROMIUM_ARGS,
    });
    return { context, userDataDir };
  } catch (error) {
    rmSync(userDataDir, { recursive: true, force: true });
    throw new Error(`Chromium from ${browser.source} (${browser.path}) did not start: ${String(error)}`);
  }
}

export interface OfflinePage {
  /** The binary that runs, and whether it came from CHROMIUM_PATH, the system or the npm package. */
  browser: ChromiumChoice;
  page: Page;
  /** Every request the page tried to make other than the file itself; each was refused. */
  refusedRequests: string[];
  /** Uncaught exceptions in the page. */
  pageErrors: string[];
  /** console.error calls and failed resource loads reported by the page. */
  consoleErrors: string[];
  close(): Promise<void>;
}

function withoutFragment(url: string): string {
  return url.split('#')[0];
}

/** Opens `fileUrl` in a fresh profile; `browser` defaults to the one find-chromium.ts picks for this machine. */
export async function openOfflinePage(
  fileUrl: string,
  viewport = { width: 1400, height: 900 },
  browser?: ChromiumChoice,
): Promise<OfflinePage> {
  browser ??= await findChromium();
  const { context, userDataDir } = await launchOffline(browser, viewport);
  const page = context.pages()[0] ?? (await context.newPage());
  const refusedRequests: string[] = [];
  const pageErrors: string[] = [];
  const consoleErrors: string[] = [];
  const allowed = withoutFragment(fileUrl);
  await context.route('**/*', (route) => {
    const url = route.request().url();
    if (withoutFragment(url) === allowed) return route.continue();
    refusedRequests.push(url);
    return route.abort('blockedbyclient');
  });
  page.on('pageerror', (error) => pageErrors.push(String(error)));
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  return {
    browser,
    page,
    refusedRequests,
    pageErrors,
    consoleErrors,
    async close() {
      await context.close();
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Waits until the page has drawn a frame since its last change. Right after the viewport shrinks back from a whole
 * page's height and a link is followed, headless Chromium can answer a screenshot before it has drawn anything at
 * the new size: a white image (seen with the npm-installed Chromium under load, on Node 24). Two animation frames
 * later a frame has been drawn.
 */
export async function waitForPaint(page: Page): Promise<void> {
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
}

/**
 * Redoc renders long pages in steps as they scroll into view. Scroll to the bottom, a screen at a time, until the
 * page stops growing and no new schema rows appear.
 */
export async function scrollUntilRendered(page: Page): Promise<void> {
  let previous = '';
  for (let round = 0; round < 200; round += 1) {
    await page.evaluate(() => window.scrollBy(0, window.innerHeight * 0.8));
    await page.waitForTimeout(150);
    const state = await page.evaluate(() => {
      const atBottom = window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2;
      return JSON.stringify([atBottom, document.documentElement.scrollHeight, document.querySelectorAll('.schema-property-item').length]);
    });
    if (state === previous && JSON.parse(state)[0]) return;
    previous = state;
  }
  throw new Error('the page kept growing after 200 screens of scrolling');
}

/**
 * A full-page capture of a page this long comes out blank far from the viewport (Redoc renders near the viewport
 * only), so the viewport is grown to the whole page, until its height settles, before a full-page screenshot.
 */
export async function growViewportToPage(page: Page, width: number): Promise<void> {
  let height = 0;
  for (let round = 0; round < 20; round += 1) {
    const pageHeight = await page.evaluate(() => document.documentElement.scrollHeight);
    if (pageHeight === height) return;
    height = pageHeight;
    await page.setViewportSize({ width, height });
    await page.waitForTimeout(700);
  }
  throw new Error('the page height kept changing while the viewport grew');
}
