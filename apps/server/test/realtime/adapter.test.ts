import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';
import { adapterKind } from '../../src/realtime/adapter.js';

const config = (env: Record<string, string>) => loadConfig({ NODE_ENV: 'test', ...env });

describe('adapterKind (docs/decisions/0023)', () => {
  it('defaults to memory, and to redis when REDIS_URL is set', () => {
    expect(adapterKind(config({}))).toBe('memory');
    expect(adapterKind(config({ REDIS_URL: 'redis://127.0.0.1:6379' }))).toBe('redis');
    expect(adapterKind(config({ REDIS_URL: 'redis://127.0.0.1:6379', REALTIME_ADAPTER: 'memory' }))).toBe('memory');
    expect(adapterKind(config({ DATABASE_URL: 'postgres://x@127.0.0.1/db', REALTIME_ADAPTER: 'postgres' }))).toBe(
      'postgres',
    );
  });

  it('refuses to start with an adapter that cannot work, in one clear message', () => {
    expect(() => adapterKind(config({ REALTIME_ADAPTER: 'postgres' }))).toThrow(ConfigError);
    expect(() => adapterKind(config({ REALTIME_ADAPTER: 'postgres' }))).toThrow(/needs DATABASE_URL/);
    expect(() => adapterKind(config({ REALTIME_ADAPTER: 'redis' }))).toThrow(/needs REDIS_URL/);
    expect(() => config({ REALTIME_ADAPTER: 'kafka' })).toThrow(/REALTIME_ADAPTER/);
    expect(() => config({ REDIS_URL: 'not a url' })).toThrow(/REDIS_URL/);
  });
});
