// The rendered reference, opened from disk in headless Chromium with the network refused: it must render offline
// and show a reader everything the contract says, nested fields and examples included.
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  codeSamples,
  completedCallbackOperation,
  contract,
  createOperation,
  listSchemaFields,
  mediaSchema,
  namedExamples,
  resolveRef,
  type SchemaField,
} from './contract-fields.js';
import { growViewportToPage, type OfflinePage, openOfflinePage, scrollUntilRendered, waitForPaint } from './offline-chromium.js';

// How long Redoc may take to render what a click shows: a bound, not a measure. The suite runs four files at once on
// two cores, and a loaded machine once took over 10 s to render the 2.6 MB page's 422 table (CI, Node 22).
const RENDER_BOUND_MS = 45_000;

const docsPath = fileURLToPath(new URL('../../generated/docs/index.html', import.meta.url));
const docsUrl = pathToFileURL(docsPath).href;
const decisionsPath = fileURLToPath(new URL('../../docs/decisions.md', import.meta.url));
const screenshotDir = fileURLToPath(new URL('../../test-output/docs/', import.meta.url));
const OPERATION = 'checkouts/createcheckout';
const CALLBACK = 'cb=checkoutcompleted/post';
const VIEWPORT = { width: 1400, height: 900 };

let offline: OfflinePage;
let page: Page;

interface RenderedRow {
  name: string;
  visible: boolean;
}

/** Every schema row on the page, keyed by its deep-link id without Redoc's `&oneof=N` branch markers, lower case. */
async function collectSchemaRows(): Promise<Map<string, RenderedRow>> {
  const rows = await page.evaluate(() =>
    Array.from(document.querySelectorAll('.schema-property-item')).map((element) => {
      const box = element.getBoundingClientRect();
      return {
        id: element.id,
        name: element.querySelector('.schema-name')?.textContent ?? '',
        visible: box.width > 0 && box.height > 0 && element.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true }),
      };
    }),
  );
  return new Map(rows.map(({ id, ...row }) => [id.replace(/&oneof=\d+/g, '').toLowerCase(), row]));
}

/** The fields that are not shown, each with why; empty when every field is visible under its own name. */
function findHiddenFields(rows: Map<string, RenderedRow>, idPrefix: string, fields: SchemaField[]): string[] {
  return fields.flatMap(({ path, name }) => {
    const row = rows.get(`${idPrefix}${path.toLowerCase()}`);
    if (!row) return [`${path}: not rendered`];
    if (!row.visible) return [`${path}: rendered but hidden`];
    if (row.name !== name) return [`${path}: labelled ${JSON.stringify(row.name)}, not ${JSON.stringify(name)}`];
    return [];
  });
}

/** A heading whose text is exactly `text` (Redoc puts a deep-link anchor inside headings, so their role name differs). */
function heading(text: string): Locator {
  const escaped = text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return page
    .locator('h1, h2, h3')
    .filter({ hasText: new RegExp(`^${escaped}$`) })
    .first();
}

/** The panel (request, response or callback samples) that holds the n-th examples menu of the page. */
function samplePanel(exampleMenuIndex: number): { menu: Locator; panel: Locator } {
  const menu = page.locator('button[aria-label="Example"]').nth(exampleMenuIndex);
  return { menu, panel: menu.locator('xpath=ancestor::div[@data-testid="panel-body"][1]') };
}

/** The language menu of the request samples: in the request panel's header, beside the endpoint menu. */
function requestLanguageMenu(panel: Locator): Locator {
  return panel
    .locator('xpath=..')
    .locator('button[aria-haspopup="menu"]:not([aria-label])')
    .filter({ hasNotText: '/api/v1/checkouts/' })
    .first();
}

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function pickMenuItem(button: Locator, label: string): Promise<void> {
  await button.click();
  await page.getByRole('menuitem', { name: label, exact: true }).click();
}

async function readJsonSample(panel: Locator): Promise<unknown> {
  const text = await panel.locator('pre[data-testid="source-code"]').first().textContent();
  return JSON.parse(text ?? '');
}

function problemTypesByStatus(): { status: string; slug: string }[] {
  return Object.entries(createOperation.responses)
    .filter(([status]) => !/^2/.test(status))
    .flatMap(([status, response]) => {
      const media = resolveRef(response).content['application/problem+json'];
      const values = media.example ? [media.example] : Object.values(media.examples).map((example: any) => resolveRef(example).value);
      return values.map((value: any) => ({ status, slug: value.type.slice(value.type.lastIndexOf('/') + 1) }));
    });
}

beforeAll(async () => {
  if (!existsSync(docsPath)) throw new Error(`${docsPath} is missing; run \`npm run docs\` to build it.`);
  offline = await openOfflinePage(docsUrl, VIEWPORT);
  // Which browser ran (CHROMIUM_PATH, the system's or the npm package's), so a log shows what was tested.
  console.info(`docs browser: ${offline.browser.source} (${offline.browser.path})`);
  page = offline.page;
  await page.goto(docsUrl, { waitUntil: 'load' });
  // The attribution logo is drawn only once the page has hydrated, so links work from then on.
  await page.locator('img[alt="redocly logo"]').waitFor({ state: 'visible' });
});

afterAll(async () => {
  await offline?.close();
});

describe('the overview', () => {
  const description: string = (contract.info as any).description;
  const headings = description
    .split('\n')
    .filter((line) => /^#{2,3} /.test(line))
    .map((line) => line.replace(/^#+ /, ''));

  it('has the sections a reader needs, each shown as a heading', async () => {
    expect(headings).toEqual(
      expect.arrayContaining(['The flow', 'Authentication', 'Errors', 'Callbacks', 'Verifying the signature', 'Versioning', 'Decisions']),
    );
    for (const text of headings) {
      await expect(heading(text).isVisible(), text).resolves.toBe(true);
    }
  });

  it('explains the Api-Key scheme', async () => {
    const authentication = await heading('Authentication').boundingBox();
    const example = page.getByText('Authorization: Api-Key <API_KEY>', { exact: true }).first();
    await expect(example.isVisible()).resolves.toBe(true);
    // It sits in the Authentication section: below its heading, above the next one.
    const nextHeading = headings[headings.indexOf('Authentication') + 1];
    const [exampleBox, nextBox] = [await example.boundingBox(), await heading(nextHeading).boundingBox()];
    expect(exampleBox!.y).toBeGreaterThan(authentication!.y);
    expect(exampleBox!.y).toBeLessThan(nextBox!.y);
  });

  it('lists every error status of the operation with its problem type', async () => {
    const missing: string[] = [];
    for (const { status, slug } of problemTypesByStatus()) {
      const row = page
        .locator('tr')
        .filter({ has: page.getByRole('cell', { name: status, exact: true }) })
        .filter({ hasText: slug });
      if (!(await row.first().isVisible())) missing.push(`${status} ${slug}`);
    }
    expect(missing).toEqual([]);
  });

  it('shows every decision of docs/decisions.md', async () => {
    const decisions = readFileSync(decisionsPath, 'utf8')
      .split('\n')
      .filter((line) => /^\|\s*D\d+\s*\|/.test(line))
      .map((line) => line.split('|').map((cell) => cell.trim()))
      .map(([, id, openPoint]) => `${id}. ${openPoint.replace(/`/g, '')}.`);
    expect(decisions.map((label) => label.split('.')[0])).toEqual(Array.from({ length: 29 }, (_, index) => `D${index + 1}`));
    const missing: string[] = [];
    for (const label of decisions) {
      if (!(await page.getByText(label, { exact: true }).first().isVisible())) missing.push(label);
    }
    expect(missing).toEqual([]);
  });
});

describe('the create operation', () => {
  beforeAll(async () => {
    await page.getByRole('link', { name: 'Checkouts', exact: true }).first().click();
    await page.getByRole('link', { name: createOperation.summary }).first().click();
    await heading(createOperation.summary).waitFor({ state: 'visible' });
    await scrollUntilRendered(page);
  }, 120_000);

  it('shows the method, path and summary', async () => {
    expect(new URL(page.url()).hash).toBe(`#/${OPERATION}`);
    await expect(heading(createOperation.summary).isVisible()).resolves.toBe(true);
    const endpoint = page.locator('button[aria-haspopup="menu"]', { hasText: '/api/v1/checkouts/' }).first();
    await expect(endpoint.textContent()).resolves.toBe('POST/api/v1/checkouts/');
    await expect(endpoint.isVisible()).resolves.toBe(true);
  });

  it('shows every request field, nested ones expanded', async () => {
    const fields = listSchemaFields(mediaSchema(createOperation.requestBody));
    expect(fields.map((field) => field.name)).toEqual(
      expect.arrayContaining(['invoice_items', 'price_data', 'product_data', 'unit_amount', 'paymentMethodDetail', 'network']),
    );
    expect(findHiddenFields(await collectSchemaRows(), `${OPERATION}/t=request&path=`, fields)).toEqual([]);
  });

  // D1: 200 and 201 share one response; the page opens on the first, 200, and shows the record there in full.
  it('shows every field of the success record (200 and 201 share it), nested ones expanded', async () => {
    expect(createOperation.responses['200']).toEqual(createOperation.responses['201']);
    const fields = listSchemaFields(mediaSchema(resolveRef(createOperation.responses['201'])));
    expect(fields.map((field) => field.name)).toEqual(
      expect.arrayContaining(['merchant', 'invoiceItems', 'paymentMethodOptions', 'networks', 'url']),
    );
    expect(findHiddenFields(await collectSchemaRows(), `${OPERATION}/t=response&c=200&path=`, fields)).toEqual([]);
  });

  it('shows the Idempotency-Key header', async () => {
    const headers = createOperation.parameters.map(resolveRef).map((parameter: any) => ({ path: parameter.name, name: parameter.name }));
    expect(findHiddenFields(await collectSchemaRows(), `${OPERATION}/t=request&in=headers&path=`, headers)).toEqual([]);
  });

  it('shows the Api-Key security scheme with its header', async () => {
    const scheme = contract.components.securitySchemes.ApiKey;
    await page.getByText('View security details').first().click();
    // Redoc's modal has no dialog role: it is the box around the close button.
    const close = page.locator('button:has([data-component-name="icons/CloseIcon/CloseIcon"])');
    const modal = close.locator('xpath=..');
    await modal.waitFor({ state: 'visible' });
    await expect(modal.getByText('ApiKey', { exact: true }).isVisible()).resolves.toBe(true);
    await expect(modal.getByText('Authorization: Api-Key <API_KEY>').isVisible()).resolves.toBe(true);
    await expect(modal.getByText(scheme.name, { exact: true }).last().isVisible()).resolves.toBe(true);
    await close.click();
    await modal.waitFor({ state: 'hidden' });
  });

  it('renders each named request example exactly as the contract has it', async () => {
    const examples = namedExamples(createOperation.requestBody);
    expect(examples.map((example) => example.name)).toEqual(['usdtOnTron', 'upperCaseCodes', 'mixedCurrencies']);
    const { menu, panel } = samplePanel(0);
    // The curl is shown first; the request examples are the Payload entry of the language menu.
    await pickMenuItem(requestLanguageMenu(panel), 'Payload');
    for (const example of examples) {
      await pickMenuItem(menu, example.summary);
      await expect(readJsonSample(panel), example.name).resolves.toEqual(example.value);
    }
  });

  it('renders each named 201 response example exactly as the contract has it', async () => {
    const examples = namedExamples(resolveRef(createOperation.responses['201']));
    expect(examples.map((example) => example.name)).toEqual(['usdtOnTron', 'upperCaseCodes', 'mixedCurrencies']);
    const { menu, panel } = samplePanel(1);
    for (const example of examples) {
      await pickMenuItem(menu, example.summary);
      await expect(readJsonSample(panel), example.name).resolves.toEqual(example.value);
    }
  });

  it('offers the curl, TypeScript and Python code samples, each shown in full', async () => {
    const samples = codeSamples();
    expect(samples.map((sample) => sample.label)).toEqual(['curl', 'TypeScript', 'Python']);
    const { panel } = samplePanel(0);
    const languageMenu = requestLanguageMenu(panel);
    for (const sample of samples) {
      await pickMenuItem(languageMenu, sample.label);
      await expect(languageMenu.textContent()).resolves.toBe(sample.label);
      const shown = await panel.locator('pre[data-testid="source-code"]').first().textContent();
      expect(shown?.trim(), sample.label).toBe(sample.source.trim());
    }
    await pickMenuItem(languageMenu, 'curl');
  });
});

describe('the completion callback', () => {
  const callback = completedCallbackOperation();

  beforeAll(async () => {
    await page.getByText(callback.summary, { exact: true }).first().click();
    await scrollUntilRendered(page);
  }, 120_000);

  it('shows the three Standard Webhooks headers', async () => {
    const headers = callback.parameters.map(resolveRef).map((parameter: any) => ({ path: parameter.name, name: parameter.name }));
    expect(headers.map((header: SchemaField) => header.name)).toEqual(['webhook-id', 'webhook-timestamp', 'webhook-signature']);
    expect(findHiddenFields(await collectSchemaRows(), `${OPERATION}/t=request&in=headers&${CALLBACK}&path=`, headers)).toEqual([]);
  });

  it('shows every field of the event body, the checkout in data included', async () => {
    const fields = listSchemaFields(mediaSchema(callback.requestBody));
    expect(fields.map((field) => field.path)).toEqual(
      expect.arrayContaining(['type', 'timestamp', 'data', 'data/status', 'data/invoiceItems']),
    );
    expect(findHiddenFields(await collectSchemaRows(), `${OPERATION}/t=request&${CALLBACK}&path=`, fields)).toEqual([]);
  });

  it('renders the callback example exactly as the contract has it', async () => {
    const [example] = namedExamples(callback.requestBody);
    // The callback's sample panel is headed by its URL expression.
    const panel = page.locator('[data-testid="panel-body"]').locator('xpath=..').filter({ hasText: '{$request.body#/callback_url}' });
    await expect(panel.count()).resolves.toBe(1);
    await expect(readJsonSample(panel)).resolves.toEqual(example.value);
  });
});

// What a reader comes for (required fields, a 422 and its codes, verifying the callback, the retry schedule, copying
// a curl), on a 1280 px screen, landing on the operation's link as it would be shared: no click to see the curl.
describe('at 1280 px, landing on the create operation', () => {
  const WIDE_SCREEN = { width: 1280, height: 900 };
  const [curl] = codeSamples();
  const curlFirstLine = curl.source.trim().split('\n')[0];

  // A page of its own, so the other suites keep theirs; the helpers above read `page`, which points at it meanwhile.
  let landing: OfflinePage;
  let firstPage: Page;

  beforeAll(async () => {
    landing = await openOfflinePage(docsUrl, WIDE_SCREEN, offline.browser);
    firstPage = page;
    page = landing.page;
    await page.goto(`${docsUrl}#/${OPERATION}`, { waitUntil: 'load' });
    await page.locator('img[alt="redocly logo"]').waitFor({ state: 'visible' });
    await heading(createOperation.summary).waitFor({ state: 'visible' });
    await waitForPaint(page);
  }, 120_000);

  it('shows the curl sample on the first screen, without a click', async () => {
    expect(curl.label).toBe('curl');
    const sample = page.locator('pre[data-testid="source-code"]').filter({ hasText: curlFirstLine }).first();
    await expect(sample.isVisible()).resolves.toBe(true);
    await expect(sample.textContent().then((text) => text?.trim())).resolves.toBe(curl.source.trim());
    expect((await sample.boundingBox())!.y).toBeLessThan(WIDE_SCREEN.height);
    await expect(requestLanguageMenu(samplePanel(0).panel).textContent()).resolves.toBe('curl');
  });

  it("the curl's copy button is visible and clear of its first line", async () => {
    const block = page.locator('[data-component-name="CodeBlock/CodeBlock"]').filter({ hasText: curlFirstLine }).first();
    const copy = block.locator('button[aria-label="Copy"]');
    await expect(copy.isVisible()).resolves.toBe(true);
    const [copyBox, firstLine] = [await copy.boundingBox(), await block.locator('pre .line').first().boundingBox()];
    expect(firstLine!.width).toBeGreaterThan(100);
    expect(overlaps(copyBox!, firstLine!), JSON.stringify({ copyBox, firstLine })).toBe(false);
  });

  it('marks the required request fields as required, on the first load', async () => {
    const required: string[] = resolveRef(mediaSchema(createOperation.requestBody)).required;
    expect(required).toEqual(['currency', 'invoice_items']);
    for (const name of ['currency', 'invoice_items', 'client_reference_id']) {
      const row = await page.locator(`[id="${OPERATION}/t=request&path=${name}"]`).textContent();
      expect(row?.includes('required'), `${name}: ${row}`).toBe(required.includes(name));
    }
  });

  it("shows a 422's field codes one click away: the FieldErrorCode table of its response", async () => {
    const response = page.getByRole('tablist', { name: 'Response status' }).getByRole('tab', { name: '422', exact: true });
    await expect(response.isVisible()).resolves.toBe(true);
    // Redoc renders a response's schema as it scrolls into view. On a loaded machine a click can land before the tab
    // listens (CI, Node 22: the table never came), so the tab is clicked and the page scrolled again, up to 3 times.
    const requiredCell = page
      .locator('td > code')
      .filter({ hasText: /^required$/ })
      .filter({ visible: true });
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      await response.scrollIntoViewIfNeeded();
      await response.click();
      await scrollUntilRendered(page);
      if ((await requiredCell.count()) > 0) break;
    }
    // Each code in the first column of the table, as rendered: waitFor fails the test when none becomes visible.
    for (const code of ['required', 'too_small', 'invalid_url', 'currency_pair_unsupported']) {
      const cell = page
        .locator('td > code')
        .filter({ hasText: new RegExp(`^${code}$`) })
        .filter({ visible: true });
      await cell.first().waitFor({ state: 'visible', timeout: RENDER_BOUND_MS });
    }
  }, 120_000);

  it('links verifying the callback and the retry schedule from the sidebar, each one click away', async () => {
    // The sidebar's link (a heading's own anchor has the same href once the overview is rendered).
    const verifying = page.locator('a[href="#/section/verifying-the-signature"]').first();
    const retries = page.locator('a[href="#/section/replies-and-retries"]').first();
    await expect(verifying.isVisible()).resolves.toBe(true);
    await expect(retries.isVisible()).resolves.toBe(true);
    await retries.click();
    const schedule = page.getByText(/after 5 seconds, 5 minutes, 30 minutes, 2 hours/).filter({ visible: true });
    await schedule.first().waitFor({ state: 'visible', timeout: RENDER_BOUND_MS });
    await verifying.click();
    const verifier = page.getByText("import { Webhook } from 'standardwebhooks';").filter({ visible: true });
    await verifier.first().waitFor({ state: 'visible', timeout: RENDER_BOUND_MS });
  }, 120_000);

  it('no code block of the overview scrolls sideways: each fits the middle column', async () => {
    const blocks = await page.evaluate(() =>
      Array.from(document.querySelectorAll('[data-component-name="Markdown/Markdown"] pre')).map((pre) => ({
        start: pre.textContent?.slice(0, 32),
        scrollWidth: pre.scrollWidth,
        clientWidth: pre.clientWidth,
      })),
    );
    expect(blocks.map((block) => block.start)).toEqual(
      expect.arrayContaining(['Authorization: Api-Key <API_KEY>', "import { Webhook } from 'standar"]),
    );
    expect(blocks.filter((block) => block.scrollWidth > block.clientWidth)).toEqual([]);
  });

  it('raised no error and needed no network either', () => {
    expect([...landing.pageErrors, ...landing.consoleErrors, ...landing.refusedRequests]).toEqual([]);
  });

  afterAll(async () => {
    page = firstPage;
    await landing?.close();
  });
});

describe('the page as a whole', () => {
  it('is saved as full-page and first-screen screenshots for a person to look at', async () => {
    mkdirSync(screenshotDir, { recursive: true });
    await growViewportToPage(page, VIEWPORT.width);
    const fullPage = await page.screenshot({ path: `${screenshotDir}reference-full.png`, fullPage: true });
    expect(fullPage.byteLength).toBeGreaterThan(500_000);
    await page.setViewportSize(VIEWPORT);
    await page.getByRole('link', { name: createOperation.summary }).first().click();
    await heading(createOperation.summary).waitFor({ state: 'visible' });
    await waitForPaint(page);
    const firstScreen = await page.screenshot({ path: `${screenshotDir}reference-operation.png` });
    expect(firstScreen.byteLength).toBeGreaterThan(50_000);
  }, 120_000);

  it('raised no page error and logged no console error', () => {
    expect(offline.pageErrors).toEqual([]);
    expect(offline.consoleErrors).toEqual([]);
  });

  it('needed no network: every request other than the file itself was refused, and there were none', () => {
    expect(offline.refusedRequests).toEqual([]);
  });
});
