/** Network helpers shared by the HTTP layer and the modules. */

/** IPv4 clients on a dual-stack socket appear as ::ffff:a.b.c.d; bans and limits use a.b.c.d. */
export function normalizeIp(ip: string): string {
  return ip.startsWith('::ffff:') && ip.includes('.') ? ip.slice(7) : ip;
}
