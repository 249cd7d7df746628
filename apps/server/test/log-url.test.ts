/**
 * The request log line never holds a credential carried in the address (issue 13): the
 * sandbox QR's single-use token opens and pays an order until it is used.
 */
import { describe, expect, it } from 'vitest';
import { logUrl } from '../src/http/log-url.js';

describe('logUrl', () => {
  it('hides the sandbox token, signatures and tokens, and keeps the rest', () => {
    expect(logUrl('/api/pay/sandbox/JQ2026112500000000000001?t=abcDEF_123-xyz')).toBe(
      '/api/pay/sandbox/JQ2026112500000000000001?t=***',
    );
    expect(logUrl('/api/uploads/files/a/b.png?exp=1795600000&sig=deadbeef')).toBe(
      '/api/uploads/files/a/b.png?exp=1795600000&sig=***',
    );
    expect(logUrl('/api/x?page=2&%74=secret&Token=s&code=wx&q=a%20b')).toBe(
      '/api/x?page=2&%74=***&Token=***&code=***&q=a%20b',
    );
    expect(logUrl('/api/health')).toBe('/api/health');
    expect(logUrl('/api/x?t&%E0=1')).toBe('/api/x?t&%E0=1');
  });
});
