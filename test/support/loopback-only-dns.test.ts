// The guard that keeps every test on loopback (loopback-only-dns.js) must itself fail when a name off loopback is
// looked up, in the test process and in a child the suites start, or it would prove nothing.
import dns from 'node:dns';
import { describe, expect, it } from 'vitest';
import { REFUSAL_MARKER, takeRefusedLookups } from './loopback-only-dns.js';
import { startProcess, waitForOutput } from './processes.js';

describe('the loopback-only DNS guard', () => {
  it('refuses a lookup of a name off loopback in the test process, as ENOTFOUND, and records it', async () => {
    const error = await new Promise<NodeJS.ErrnoException | null>((resolve) =>
      dns.lookup('guard-check.example.org', (failure) => resolve(failure)),
    );
    expect(error?.code).toBe('ENOTFOUND');
    await expect(dns.promises.lookup('guard-check.example.net')).rejects.toMatchObject({ code: 'ENOTFOUND' });
    // Taken here, so that the suite's own check after each test does not fail this one.
    expect(takeRefusedLookups()).toEqual(['guard-check.example.org', 'guard-check.example.net']);
  });

  it('lets localhost and IP literals through', async () => {
    const { address } = await dns.promises.lookup('127.0.0.1');
    expect(address).toBe('127.0.0.1');
    expect(takeRefusedLookups()).toEqual([]);
  });

  it('makes a child that looked up such a name fail its suite when stopped', async () => {
    const script = "require('node:dns').lookup('guard-check.example.com', () => console.log('looked up'))";
    const child = startProcess(process.execPath, ['-e', `${script}; setInterval(() => {}, 1000)`]);
    await waitForOutput(child, /looked up/);
    expect(child.output()).toContain(`${REFUSAL_MARKER} guard-check.example.com`);
    await expect(child.stop()).rejects.toThrow(`the process looked up names off loopback:\n${REFUSAL_MARKER} guard-check.example.com`);
  });
});
