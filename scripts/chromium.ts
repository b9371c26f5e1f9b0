// The Chromium the browser suites drive, found without downloading anything: CHROMIUM_PATH when it names an
// executable, else Debian's /usr/bin/chromium, else the build that the @sparticuz/chromium dev dependency ships inside
// the npm package (brotli-compressed), unpacked once into the temp folder. Used by playwright.config.ts and
// scripts/test.ts.
import { accessSync, constants, existsSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { LaunchOptions } from '@playwright/test';
import { config } from '../src/server/config.ts';

export const SYSTEM_CHROMIUM = '/usr/bin/chromium';

export interface TestBrowser {
  executablePath: string;
  /** Variables the browser process needs on top of the caller's environment (the packaged build's own). */
  env: Record<string, string>;
  /** Which browser this is, for the line the test run prints. */
  description: string;
}

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * Playwright's launch options for the browser: the flags keep it off the network this machine does not have. The
 * package's own flags are for serverless hosts and are not taken: --single-process closes the browser with its
 * first context, --disable-web-security would hide the same-origin rules the store depends on.
 */
export function launchOptions(browser: TestBrowser): LaunchOptions {
  return {
    executablePath: browser.executablePath,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
    ...(Object.keys(browser.env).length > 0 && { env: { ...process.env, ...browser.env } }),
  };
}

export async function resolveTestBrowser(configured = config().CHROMIUM_PATH): Promise<TestBrowser> {
  if (configured !== undefined && isExecutable(configured)) {
    return { executablePath: configured, env: {}, description: `${configured} (CHROMIUM_PATH)` };
  }
  // A CHROMIUM_PATH that names no executable (an .env written for another machine) falls through, and says so.
  const ignored = configured === undefined ? '' : `; CHROMIUM_PATH=${configured} is not an executable file`;
  if (isExecutable(SYSTEM_CHROMIUM)) {
    return { executablePath: SYSTEM_CHROMIUM, env: {}, description: `${SYSTEM_CHROMIUM}${ignored}` };
  }
  const packaged = await unpackPackagedChromium();
  return { ...packaged, description: `${packaged.description}${ignored}` };
}

/**
 * Unpacks @sparticuz/chromium's browser, NSS libraries and fonts into TMPDIR/storefront-chromium-<version>, once
 * per version: a staging folder renamed into place, so runs started side by side never see half a binary, and a
 * new version never reuses an old one (the package's own cache, TMPDIR/chromium, has neither property).
 */
async function unpackPackagedChromium(): Promise<TestBrowser> {
  const require = createRequire(import.meta.url);
  let entry: string;
  try {
    entry = require.resolve('@sparticuz/chromium');
  } catch {
    throw new Error(`${SYSTEM_CHROMIUM} is missing and the @sparticuz/chromium dev dependency is not installed (npm install).`);
  }
  const packageDir = join(dirname(entry), '..');
  const { version } = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as { version: string };
  const dir = join(tmpdir(), `storefront-chromium-${version}`);
  const binary = join(dir, 'chromium');
  const env = {
    // The build links NSS and NSPR dynamically; a machine without a browser rarely has them, so the package's own
    // copies (built for Amazon Linux 2023, glibc 2.34) come first.
    LD_LIBRARY_PATH: [join(dir, 'al2023', 'lib'), process.env.LD_LIBRARY_PATH].filter(Boolean).join(':'),
    // The build has fontconfig linked in: the machine's fonts when it has any, and the package's Open Sans always.
    FONTCONFIG_FILE: join(dir, 'fonts.conf'),
  };
  const description = `${binary} (@sparticuz/chromium ${version})`;
  if (existsSync(binary)) return { executablePath: binary, env, description };

  if (process.arch !== 'x64' || process.platform !== 'linux') {
    throw new Error(
      `${SYSTEM_CHROMIUM} is missing and @sparticuz/chromium ships a Linux x64 build only (this is ${process.platform} ${process.arch}).`,
    );
  }
  const { default: chromium, inflate } = await import('@sparticuz/chromium');
  const staging = mkdtempSync(`${dir}-unpacking-`);
  const previousTmp = process.env.TMPDIR;
  try {
    // The package unpacks into os.tmpdir(), which reads TMPDIR at each call.
    process.env.TMPDIR = staging;
    await chromium.executablePath(join(packageDir, 'bin'));
    await inflate(join(packageDir, 'bin', 'al2023.tar.br'));
    writeFileSync(
      join(staging, 'fonts.conf'),
      `<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "fonts.dtd">
<fontconfig>
  <include ignore_missing="yes">/etc/fonts/fonts.conf</include>
  <dir>${join(dir, 'fonts')}</dir>
  <cachedir>${join(dir, 'fonts-cache')}</cachedir>
</fontconfig>
`,
    );
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    throw error;
  } finally {
    if (previousTmp === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previousTmp;
  }
  try {
    renameSync(staging, dir);
  } catch (error) {
    // Another run unpacked the same version first: use its copy.
    rmSync(staging, { recursive: true, force: true });
    if (!existsSync(binary)) throw error;
  }
  return { executablePath: binary, env, description };
}
