/**
 * Generations running in this process, by conversation, so that leavechat can stop one.
 * A stop is also published on the bus: with Redis, the process streaming the answer may be
 * another one, and it aborts its generation when the message arrives.
 */
import type { BusPort } from '../../platform/bus/index.js';

export const STOP_CHANNEL = 'assistant.stop';

export interface Generations {
  /** Registers a generation; its signal aborts on stop. `release` when it ends. */
  start(chatuuid: string): { signal: AbortSignal; release(): void };
  isRunning(chatuuid: string): boolean;
  /** Stops the conversation's generation here and in every other process. */
  stop(chatuuid: string): Promise<boolean>;
  close(): Promise<void>;
}

export async function createGenerations(bus: BusPort): Promise<Generations> {
  const running = new Map<string, AbortController>();
  const abortLocal = (chatuuid: string) => {
    const controller = running.get(chatuuid);
    controller?.abort();
    return Boolean(controller);
  };
  const unsubscribe = await bus.subscribe(STOP_CHANNEL, (message) => {
    const chatuuid = (message as { chatuuid?: unknown } | null)?.chatuuid;
    if (typeof chatuuid === 'string') abortLocal(chatuuid);
  });
  return {
    start(chatuuid) {
      const controller = new AbortController();
      running.set(chatuuid, controller);
      return {
        signal: controller.signal,
        release() {
          if (running.get(chatuuid) === controller) running.delete(chatuuid);
        },
      };
    },
    isRunning: (chatuuid) => running.has(chatuuid),
    async stop(chatuuid) {
      const wasHere = abortLocal(chatuuid);
      await bus.publish(STOP_CHANNEL, { chatuuid });
      return wasHere;
    },
    async close() {
      for (const controller of running.values()) controller.abort();
      await unsubscribe();
    },
  };
}
