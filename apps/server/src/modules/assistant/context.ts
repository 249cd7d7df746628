/**
 * What the assistant's use cases work with, built once when the module starts: the database,
 * the language model, the configuration and the generations running in this process.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../platform/database/index.js';
import type { LlmPort } from '../../platform/llm/index.js';
import type { Generations } from './registry.js';

export interface AssistantDeps {
  db: Db;
  llm: LlmPort;
  config: Config;
  generations: Generations;
}

/** The request's logger (its lines carry the request id). */
export type Log = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
