/**
 * What payment providers call: the notification endpoint (raw body kept for the signature,
 * answered in the provider's own format, not our envelope), and the sandbox provider's pay
 * page. Registered in their own context so the raw-body and form parsers stay here.
 */
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.js';
import { PayNotifyError, PayProviderError } from '../../platform/pay/index.js';
import type { ModuleOptions } from '../index.js';
import { findOrderByNo, isPaidStatus } from './orders.js';
import { applyPayment, PaymentRefused } from './payments.js';
import { renderFailure, renderNotFound, renderPaid, renderPayPage } from './sandbox-page.js';

const NOTIFY_BODY_LIMIT = 64 * 1024;
const fail = (message: string) => ({ code: 'FAIL', message });

/** Where the sandbox delivers its notification: this process's own listener, else PUBLIC_URL. */
function sandboxNotifyUrl(app: FastifyInstance, config: Config): string {
  const address = app.server.address();
  if (address && typeof address === 'object') {
    const host = ['0.0.0.0', '::', ''].includes(config.host) ? '127.0.0.1' : config.host;
    return `http://${host.includes(':') ? `[${host}]` : host}:${address.port}/api/pay/notify/sandbox`;
  }
  return `${config.publicUrl}/api/pay/notify/sandbox`;
}

export const providerRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { platform, config }) => {
  const { pay } = platform;
  const db = platform.database.db;

  app.removeAllContentTypeParsers();
  // Signatures cover the exact bytes received: keep the body as a string.
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: NOTIFY_BODY_LIMIT }, (_request, body, done) =>
    done(null, body),
  );

  app.post(
    '/pay/notify/:provider',
    {
      config: { access: 'P' },
      schema: {
        tags: ['billing'],
        summary: '支付渠道的支付结果通知（验签、解密、幂等入账）',
        params: z.object({ provider: z.string().max(16) }),
      },
    },
    async (request, reply) => {
      const { provider } = request.params;
      const log = request.log;
      if (provider !== pay.engine) {
        log.warn({ event: 'pay.notify.refused', reason: 'provider', provider });
        return reply.status(404).send(fail('未启用该支付渠道'));
      }
      const raw = typeof request.body === 'string' ? request.body : '';
      try {
        const notice = await pay.verifyNotification(request.headers, raw);
        const { outcome } = await applyPayment(db, notice, log);
        if (outcome === 'duplicate') log.info({ event: 'pay.notify.duplicate', orderno: notice.orderno });
        return reply.status(204).send();
      } catch (error) {
        if (error instanceof PayNotifyError) {
          log.warn({ event: 'pay.notify.refused', reason: error.reason, provider, msg: error.message });
          return reply.status(401).send(fail(error.message));
        }
        if (error instanceof PaymentRefused) return reply.status(400).send(fail(error.message));
        log.error({ event: 'pay.notify.failed', err: error }, 'notification not applied');
        return reply.status(500).send(fail('处理失败，请重试'));
      }
    },
  );

  if (pay.engine !== 'sandbox' || !pay.sandbox) return;
  const sandbox = pay.sandbox;
  if (config.isProduction) {
    app.log.warn(
      { event: 'pay.sandbox.production' },
      '支付渠道为沙箱：任何人都可以免费"支付"，正式运营请设置 PAY_PROVIDER=wechat',
    );
  }
  const params = z.object({ orderno: z.string().max(64) });

  app.get(
    '/pay/sandbox/:orderno',
    { config: { access: 'P' }, schema: { tags: ['billing'], summary: '沙箱支付页', params } },
    async (request, reply) => {
      const order = await findOrderByNo(db, request.params.orderno);
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      if (order?.provider !== 'sandbox') return reply.status(404).send(renderNotFound('找不到这个沙箱订单'));
      return renderPayPage(order, order.expiresAt.getTime() < Date.now());
    },
  );

  app.post(
    '/pay/sandbox/:orderno',
    { config: { access: 'P' }, schema: { tags: ['billing'], summary: '沙箱支付页的确认支付', params } },
    async (request, reply) => {
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      const order = await findOrderByNo(db, request.params.orderno);
      if (order?.provider !== 'sandbox') return reply.status(404).send(renderNotFound('找不到这个沙箱订单'));
      if (isPaidStatus(order.status)) return renderPaid(order);
      if (order.status !== 'created' || order.expiresAt.getTime() < Date.now()) {
        return reply.status(409).send(renderPayPage(order, true));
      }
      try {
        const delivery = await sandbox.pay(order, sandboxNotifyUrl(app, config));
        request.log.info({ event: 'pay.sandbox.paid', orderno: order.orderno, status: delivery.status });
        const latest = await findOrderByNo(db, order.orderno);
        if (delivery.ok && latest && isPaidStatus(latest.status)) return renderPaid(latest);
        return reply.status(502).send(renderFailure(`平台未接受支付通知（HTTP ${delivery.status}）`));
      } catch (error) {
        const message = error instanceof PayProviderError ? error.message : '沙箱支付失败';
        request.log.error({ event: 'pay.sandbox.failed', orderno: order.orderno, err: String(error) });
        return reply.status(502).send(renderFailure(message));
      }
    },
  );
};
