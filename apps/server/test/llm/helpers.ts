/** Reading an llm port's event stream in tests. */
import { loadConfig } from '../../src/config.js';
import type { LlmEvent } from '../../src/platform/llm/index.js';

/** Every event, then the error that ended the stream (if any). */
export async function drain(
  events: AsyncIterable<LlmEvent>,
): Promise<{ events: LlmEvent[]; error?: unknown }> {
  const seen: LlmEvent[] = [];
  try {
    for await (const event of events) seen.push(event);
    return { events: seen };
  } catch (error) {
    return { events: seen, error };
  }
}

export const textOf = (events: LlmEvent[]) =>
  events.map((e) => (e.type === 'delta' ? e.content : '')).join('');

/** The llm part of the configuration, from environment variables as a deployment would set them. */
export function llmConfig(env: Record<string, string> = {}) {
  return loadConfig({ NODE_ENV: 'test', ...env }).llm;
}
