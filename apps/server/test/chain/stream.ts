/** The JSON events of an SSE body, in order; the last must carry `isend: true`. */
export type StreamEventOf = Record<string, unknown> & { type: string; isend: boolean };

export function readStream(body: string): StreamEventOf[] {
  const events = body
    .split('\n')
    .filter((line) => line.startsWith('data: '))
    .map((line) => JSON.parse(line.slice(6)) as StreamEventOf);
  if (!events.at(-1)?.isend) throw new Error(`stream did not end: ${body.slice(-300)}`);
  return events;
}

/** The first `card` event of a kind, as `any`: a test reads whichever fields the kind has. */
// biome-ignore lint/suspicious/noExplicitAny: see above.
export function card(events: StreamEventOf[], kind: string): any {
  return events.find((e) => e.type === 'card' && e.card === kind);
}
