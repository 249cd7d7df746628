/**
 * The address a request line logs: query values that are credentials — the sandbox QR's
 * single-use token (`t`), signed links' `sig`, share and login tokens — are replaced by `***`,
 * so the log never holds something that opens an order, a file or a session.
 */
const SECRET_PARAMS = new Set(['t', 'sig', 'token', 'code', 'ticket']);

export function logUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const query = url
    .slice(at + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq < 0 ? pair : pair.slice(0, eq);
      let key = name;
      try {
        key = decodeURIComponent(name);
      } catch {
        // A malformed name is logged as it came.
      }
      return eq >= 0 && SECRET_PARAMS.has(key.toLowerCase()) ? `${name}=***` : pair;
    })
    .join('&');
  return `${url.slice(0, at)}?${query}`;
}
