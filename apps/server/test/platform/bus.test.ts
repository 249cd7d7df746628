import { afterEach, describe, expect, it } from 'vitest';
import { type BusPort, createMemoryBus, createRedisBus } from '../../src/platform/bus/index.js';
import { hasRedis, TEST_REDIS_URL, testRedisPrefix } from '../helpers/engines.js';

/** Subscribes; once the subscription is live, `next` is the promise of the first message. */
async function listen(bus: BusPort, channel: string, timeoutMs = 2000) {
  const messages: unknown[] = [];
  let deliver = (message: unknown) => void messages.push(message);
  await bus.subscribe(channel, (message) => deliver(message));
  const next = new Promise<unknown>((resolve, reject) => {
    if (messages.length > 0) return resolve(messages[0]);
    const timer = setTimeout(() => reject(new Error('no message')), timeoutMs);
    deliver = (message) => {
      clearTimeout(timer);
      resolve(message);
    };
  });
  return { next };
}

const settle = (ms = 150) => new Promise((resolve) => setTimeout(resolve, ms));

const engines = [
  { name: 'memory', available: true, make: (_prefix: string) => createMemoryBus(), shared: false },
  {
    name: 'redis',
    available: hasRedis,
    make: (prefix: string) => createRedisBus({ url: TEST_REDIS_URL, prefix }),
    shared: true,
  },
];

for (const { name, available, make, shared } of engines) {
  describe.skipIf(!available)(`bus port on ${name}`, () => {
    const buses: BusPort[] = [];
    const open = (prefix: string) => {
      const bus = make(prefix);
      buses.push(bus);
      return bus;
    };
    afterEach(async () => {
      for (const bus of buses.splice(0)) await bus.close();
    });

    it('delivers a published message to a subscriber', async () => {
      const bus = open(testRedisPrefix());
      const { next: received } = await listen(bus, 'im.message');
      await bus.publish('im.message', { text: '你好', n: 1 });
      expect(await received).toEqual({ text: '你好', n: 1 });
    });

    it('does not deliver to another channel', async () => {
      const bus = open(testRedisPrefix());
      const got: unknown[] = [];
      await bus.subscribe('a', (m) => got.push(m));
      await bus.publish('b', 1);
      await settle();
      expect(got).toEqual([]);
    });

    it('stops delivering after unsubscribe', async () => {
      const bus = open(testRedisPrefix());
      const got: unknown[] = [];
      const unsubscribe = await bus.subscribe('c', (m) => got.push(m));
      await bus.publish('c', 1);
      await settle();
      await unsubscribe();
      await bus.publish('c', 2);
      await settle();
      expect(got).toEqual([1]);
    });

    it("does not share the publisher's object with subscribers", async () => {
      const bus = open(testRedisPrefix());
      const { next: received } = await listen(bus, 'd');
      const original = { list: [1] };
      await bus.publish('d', original);
      const message = (await received) as { list: number[] };
      message.list.push(9);
      expect(original.list).toEqual([1]);
      expect(message).not.toBe(original);
    });

    it.skipIf(!shared)('carries messages between two server processes', async () => {
      const prefix = testRedisPrefix();
      const a = open(prefix);
      const b = open(prefix);
      const { next: received } = await listen(b, 'presence');
      await a.publish('presence', { uguid: 'u1' });
      expect(await received).toEqual({ uguid: 'u1' });
    });
  });
}
