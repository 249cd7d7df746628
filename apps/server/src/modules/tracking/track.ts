/**
 * Storing tracked events, page views and time on page, with the sender: the signed-in
 * user, else the anonymous client id, and the IP. Field sizes are bounded by the
 * contract's schemas and by the columns.
 */
import type { TrackActBody, TrackPvUvBody, TrackRemainBody } from '@jq/contract';
import { trackEvents, trackPageViews, trackRemains } from '../../db/schema.js';
import type { Db } from '../../platform/database/index.js';

export interface Sender {
  userId: number | null;
  clientId: string;
  ip: string;
}

const origin = (s: Sender) => ({
  userId: s.userId,
  clientId: s.clientId.slice(0, 64),
  ip: s.ip.slice(0, 64),
});

export async function recordAction(db: Db, sender: Sender, body: TrackActBody): Promise<void> {
  await db.insert(trackEvents).values({
    action: body.action,
    type: body.type,
    param: body.param,
    firstPath: body.firstpath,
    prevPath: body.prevpath,
    lastPath: body.lastpath,
    isMobile: body.ismobile,
    ext: body.ext,
    firstParam: body.firstparam,
    lastParam: body.lastparam,
    actionId: body.actionid,
    ...origin(sender),
  });
}

export async function recordPageView(db: Db, sender: Sender, body: TrackPvUvBody): Promise<void> {
  await db.insert(trackPageViews).values({
    path: body.path,
    pathname: body.pathname,
    firstPath: body.firstpath,
    prevPath: body.prevpath,
    lastPath: body.lastpath,
    firstParam: body.firstparam,
    lastParam: body.lastparam,
    isMobile: body.ismobile,
    ...origin(sender),
  });
}

export async function recordRemain(db: Db, sender: Sender, body: TrackRemainBody): Promise<void> {
  await db.insert(trackRemains).values({
    path: body.path,
    pathname: body.pathname,
    stt: body.stt,
    isMobile: body.ismobile,
    ...origin(sender),
  });
}
