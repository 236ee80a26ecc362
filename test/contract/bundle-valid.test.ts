import SwaggerParser from '@apidevtools/swagger-parser';
import { describe, expect, it } from 'vitest';

const bundles = ['generated/openapi.yaml', 'generated/openapi.json', 'generated/openapi.dereferenced.json'];

describe('the bundled contract', () => {
  it.each(bundles)('%s is a valid OpenAPI 3.1 document', async (file) => {
    const api = (await SwaggerParser.validate(file)) as any;
    expect(api.openapi).toBe('3.1.0');
    expect(Object.keys(api.paths)).toEqual(['/api/v1/checkouts/']);
    expect(api.paths['/api/v1/checkouts/'].post.operationId).toBe('createCheckout');
  });

  it('the dereferenced variant holds no $ref at all', async () => {
    const { readFileSync } = await import('node:fs');
    expect(readFileSync('generated/openapi.dereferenced.json', 'utf8')).not.toContain('"$ref"');
  });

  it('servers hold production only, a host with no path, and the path carries /api/v1 with its trailing slash', async () => {
    const api = (await SwaggerParser.parse('generated/openapi.yaml')) as any;
    for (const server of api.servers) {
      const resolved = server.url.replace(/\{(\w+)\}/g, (_: string, name: string) => server.variables[name].default);
      expect(new URL(resolved).pathname).toBe('/');
    }
    // The public bundle lists production only: the local mock's entry is x-internal, removed by Redocly (issue 30).
    expect(api.servers.map((s: any) => s.url)).toEqual(['{base_url}']);
    expect(api.servers.map((s: any) => s['x-internal'])).toEqual([false]);
  });
});
