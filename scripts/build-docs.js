// Render the bundled contract as one self-contained HTML page: generated/docs/index.html. Redocly's build-docs does
// the rendering (Redoc, with its script inlined so the page works offline); this step only adds the decisions of
// docs/decisions.md to the overview, names the decision behind each decided constraint (`x-decision`), writes server variables' defaults into the server URLs, pins the Redoc
// options, swaps the one remote image Redoc would load for an inline one, adds two layout fixes (READING_STYLES), and
// puts the "generated" notice at the top.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GENERATED_NOTICE, projectRoot, resolveGeneratedDir } from './generated-dir.js';

/**
 * The bundled contract as far as this step reads it.
 * @typedef {{
 *   info: { description: string, [key: string]: unknown },
 *   servers?: Array<{ url: string, variables?: Record<string, { default?: string }> }>,
 *   [key: string]: unknown,
 * }} BundledContract
 */

const redocly = join(projectRoot, 'node_modules', '.bin', 'redocly');
const decisionsPath = join(projectRoot, 'docs', 'decisions.md');

// Redoc 3 collapses nested schemas and JSON samples by default; a reader should see every field without clicking.
// Its code-sample menu lists only the languages named here, each matched to an x-codeSamples entry by label, and
// shows the first one. The curl comes first: copying a request that works is what most readers come for, and the
// request examples (Payload) stay one pick away, with the examples menu that the fixed-body samples do not follow.
const REDOC_OPTIONS = {
  schemasExpansionLevel: 'all',
  jsonSamplesExpandLevel: 'all',
  codeSamples: {
    languages: [
      { lang: 'bash', label: 'curl' },
      { lang: 'typescript', label: 'TypeScript' },
      { lang: 'python', label: 'Python' },
      { lang: 'json', label: 'Payload' },
    ],
  },
};

// Redoc's sidebar shows a "Redocly" attribution image fetched from a CDN. An offline page must not fetch anything,
// so each URL is replaced with an inline SVG that keeps the attribution.
const ATTRIBUTION_LOGO = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" width="52" height="14" viewBox="0 0 52 14">' +
    '<text x="0" y="11" font-family="sans-serif" font-size="11" font-weight="600" fill="#5f6b7a">Redocly</text></svg>',
)}`;
const REMOTE_LOGOS = ['https://cdn.redoc.ly/redoc/logo-mini-full.svg', 'https://cdn.redoc.ly/redoc/logo-mini.svg'];

/**
 * @param {string} message
 * @returns {never}
 */
function fail(message) {
  console.error(`build-docs: ${message}`);
  process.exit(1);
}

/**
 * @param {string} generatedDir
 * @returns {BundledContract}
 */
function readBundle(generatedDir) {
  const bundlePath = join(generatedDir, 'openapi.json');
  if (!existsSync(bundlePath)) fail(`${bundlePath} is missing; run \`npm run build:bundle\` first.`);
  const { 'x-generated': _notice, ...document } = JSON.parse(readFileSync(bundlePath, 'utf8'));
  return document;
}

/**
 * The decisions table of docs/decisions.md as a Markdown list, which reads better than a 4-column table in Redoc's
 * narrow middle column.
 * @param {string} markdown
 */
function renderDecisionsList(markdown) {
  const rows = markdown.split('\n').filter((line) => /^\|\s*D\d+\s*\|/.test(line));
  if (rows.length === 0) fail(`no decision rows (| D1 | … |) found in ${decisionsPath}.`);
  return rows
    .map((row) => {
      const cells = row
        .trim()
        .replace(/^\|/, '')
        .replace(/\|$/, '')
        .split(' | ')
        .map((cell) => cell.trim());
      if (cells.length !== 4) fail(`expected 4 cells (#, open point, decision, reason) in ${decisionsPath}, got ${cells.length}: ${row}`);
      const [id, openPoint, decision, reason] = cells;
      return `- **${id}. ${openPoint}.** ${decision} *Why:* ${reason}`;
    })
    .join('\n');
}

/**
 * Appends the decisions list to the "## Decisions" section of info.description.
 * @param {BundledContract} document
 * @param {string} decisionsMarkdown
 * @returns {BundledContract}
 */
function addDecisions(document, decisionsMarkdown) {
  const description = document.info.description;
  const heading = description.indexOf('\n## Decisions\n');
  if (heading === -1) fail('info.description in openapi/openapi.yaml has no "## Decisions" section to add the decisions to.');
  const next = description.indexOf('\n## ', heading + 1);
  const end = next === -1 ? description.length : next;
  const list = `\n${renderDecisionsList(decisionsMarkdown)}\n`;
  return {
    ...document,
    info: { ...document.info, description: `${description.slice(0, end).trimEnd()}\n${list}${description.slice(end)}` },
  };
}

/**
 * Every element whose constraint comes from a decision carries `x-decision: D<n>`; Redoc does not show extensions
 * of every object kind, so the rendered copy ends the element's description with "Decision D<n>." instead.
 * @param {any} node any part of the contract (untyped JSON)
 * @returns {any} a copy of it
 */
function showDecisionLinks(node) {
  if (Array.isArray(node)) return node.map(showDecisionLinks);
  if (!node || typeof node !== 'object') return node;
  const copy = Object.fromEntries(
    Object.entries(node).map(([key, value]) => [key, key.startsWith('x-') ? value : showDecisionLinks(value)]),
  );
  const decision = node['x-decision'];
  if (typeof decision === 'string') {
    const mark = `*Decision ${decision}* (see Decisions in the overview).`;
    copy.description = copy.description ? `${copy.description.trimEnd()}\n\n${mark}` : mark;
  }
  return copy;
}

/**
 * Redoc resolves a server URL that starts with a variable (`{base_url}`) against the page's own address, so a reader
 * would see a file path. The copy rendered here shows each variable's default in the URL; the variables stay listed.
 * @param {BundledContract} document
 * @returns {BundledContract}
 */
function fillServerVariables(document) {
  const servers = (document.servers ?? []).map((server) => ({
    ...server,
    url: server.url.replace(/\{([^}]+)\}/g, (placeholder, name) => server.variables?.[name]?.default ?? placeholder),
  }));
  return { ...document, servers };
}

/**
 * @param {BundledContract} document
 * @returns {string} the HTML page
 */
function renderWithRedocly(document) {
  const workDir = mkdtempSync(join(tmpdir(), 'checkout-docs-'));
  const input = join(workDir, 'openapi.json');
  const output = join(workDir, 'index.html');
  try {
    writeFileSync(input, JSON.stringify(document));
    const args = ['build-docs', input, '--output', output, '--inlineBundle', '--title', 'Checkout API reference'];
    execFileSync(redocly, [...args, '--openapi', JSON.stringify(REDOC_OPTIONS)], {
      cwd: projectRoot,
      // Telemetry off also keeps the page reproducible: the flag is written into the page.
      env: { ...process.env, REDOCLY_TELEMETRY: 'off' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    return readFileSync(output, 'utf8');
  } catch (error) {
    // execFileSync's error carries the child's stderr (piped above).
    const { stderr, message } = /** @type {Error & { stderr?: Buffer }} */ (error);
    fail(`redocly build-docs failed:\n${stderr ?? message}`);
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
}

/** @param {string} html */
function inlineRemoteLogos(html) {
  let result = html;
  for (const url of REMOTE_LOGOS) {
    if (!result.includes(url)) fail(`the Redoc bundle no longer references ${url}; check for other remote assets and update REMOTE_LOGOS.`);
    result = result.split(url).join(ATTRIBUTION_LOGO);
  }
  if (/<(script|link)[^>]+(src|href)="https?:/i.test(result)) fail('the page loads a remote script or stylesheet; it must render offline.');
  return result;
}

// Two fixes to Redoc's layout, checked in the browser test at 1280 px: the copy button of a code sample floats over
// the sample's top right corner, where a long first line (the curl's comment) runs under it, so the sample starts
// below the button; and a code block of the overview keeps its lines whole in the narrow middle column, scrolling
// sideways, so it wraps them instead (a copy still gives the lines as written: a wrap is not a line break).
// `!important` because Redoc's own rules for these elements have the same specificity and come later.
const READING_STYLES = [
  '[data-component-name="CodeBlock/CodeBlock"] pre[data-testid="source-code"] { padding-top: 32px !important; }',
  '[data-component-name="Markdown/Markdown"] pre { white-space: pre-wrap !important; overflow-wrap: anywhere; }',
].join('\n');

/** @param {string} html */
function addReadingStyles(html) {
  const end = html.indexOf('</head>');
  if (end === -1) fail('redocly build-docs output has no </head> to add the reading styles before.');
  return `${html.slice(0, end)}<style>\n${READING_STYLES}\n</style>\n${html.slice(end)}`;
}

/** @param {string} html */
function addNotice(html) {
  const doctype = '<!DOCTYPE html>\n';
  if (!html.startsWith(doctype)) fail('redocly build-docs output does not start with <!DOCTYPE html>.');
  const notice = `<!-- ${GENERATED_NOTICE} Built by \`npm run build:docs\` (scripts/build-docs.js) from generated/openapi.json and docs/decisions.md. -->\n`;
  return doctype + notice + html.slice(doctype.length);
}

const generatedDir = resolveGeneratedDir();
const document = fillServerVariables(showDecisionLinks(addDecisions(readBundle(generatedDir), readFileSync(decisionsPath, 'utf8'))));
const html = addNotice(addReadingStyles(inlineRemoteLogos(renderWithRedocly(document))));
const docsDir = join(generatedDir, 'docs');
mkdirSync(docsDir, { recursive: true });
writeFileSync(join(docsDir, 'index.html'), html);
console.log(`rendered the API reference into ${join(docsDir, 'index.html')} (${Math.round(Buffer.byteLength(html) / 1024)} KiB)`);
