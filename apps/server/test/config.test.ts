import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';

describe('configuration', () => {
  it('defaults to port 8080, the ./data folder and the embedded engines', () => {
    const config = loadConfig({});
    expect(config.port).toBe(8080);
    expect(config.dataDir.endsWith('/data')).toBe(true);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.redis).toBeUndefined();
    expect(config.storage).toBeUndefined();
    expect(config.product).toBe('jq');
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).databaseUrl).toBeUndefined();
  });

  it('names the bad variable when a value is invalid', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ REDIS_URL: 'http://x' })).toThrow(/REDIS_URL/);
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
  });

  it('requires credentials when an S3 bucket is configured', () => {
    expect(() => loadConfig({ STORAGE_BUCKET: 'b' })).toThrow(/STORAGE_ACCESS_KEY/);
    const config = loadConfig({ STORAGE_BUCKET: 'b', STORAGE_ACCESS_KEY: 'k', STORAGE_SECRET_KEY: 's' });
    expect(config.storage?.bucket).toBe('b');
  });
});
