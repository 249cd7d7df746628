/**
 * The sockets connected to this process, by user, and the fan-out between processes: every
 * frame goes out on one bus channel with its recipients' user ids (serialised once), and
 * each process hands it to the sockets it holds for them. The bus is Redis pub/sub across
 * processes or memory on one; a frame lost on the way is not lost to the user, because the
 * database holds every message and clients catch up from it (docs/im.md).
 */
import type { ImServerFrame } from '@jq/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { BusPort } from '../../platform/bus/index.js';
import type { Deliver } from './context.js';

export const IM_CHANNEL = 'im.events';

/** A connected socket as the hub sees it. */
export interface HubSocket {
  userId: number;
  /** Sends an already serialised frame (or drops the socket when it cannot keep up). */
  sendRaw(data: string): void;
}

interface Envelope {
  to: number[];
  data: string;
}

const isEnvelope = (value: unknown): value is Envelope =>
  typeof value === 'object' &&
  value !== null &&
  Array.isArray((value as Envelope).to) &&
  typeof (value as Envelope).data === 'string';

export class SocketHub {
  readonly #byUser = new Map<number, Set<HubSocket>>();
  #count = 0;

  add(socket: HubSocket) {
    let set = this.#byUser.get(socket.userId);
    if (!set) {
      set = new Set();
      this.#byUser.set(socket.userId, set);
    }
    if (!set.has(socket)) this.#count++;
    set.add(socket);
  }

  remove(socket: HubSocket) {
    const set = this.#byUser.get(socket.userId);
    if (!set?.delete(socket)) return;
    this.#count--;
    if (set.size === 0) this.#byUser.delete(socket.userId);
  }

  deliver(to: readonly number[], data: string) {
    for (const userId of to) {
      const set = this.#byUser.get(userId);
      if (set) for (const socket of set) socket.sendRaw(data);
    }
  }

  get size() {
    return this.#count;
  }
}

/** Subscribes this process's hub to the bus; answers `deliver` for the use cases. */
export async function connectHub(bus: BusPort, hub: SocketHub, log: FastifyBaseLogger) {
  const unsubscribe = await bus.subscribe(IM_CHANNEL, (message) => {
    if (isEnvelope(message)) hub.deliver(message.to, message.data);
  });
  const deliver: Deliver = async (to, frame: ImServerFrame) => {
    if (to.length === 0) return;
    const data = JSON.stringify(frame);
    try {
      await bus.publish(IM_CHANNEL, { to, data });
    } catch (error) {
      // The bus is down: this process's own sockets still get it; the others catch up from the database.
      log.warn({ err: error, event: 'im.bus.publish-failed' }, 'im publish failed');
      hub.deliver(to, data);
    }
  };
  return { deliver, close: unsubscribe };
}
