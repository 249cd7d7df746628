/** The development stream the web client's stream reader is tested with: the text, two characters an event. */
import type { StreamWriter } from '../../http/index.js';

export async function echoAsStream(input: { text: string; delayMs: number }, open: () => StreamWriter) {
  const stream = open();
  const chars = [...input.text];
  for (let i = 0; i < chars.length && !stream.signal.aborted; i += 2) {
    stream.send({ type: 'delta', content: chars.slice(i, i + 2).join(''), isend: false });
    if (input.delayMs) await new Promise((resolve) => setTimeout(resolve, input.delayMs));
  }
  stream.end();
}
