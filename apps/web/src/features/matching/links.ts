/**
 * Addresses of the matching pages. A detail carries what finds its record again (the stored
 * match id, or the seeker's thesis and institution) plus the rank as a hint, so a shared
 * link or an old matchDetailOld / aiprojectDetailOld link opens the same record.
 */
import type { MatchTarget } from '@jq/contract';
import { routePath } from '../../shared/navigation/route-path';

export function resultHref(id: number): string {
  return `${routePath('matchResult')}?id=${id}`;
}

export function matchDetailHref(sid: number, kind: MatchTarget, id: number, rank?: number): string {
  const params = new URLSearchParams({ sid: String(sid), kind, id: String(id) });
  if (rank) params.set('rank', String(rank));
  return `${routePath('matchDetail')}?${params.toString()}`;
}

export function projectDetailHref(seeker: URLSearchParams, pid: number, rank?: number): string {
  const params = new URLSearchParams(seeker);
  params.set('pid', String(pid));
  if (rank) params.set('rank', String(rank));
  return `${routePath('aiprojectDetail')}?${params.toString()}`;
}

export function projectContactHref(pid: number): string {
  return `${routePath('aiprojectContact')}?pid=${pid}`;
}
