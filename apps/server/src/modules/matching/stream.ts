/**
 * getRecommendInvestorsStream: the ranked matches first (one event each, no reasons),
 * then each match's reasons, then `{type:'status', status:'done', total, isend:true}`.
 * Stops as soon as the client goes away; an error after the stream opened is sent as an
 * error event that ends it.
 */

import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { Code, type MatchTarget } from '@jq/contract';
import { AppError } from '../../errors.js';
import type { StreamWriter } from '../../http/sse.js';
import type { Db } from '../../platform/database/index.js';
import { investorItems } from './items.js';
import { recommendForProject } from './project-side.js';

export async function streamRecommendations(
  db: Db,
  stream: StreamWriter,
  query: { pid: number; limit: number; target: MatchTarget },
  onUnexpected: (error: unknown) => void,
): Promise<void> {
  try {
    const { index, bundle, features, ranked, name } = await recommendForProject(db, query.pid, query.target);
    const count = Math.min(query.limit, ranked.idx.length);
    const items = investorItems(index, bundle, features, name, ranked, 0, count, false);
    for (const item of items) {
      if (stream.signal.aborted) return;
      stream.send({ type: 'card', card: 'match', item, isend: false });
      await yieldToLoop();
    }
    for (let r = 0; r < count; r++) {
      if (stream.signal.aborted) return;
      const [explained] = investorItems(index, bundle, features, name, ranked, r, 1, true);
      stream.send({
        type: 'card',
        card: 'reasons',
        rank: r + 1,
        id: explained!.id,
        reasons: explained!.reasons,
        isend: false,
      });
      await yieldToLoop();
    }
    if (!stream.signal.aborted)
      stream.end({ type: 'status', status: 'done', total: ranked.total, isend: true });
  } catch (error) {
    // Headers are sent: every failure, expected or not, ends the stream as an error event.
    const known = error instanceof AppError ? error : new AppError(Code.INTERNAL);
    stream.end({ type: 'error', code: known.code, msg: known.message, isend: true });
    if (!(error instanceof AppError)) onUnexpected(error);
  }
}
