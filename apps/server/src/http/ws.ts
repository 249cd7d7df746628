/**
 * WebSocket support for `wsRoute` rows (@fastify/websocket on ws). Registered once, before
 * any row. Frames are capped at WS_MAX_PAYLOAD (larger ones close the socket with 1009).
 * Every HEARTBEAT_MS the server pings each socket and drops the ones that did not answer
 * the previous ping. Each socket's session is checked again every SESSION_CHECK_MS, the
 * checks spread evenly over the period (a few a second, not thousands at one tick, which
 * would stall an embedded database): a socket whose session ended (logout, ban, expiry)
 * is closed with 4001 instead of living on.
 */

import websocket from '@fastify/websocket';
import { SESSION_COOKIE } from '@jq/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import type { Identity } from './access.js';

export const WS_MAX_PAYLOAD = 64 * 1024;
export const HEARTBEAT_MS = 25_000;
export const SESSION_CHECK_MS = 60_000;
/** Close code for a socket whose session is gone: the client signs in again before reconnecting. */
export const WS_CLOSE_UNAUTHORIZED = 4001;

interface Tracked {
  isAlive: boolean;
  token: string;
  checkAt: number;
}

export async function registerWebSocket(
  app: FastifyInstance,
  identity: Identity,
  heartbeatMs = HEARTBEAT_MS,
) {
  await app.register(websocket, {
    options: { maxPayload: WS_MAX_PAYLOAD, perMessageDeflate: false },
    errorHandler: (error, socket, request) => {
      request.log.info({ err: error, event: 'ws.error' }, 'websocket error');
      socket.terminate();
    },
  });
  const tracked = new WeakMap<WebSocket, Tracked>();
  app.addHook('onRequest', async (request: FastifyRequest) => {
    if (!request.ws) return;
    // The socket exists only after the upgrade; remember the token on the raw request for it.
    (request.raw as { jqToken?: string }).jqToken = request.cookies[SESSION_COOKIE] ?? '';
  });
  app.websocketServer.on('connection', (socket: WebSocket, raw: { jqToken?: string }) => {
    const checkAt = Date.now() + Math.random() * SESSION_CHECK_MS;
    tracked.set(socket, { isAlive: true, token: raw.jqToken ?? '', checkAt });
    socket.on('pong', () => {
      const entry = tracked.get(socket);
      if (entry) entry.isAlive = true;
    });
  });
  const timer = setInterval(() => {
    for (const socket of app.websocketServer.clients) {
      const entry = tracked.get(socket);
      if (!entry) continue;
      if (!entry.isAlive) {
        socket.terminate();
        continue;
      }
      entry.isAlive = false;
      socket.ping();
    }
  }, heartbeatMs);
  const sessionTimer = setInterval(() => {
    const now = Date.now();
    for (const socket of app.websocketServer.clients) {
      const entry = tracked.get(socket);
      if (!entry?.token || entry.checkAt > now) continue;
      entry.checkAt = now + SESSION_CHECK_MS;
      void identity.findUser(entry.token).then(
        (user) => {
          if (!user || user.bannedAt) socket.close(WS_CLOSE_UNAUTHORIZED, 'session ended');
        },
        () => {},
      );
    }
  }, 1000);
  timer.unref();
  sessionTimer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    clearInterval(sessionTimer);
  });
}
