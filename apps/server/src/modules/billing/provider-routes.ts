/**
 * What payment providers call: the notification row (raw body kept for the signature,
 * answered in the provider's own format, not our envelope), and the sandbox provider's pay
 * page and its 确认支付 (HTML), present only when the sandbox is the configured provider.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { Config } from '../../config.js';
import { type Route, rawRoute } from '../../http/index.js';
import type { Db } from '../../platform/database/index.js';
import type { PayPort } from '../../platform/pay/index.js';
import { receiveNotification } from './receive-notification.js';
import { confirmSandboxPayment, type PageAnswer, showSandboxPage } from './sandbox-pay.js';
import { SANDBOX_TOKEN_PARAM } from './sandbox-token.js';

const NOTIFY_BODY_LIMIT = 64 * 1024;

/** Where the sandbox delivers its notification: this process's own listener, else PUBLIC_URL. */
function sandboxNotifyUrl(server: FastifyInstance, config: Config): string {
  const address = server.server.address();
  if (address && typeof address === 'object') {
    const host = ['0.0.0.0', '::', ''].includes(config.host) ? '127.0.0.1' : config.host;
    return `http://${host.includes(':') ? `[${host}]` : host}:${address.port}/api/pay/notify/sandbox`;
  }
  return `${config.publicUrl}/api/pay/notify/sandbox`;
}

const sendPage = (reply: FastifyReply, page: PageAnswer) =>
  reply
    .status(page.status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(page.html);

export function providerRoutes({ db, pay, config }: { db: Db; pay: PayPort; config: Config }): Route[] {
  const routes: Route[] = [
    rawRoute({
      method: 'POST',
      path: '/pay/notify/:provider',
      access: 'P',
      summary: '支付渠道的支付结果通知（验签、解密、幂等入账）',
      params: z.object({ provider: z.string().max(16) }),
      // Signatures cover the exact bytes received: the body stays a string.
      rawBody: 'string',
      bodyLimit: NOTIFY_BODY_LIMIT,
      async handler(request, reply) {
        const answer = await receiveNotification(
          { db, pay, log: request.log },
          {
            provider: request.params.provider,
            headers: request.headers,
            rawBody: typeof request.body === 'string' ? request.body : '',
          },
        );
        return reply.status(answer.status).send(answer.body);
      },
    }),
  ];
  const sandbox = pay.engine === 'sandbox' ? pay.sandbox : undefined;
  if (!sandbox) return routes;
  const params = z.object({ orderno: z.string().max(64) });
  // The QR link's single-use token (sandbox-token.ts).
  const query = z.object({ [SANDBOX_TOKEN_PARAM]: z.string().max(128).optional() });
  const visitorOf = (request: { user: { id: number } | null; query: { t?: string | undefined } }) => ({
    userId: request.user?.id ?? null,
    token: request.query.t,
  });
  routes.push(
    rawRoute({
      method: 'GET',
      path: '/pay/sandbox/:orderno',
      access: 'P',
      summary: '沙箱支付页（下单本人，或带二维码里一次性令牌的手机）',
      params,
      query,
      handler: async (request, reply) =>
        sendPage(reply, await showSandboxPage(db, request.params.orderno, visitorOf(request))),
    }),
    rawRoute({
      method: 'POST',
      path: '/pay/sandbox/:orderno',
      access: 'P',
      summary: '沙箱支付页的确认支付（下单本人，或用一次二维码里的令牌）',
      params,
      query,
      // The page's plain form POST: its body (urlencoded, empty) is not read.
      rawBody: 'string',
      bodyLimit: NOTIFY_BODY_LIMIT,
      async handler(request, reply) {
        const page = await confirmSandboxPayment(
          { db, sandbox, log: request.log },
          request.params.orderno,
          visitorOf(request),
          sandboxNotifyUrl(request.server, config),
        );
        return sendPage(reply, page);
      },
    }),
  );
  return routes;
}
