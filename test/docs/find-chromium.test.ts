// The docs test's browser lookup: the order on each platform (with made-up machines, so every branch is checked here
// whatever this machine has), the message when nothing is found, and the npm-installed Chromium for real: unpacked,
// started headless and rendering a page with the network refused, even on a machine that also has a system browser.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import {
  findChromium,
  findPackagedChromium,
  type LookupHost,
  locateChromium,
  PACKAGED_CHROMIUM,
  packagedChromiumRuns,
  unpackPackagedChromium,
} from './find-chromium.js';
import { openOfflinePage } from './offline-chromium.js';

const packageJson = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
const fakePackage = { dir: '/project/node_modules/@sparticuz/chromium', version: '1.2.3' };

/** A made-up machine on which only `present` exists. */
function machine(platform: NodeJS.Platform, present: string[], overrides: Partial<LookupHost> = {}): LookupHost {
  return { platform, arch: 'x64', env: {}, exists: (path) => present.includes(path), packaged: fakePackage, ...overrides };
}

describe('the lookup order', () => {
  it('takes CHROMIUM_PATH first, over a system browser and the package', () => {
    const host = machine('linux', ['/opt/chrome/chrome', '/usr/bin/chromium'], { env: { CHROMIUM_PATH: '/opt/chrome/chrome' } });
    expect(locateChromium(host)).toEqual({ path: '/opt/chrome/chrome', source: 'CHROMIUM_PATH' });
  });

  it('fails on a CHROMIUM_PATH that points nowhere instead of quietly using another browser', () => {
    const host = machine('linux', ['/usr/bin/chromium'], { env: { CHROMIUM_PATH: '/nowhere/chrome' } });
    expect(() => locateChromium(host)).toThrow('CHROMIUM_PATH is set to /nowhere/chrome, which does not exist.');
  });

  it.each([
    ['Debian', '/usr/bin/chromium'],
    ['Ubuntu (deb)', '/usr/bin/chromium-browser'],
    ['Google Chrome (deb/rpm)', '/usr/bin/google-chrome'],
    ['Ubuntu (snap)', '/snap/bin/chromium'],
  ])('finds the system browser of %s on Linux before the package', (_name, path) => {
    expect(locateChromium(machine('linux', [path]))).toEqual({ path, source: 'system' });
  });

  it("prefers Debian's Chromium when several are installed", () => {
    const host = machine('linux', ['/snap/bin/chromium', '/usr/bin/google-chrome', '/usr/bin/chromium']);
    expect(locateChromium(host)).toEqual({ path: '/usr/bin/chromium', source: 'system' });
  });

  it('finds Google Chrome, then Chromium, in /Applications on macOS', () => {
    const chrome = '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome';
    const chromium = '/Applications/Chromium.app/Contents/MacOS/Chromium';
    expect(locateChromium(machine('darwin', [chromium, chrome]))).toEqual({ path: chrome, source: 'system' });
    expect(locateChromium(machine('darwin', [chromium]))).toEqual({ path: chromium, source: 'system' });
  });

  it('finds Chrome under Program Files, Program Files (x86) or the user profile on Windows', () => {
    const env = {
      PROGRAMFILES: 'C:\\Program Files',
      'PROGRAMFILES(X86)': 'C:\\Program Files (x86)',
      LOCALAPPDATA: 'C:\\Users\\a\\AppData\\Local',
    };
    for (const path of [
      'C:\\Program Files\\Google\\Chrome\\Application\\chrome.exe',
      'C:\\Program Files (x86)\\Google\\Chrome\\Application\\chrome.exe',
      'C:\\Users\\a\\AppData\\Local\\Google\\Chrome\\Application\\chrome.exe',
    ]) {
      expect(locateChromium(machine('win32', [path], { env }))).toEqual({ path, source: 'system' });
    }
  });

  it('falls back to the npm-installed Chromium on Linux x64 with no system browser', () => {
    expect(locateChromium(machine('linux', []))).toEqual({ packaged: fakePackage });
  });
});

describe('no browser at all: the suite fails and says what to install', () => {
  it('on Linux x64 without the package: run npm ci, or install Chromium, or set CHROMIUM_PATH', () => {
    const locate = () => locateChromium(machine('linux', [], { packaged: undefined }));
    expect(locate).toThrow(/CHROMIUM_PATH is not set, none of \/usr\/bin\/chromium, .* exists/);
    expect(locate).toThrow(`${PACKAGED_CHROMIUM} (a devDependency) is not installed. Run \`npm ci\``);
    expect(locate).toThrow('sudo apt-get install chromium');
  });

  it('on macOS, where the package cannot run: install Google Chrome or Chromium', () => {
    const locate = () => locateChromium(machine('darwin', [], { arch: 'arm64' }));
    expect(locate).toThrow('ships a browser for Linux x64 only (this is darwin arm64)');
    expect(locate).toThrow('Install Google Chrome (https://www.google.com/chrome/) into /Applications');
    expect(locate).toThrow('brew install --cask chromium');
  });

  it('on Windows: install Google Chrome or set CHROMIUM_PATH', () => {
    const locate = () => locateChromium(machine('win32', []));
    expect(locate).toThrow('Install Google Chrome');
    expect(locate).toThrow('set CHROMIUM_PATH');
  });

  it("on Linux arm64, where the package cannot run: install the distribution's Chromium", () => {
    const locate = () => locateChromium(machine('linux', [], { arch: 'arm64' }));
    expect(locate).toThrow("this is linux arm64). Install your distribution's Chromium");
  });
});

describe('the Chromium that npm ci installs', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'docs-chromium-test-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it('is the exact devDependency version, installed in node_modules', () => {
    expect(packageJson.devDependencies[PACKAGED_CHROMIUM]).toMatch(/^\d+\.\d+\.\d+$/);
    expect(findPackagedChromium()?.version).toBe(packageJson.devDependencies[PACKAGED_CHROMIUM]);
  });

  // On Linux x64 (every machine this project's CI runs on) the package's own binary is started here even when a
  // system browser exists, so a broken package cannot hide behind the system's; elsewhere it must never be chosen.
  it('starts headless and renders a page with the network refused (Linux x64), or is never chosen (elsewhere)', async () => {
    const packaged = findPackagedChromium()!;
    const noSystemBrowser: LookupHost = { platform: process.platform, arch: process.arch, env: {}, exists: () => false, packaged };
    if (!packagedChromiumRuns(process.platform, process.arch)) {
      await expect(findChromium(noSystemBrowser)).rejects.toThrow('ships a browser for Linux x64 only');
      return;
    }
    const browser = await findChromium(noSystemBrowser);
    expect(browser.source).toBe(`${PACKAGED_CHROMIUM} ${packaged.version}`);
    const htmlUrl = pathToFileURL(join(scratch, 'page.html')).href;
    writeFileSync(new URL(htmlUrl), '<title>offline</title><p id="p">rendered</p><img src="https://example.com/x.png">');
    const offline = await openOfflinePage(htmlUrl, { width: 800, height: 600 }, browser);
    try {
      await offline.page.goto(htmlUrl, { waitUntil: 'load' });
      await expect(offline.page.locator('#p').textContent()).resolves.toBe('rendered');
      await expect(offline.page.evaluate(() => navigator.userAgent)).resolves.toMatch(/HeadlessChrome\/\d+/);
      expect(offline.refusedRequests).toEqual(['https://example.com/x.png']);
      expect(offline.pageErrors).toEqual([]);
    } finally {
      await offline.close();
    }
  }, 60_000);

  it('is unpacked once per version, never left half-written', async () => {
    const packaged = findPackagedChromium()!;
    const root = join(scratch, 'cache');
    // A package folder without bin/chromium.br fails loudly and leaves nothing behind that a later run would start.
    await expect(unpackPackagedChromium({ ...packaged, dir: join(scratch, 'no-such-package') }, root)).rejects.toThrow('ENOENT');
    expect(readdirSync(join(root, packaged.version))).toEqual([]);
    const path = await unpackPackagedChromium(packaged, root);
    expect(path).toBe(join(root, packaged.version, 'chromium'));
    expect(statSync(path).mode & 0o111).not.toBe(0);
    const { mtimeMs, ino } = statSync(path);
    await expect(unpackPackagedChromium(packaged, root)).resolves.toBe(path);
    expect(statSync(path)).toMatchObject({ mtimeMs, ino });
  }, 60_000);
});
