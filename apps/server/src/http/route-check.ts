/**
 * A start-up check that the route table is the whole API: every /api route Fastify has
 * must be a row the modules mounted (`app.routeTable`), so the API document, the API map
 * test and the route fuzz test, which walk the table, see every row. A route registered
 * any other way fails the start (`ready`), naming it. The API document's own pages
 * (`docsPrefix`) are Swagger UI's, not rows.
 */
import type { FastifyInstance } from 'fastify';

export function checkRouteTable(app: FastifyInstance, options: { docsPrefix: string }) {
  const seen: { method: string; url: string }[] = [];
  app.addHook('onRoute', (route) => {
    const { url } = route;
    if (!url.startsWith('/api/') || url === options.docsPrefix || url.startsWith(`${options.docsPrefix}/`))
      return;
    for (const method of [route.method].flat()) seen.push({ method, url });
  });
  app.addHook('onReady', async () => {
    const table = new Set(app.routeTable.map((entry) => `${entry.route.method} ${entry.url}`));
    // Fastify adds a HEAD route for every GET: it answers as the GET does.
    const missing = seen
      .map(({ method, url }) => (method === 'HEAD' ? `GET ${url}` : `${method} ${url}`))
      .filter((key) => !table.has(key));
    if (missing.length) {
      throw new Error(`接口不在路由表中（须由模块的 routes 声明）：${[...new Set(missing)].join('、')}`);
    }
  });
}
