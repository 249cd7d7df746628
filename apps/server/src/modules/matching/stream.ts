/**
 * getRecommendInvestorsStream: the ranked matches first (one event each, no reasons),
 * then each match's reasons, then `{type:'status', status:'done', total, isend:true}`.
 * Stops as soon as the client goes away. A failure (a missing project, say) ends the
 * stream as an error event: the route helper writes it, since the stream is already open.
 */

import { setImmediate as yieldToLoop } from 'node:timers/promises';
import type { MatchTarget } from '@jq/contract';
import type { StreamWriter } from '../../http/index.js';
import type { Db } from '../../platform/database/index.js';
import { investorItems } from './items.js';
import { recommendForProject } from './project-side.js';

export async function streamRecommendations(
  db: Db,
  stream: StreamWriter,
  query: { pid: number; limit: number; target: MatchTarget },
): Promise<void> {
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
  stream.end({ type: 'status', status: 'done', total: ranked.total, isend: true });
}
