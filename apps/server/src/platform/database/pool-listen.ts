/**
 * NOTIFY on PostgreSQL, delivered as promptly as PGlite delivers it: every pool connection
 * LISTENs on the channels as it connects, so a write made through the pool announces itself
 * on its own connection, and PostgreSQL sends a session's own notifications before the
 * ReadyForQuery that settles the committing statement's promise (postgres.c processes pending
 * notifies just before ReadyForQuery). A change made by another process or connection
 * arrives on any idle connection a moment after its commit.
 *
 * When no connection is left (the pool let its last client go), a notification from
 * elsewhere could be missed: `onGap` then tells every listener that anything may have changed.
 */
import pg from 'pg';

type Handler = { onMessage: (payload: string) => void; onGap: () => void };
type Connected = ((err: Error) => void) | ((err: null, client: pg.Client) => void);

export function createListeningPool(config: pg.PoolConfig, channels: readonly string[]) {
  const handlers = new Map<string, Set<Handler>>(channels.map((channel) => [channel, new Set()]));
  const listenAll = channels.map((channel) => `LISTEN ${pg.escapeIdentifier(channel)}`).join('; ');
  const listening = new WeakSet<pg.ClientBase>();

  class ListeningClient extends pg.Client {
    constructor(options?: pg.ClientConfig) {
      super(options);
      this.on('notification', ({ channel, payload }) => {
        for (const handler of handlers.get(channel) ?? []) handler.onMessage(payload ?? '');
      });
    }

    // pg-pool connects with a callback; the client is handed out only once it listens.
    override connect(): Promise<pg.Client>;
    override connect(callback: Connected): void;
    override connect(callback?: Connected): Promise<pg.Client> | void {
      const ready = super.connect().then(async () => {
        if (listenAll) await this.query(listenAll);
        listening.add(this);
        return this as pg.Client;
      });
      if (!callback) return ready;
      const done = callback as (err: Error | null, client?: pg.Client) => void;
      ready.then((client) => done(null, client), done);
    }
  }

  const pool = new pg.Pool({ ...config, Client: ListeningClient });
  let listeners = 0;
  pool.on('connect', (client) => {
    if (listening.has(client)) listeners++;
  });
  pool.on('remove', (client) => {
    if (!listening.delete(client) || --listeners > 0) return;
    for (const set of handlers.values()) for (const handler of set) handler.onGap();
  });

  async function listen(
    channel: string,
    onMessage: (payload: string) => void,
    onGap: () => void,
  ): Promise<() => Promise<void>> {
    const set = handlers.get(channel);
    if (!set) throw new Error(`PostgreSQL 连接池没有监听频道 ${channel}`);
    const handler = { onMessage, onGap };
    set.add(handler);
    return async () => {
      set.delete(handler);
    };
  }

  return { pool, listen };
}
