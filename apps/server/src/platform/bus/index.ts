/**
 * The bus port: publish/subscribe between the parts of one process (in memory) or
 * between server processes (Redis pub/sub when REDIS_URL is set). Messages are JSON.
 */
import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';
import type { RedisConfig } from '../../config.js';

export type BusHandler = (message: unknown) => void;
export type Unsubscribe = () => Promise<void>;

export interface BusPort {
  engine: 'memory' | 'redis';
  publish(channel: string, message: unknown): Promise<void>;
  subscribe(channel: string, handler: BusHandler): Promise<Unsubscribe>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export function createBus(redis?: RedisConfig): BusPort {
  return redis ? createRedisBus(redis) : createMemoryBus();
}

export function createMemoryBus(): BusPort {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    engine: 'memory',
    async publish(channel, message) {
      // Serialise as Redis would, so no subscriber shares (and mutates) the publisher's object.
      const copy = JSON.parse(JSON.stringify(message ?? null));
      queueMicrotask(() => emitter.emit(channel, copy));
    },
    async subscribe(channel, handler) {
      emitter.on(channel, handler);
      return async () => {
        emitter.off(channel, handler);
      };
    },
    async ping() {},
    async close() {
      emitter.removeAllListeners();
    },
  };
}

export function createRedisBus({ url, prefix }: RedisConfig): BusPort {
  const options = { lazyConnect: false, maxRetriesPerRequest: 3 };
  const publisher = new Redis(url, options);
  const subscriber = new Redis(url, options);
  // Connection errors are retried by ioredis; log-less listeners keep them from crashing the process.
  publisher.on('error', () => {});
  subscriber.on('error', () => {});
  const handlers = new Map<string, Set<BusHandler>>();
  const key = (channel: string) => `${prefix}:bus:${channel}`;

  subscriber.on('message', (fullChannel: string, raw: string) => {
    const set = handlers.get(fullChannel);
    if (!set) return;
    let message: unknown;
    try {
      message = JSON.parse(raw);
    } catch {
      return;
    }
    for (const handler of set) handler(message);
  });

  return {
    engine: 'redis',
    async publish(channel, message) {
      await publisher.publish(key(channel), JSON.stringify(message ?? null));
    },
    async subscribe(channel, handler) {
      const full = key(channel);
      let set = handlers.get(full);
      if (!set) {
        set = new Set();
        handlers.set(full, set);
        await subscriber.subscribe(full);
      }
      set.add(handler);
      return async () => {
        const current = handlers.get(full);
        if (!current?.delete(handler) || current.size > 0) return;
        handlers.delete(full);
        await subscriber.unsubscribe(full);
      };
    },
    async ping() {
      await publisher.ping();
    },
    async close() {
      handlers.clear();
      await Promise.allSettled([publisher.quit(), subscriber.quit()]);
    },
  };
}
