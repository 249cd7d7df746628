/**
 * The tracking client of spec sections 3 and 7: events (track/Act), page views
 * (track/PvUv) and time on page (track/Remain), each carrying the session's page trail.
 * Tracking never disturbs the user: it bypasses the API client (a failing tracking call
 * must not count toward the /500 state or show a notice), swallows every failure, and
 * uses keep-alive requests so a record sent while the page closes still arrives.
 */
import { BREAKPOINTS, CLIENT_ID_HEADER, isFeatureEnabled } from '@jq/contract';
import { API_BASE } from '../api/client';
import { readPageVisit } from '../navigation/page-trail';
import { getClientId } from '../stores/user-store';

export interface TrackEventInput {
  action: string;
  type?: string;
  param?: string;
  ext?: string;
  actionid?: number;
}

export interface PageTrailFields {
  firstpath: string;
  prevpath: string;
  lastpath: string;
  firstparam: string;
  lastparam: string;
  ismobile: boolean;
}

// A media query rather than window.innerWidth: reading innerWidth right after the page renders
// forces a layout in the page-view effect; the query's answer needs none.
const MOBILE_WIDTH = `(max-width: ${BREAKPOINTS.mobile - 1}px)`;

export function isMobileClient(): boolean {
  return /Mobi|Android|iPhone|iPad/i.test(navigator.userAgent) || window.matchMedia(MOBILE_WIDTH).matches;
}

/** The entry, previous and last pages of this session, as the tracking rows name them. */
export function readTrailFields(storage: Storage = sessionStorage): PageTrailFields {
  const entry = readPageVisit(storage, 'entry');
  const prev = readPageVisit(storage, 'prev');
  const last = readPageVisit(storage, 'last');
  return {
    firstpath: entry?.path ?? '',
    prevpath: prev?.path ?? '',
    lastpath: last?.path ?? '',
    firstparam: entry?.query ?? '',
    lastparam: last?.query ?? '',
    ismobile: isMobileClient(),
  };
}

// The tracking rows arrive with the account feature; before that there is nothing to call.
const isEnabled = () => isFeatureEnabled('account');

/** Sends one record; never throws, never waits for the answer. */
export function sendTracking(path: 'Act' | 'PvUv' | 'Remain', body: Record<string, unknown>): void {
  if (!isEnabled()) return;
  const url = `${API_BASE}/track/${path}`;
  const payload = JSON.stringify({ ...body, clientid: getClientId() });
  try {
    void fetch(url, {
      method: 'POST',
      keepalive: true,
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', [CLIENT_ID_HEADER]: getClientId() },
      body: payload,
    }).catch(() => {});
  } catch {
    // No fetch with keepalive (old browsers): the beacon carries the client id in the body.
    navigator.sendBeacon?.(url, new Blob([payload], { type: 'application/json' }));
  }
}

export function trackEvent(input: TrackEventInput): void {
  sendTracking('Act', { type: 'click', param: '', ext: '', ...input, ...readTrailFields() });
}

/** A page view: `path` with its query, `pathname` without. */
export function trackPageView(location: { pathname: string; search: string }): void {
  sendTracking('PvUv', {
    path: `${location.pathname}${location.search}`,
    pathname: location.pathname,
    ...readTrailFields(),
  });
}

/** Time spent on a page, sent when the user leaves it (another page, or the tab closes). */
export function trackRemain(location: { pathname: string; search: string }, stt: number): void {
  if (stt <= 0) return;
  sendTracking('Remain', {
    path: `${location.pathname}${location.search}`,
    pathname: location.pathname,
    stt,
  });
}
