// Which Chromium the docs test drives. `npm ci && npm test` must pass on a fresh machine with no browser installed and
// no network but the npm registry, so after the reader's own choice and the usual system installs comes a Chromium
// that `npm ci` itself installs: the devDependency @sparticuz/chromium, which carries a brotli-compressed Linux x64
// headless build inside its npm tarball. Nothing is downloaded here; without any browser the lookup throws an error
// that says what to install (the test then fails, it is never skipped).
import { createReadStream, createWriteStream, existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { dirname, join, win32 } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { createBrotliDecompress } from 'node:zlib';

export const PACKAGED_CHROMIUM = '@sparticuz/chromium';

/** A browser binary and where it came from, for the log line that tells a reader which browser ran. */
export interface ChromiumChoice {
  path: string;
  source: string;
}

/** The installed @sparticuz/chromium: its folder and version. */
export interface PackagedChromium {
  dir: string;
  version: string;
}

/** What the lookup reads from the machine; the tests hand in made-up ones to check the order on every platform. */
export interface LookupHost {
  platform: NodeJS.Platform;
  arch: string;
  env: Record<string, string | undefined>;
  exists(path: string): boolean;
  packaged: PackagedChromium | undefined;
}

/** Where Chromium or Chrome is installed by the usual installers, most specific first. */
export function systemChromiumPaths(platform: NodeJS.Platform, env: Record<string, string | undefined>): string[] {
  if (platform === 'darwin') {
    return ['/Applications/Google Chrome.app/Contents/MacOS/Google Chrome', '/Applications/Chromium.app/Contents/MacOS/Chromium'];
  }
  if (platform === 'win32') {
    // Chrome installs per machine under Program Files (either one), or per user under LOCALAPPDATA.
    const roots = [env.PROGRAMFILES ?? 'C:\\Program Files', env['PROGRAMFILES(X86)'] ?? 'C:\\Program Files (x86)', env.LOCALAPPDATA];
    return roots
      .filter((root): root is string => Boolean(root))
      .flatMap((root) => [
        win32.join(root, 'Google', 'Chrome', 'Application', 'chrome.exe'),
        win32.join(root, 'Chromium', 'Application', 'chrome.exe'),
      ]);
  }
  // Debian's package, Ubuntu's older deb name, Google's deb or rpm, and the snap.
  return [
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    '/usr/bin/google-chrome',
    '/usr/bin/google-chrome-stable',
    '/snap/bin/chromium',
  ];
}

/** The package's binary is built for Linux on x64 only (glibc); anywhere else it is installed but cannot run. */
export function packagedChromiumRuns(platform: NodeJS.Platform, arch: string): boolean {
  return platform === 'linux' && arch === 'x64';
}

/** What to install when no browser was found, in the words of the reader's platform. */
export function missingChromiumMessage(host: Pick<LookupHost, 'platform' | 'arch' | 'env'>, tried: string[]): string {
  const lead = `No Chromium or Chrome for the docs test: CHROMIUM_PATH is not set, none of ${tried.join(', ')} exists`;
  const setPath = 'or set CHROMIUM_PATH to a Chromium or Chrome binary. No browser is downloaded at test time.';
  if (packagedChromiumRuns(host.platform, host.arch)) {
    return (
      `${lead}, and ${PACKAGED_CHROMIUM} (a devDependency) is not installed. Run \`npm ci\`, which installs it, ` +
      `or install a system Chromium (Debian/Ubuntu: \`sudo apt-get install chromium\`), ${setPath}`
    );
  }
  const packagedNote = `, and ${PACKAGED_CHROMIUM} ships a browser for Linux x64 only (this is ${host.platform} ${host.arch})`;
  if (host.platform === 'darwin') {
    return (
      `${lead}${packagedNote}. Install Google Chrome (https://www.google.com/chrome/) into /Applications, ` +
      `or \`brew install --cask chromium\`, ${setPath}`
    );
  }
  if (host.platform === 'win32') {
    return `${lead}${packagedNote}. Install Google Chrome (https://www.google.com/chrome/), ${setPath}`;
  }
  return `${lead}${packagedNote}. Install your distribution's Chromium (Debian/Ubuntu: \`sudo apt-get install chromium\`), ${setPath}`;
}

/**
 * The lookup order, without touching the disk beyond `exists`: CHROMIUM_PATH, then the system installs, then the
 * packaged Chromium (which still has to be unpacked). A CHROMIUM_PATH that points nowhere is an error, not a reason
 * to quietly use another browser.
 */
export function locateChromium(host: LookupHost): ChromiumChoice | { packaged: PackagedChromium } {
  const override = host.env.CHROMIUM_PATH;
  if (override) {
    if (!host.exists(override)) throw new Error(`CHROMIUM_PATH is set to ${override}, which does not exist.`);
    return { path: override, source: 'CHROMIUM_PATH' };
  }
  const tried = systemChromiumPaths(host.platform, host.env);
  const system = tried.find((path) => host.exists(path));
  if (system) return { path: system, source: 'system' };
  if (host.packaged && packagedChromiumRuns(host.platform, host.arch)) return { packaged: host.packaged };
  throw new Error(missingChromiumMessage(host, tried));
}

/** The installed package, found the way Node finds packages (the nearest node_modules up from here), or undefined. */
export function findPackagedChromium(from = dirname(fileURLToPath(import.meta.url))): PackagedChromium | undefined {
  for (let dir = from; ; dir = dirname(dir)) {
    const manifest = join(dir, 'node_modules', ...PACKAGED_CHROMIUM.split('/'), 'package.json');
    if (existsSync(manifest)) return { dir: dirname(manifest), version: JSON.parse(readFileSync(manifest, 'utf8')).version };
    if (dirname(dir) === dir) return undefined;
  }
}

/** This project's node_modules/.cache: `npm ci` empties it, so a binary never outlives the package version it came from. */
const cacheDir = fileURLToPath(new URL('../../node_modules/.cache/docs-chromium/', import.meta.url));

/**
 * Unpacks the package's `bin/chromium.br` once per version. The package's own `executablePath()` is not used: it
 * unpacks to a fixed `/tmp/chromium` shared by every project and version (an older one left there is reused without
 * a word) and also spreads fonts and SwiftShader libraries into /tmp, which this test needs neither of (the GPU is
 * off, the system's fonts are used). The binary is written under a name of its own and renamed into place, so two
 * test files unpacking at once never start a half-written file.
 */
export async function unpackPackagedChromium(packaged: PackagedChromium, root = cacheDir): Promise<string> {
  const target = join(root, packaged.version, 'chromium');
  if (existsSync(target)) return target;
  mkdirSync(dirname(target), { recursive: true });
  const partial = `${target}.${process.pid}.${Date.now()}.partial`;
  try {
    const compressed = createReadStream(join(packaged.dir, 'bin', 'chromium.br'));
    await pipeline(compressed, createBrotliDecompress(), createWriteStream(partial, { mode: 0o755 }));
    renameSync(partial, target);
  } finally {
    rmSync(partial, { force: true });
  }
  return target;
}

export function thisMachine(): LookupHost {
  return { platform: process.platform, arch: process.arch, env: process.env, exists: existsSync, packaged: findPackagedChromium() };
}

/** The browser for this machine, unpacking the packaged one when it is the one chosen. */
export async function findChromium(host: LookupHost = thisMachine()): Promise<ChromiumChoice> {
  const located = locateChromium(host);
  if ('path' in located) return located;
  return { path: await unpackPackagedChromium(located.packaged), source: `${PACKAGED_CHROMIUM} ${located.packaged.version}` };
}
