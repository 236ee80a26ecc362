// Debian's Chromium, driven by playwright-core, with every network request refused except the one file under test.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from 'playwright-core';

/** The browser binary: CHROMIUM_PATH when set, else Debian's package (`apt-get install chromium`). */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export interface OfflinePage {
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

export async function openOfflinePage(fileUrl: string, viewport = { width: 1400, height: 900 }): Promise<OfflinePage> {
  if (!existsSync(chromiumPath)) {
    throw new Error(
      `Chromium not found at ${chromiumPath}. Install Debian's package (apt-get install chromium) or set ` +
        'CHROMIUM_PATH to a Chromium or Chrome binary; no browser is downloaded.',
    );
  }
  const userDataDir = mkdtempSync(join(tmpdir(), 'docs-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: chromiumPath,
    headless: true,
    viewport,
    serviceWorkers: 'block',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
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
