/**
 * Where details live: a detail is a query param on a list route (/jq/project?pid=123,
 * /jq/org?oid=5, /jq/investor?iid=9, /jq/report?rid=2, and /plist?pid=, /olist?oid= for
 * visitors), opened over the list so the list underneath keeps its state. Links between
 * details (a round's investor, a portfolio project) go to the other list's route; from a
 * public page they stay public where a public route exists.
 */
import { useCallback } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { isPathOf, routePath } from '../../shared/navigation/route-path';

export type EntityKind = 'project' | 'org' | 'investor' | 'report';

export const DETAIL_PARAM: Record<EntityKind, string> = {
  project: 'pid',
  org: 'oid',
  investor: 'iid',
  report: 'rid',
};

const PUBLIC_ROUTES = ['plist', 'olist', 'fundingProject'];

/** The route that shows an entity's detail, from the area the user is in. */
export function detailRouteName(kind: EntityKind, isPublicArea: boolean): string {
  if (isPublicArea && kind === 'project') return 'plist';
  if (isPublicArea && kind === 'org') return 'olist';
  return kind;
}

export function isPublicPath(pathname: string): boolean {
  return PUBLIC_ROUTES.some((name) => isPathOf(pathname, name));
}

/** History state of a detail opened by a link: how many details deep over the list. */
interface DetailState {
  detailDepth?: number;
}

export function readDetailDepth(state: unknown): number {
  const depth = (state as DetailState | null)?.detailDepth;
  return typeof depth === 'number' && depth > 0 ? depth : 0;
}

export interface DetailLink {
  to: string;
  state: DetailState | undefined;
}

/**
 * Link targets for details from here. On the same route the list's params ride along, so
 * closing the detail shows the same list; elsewhere the other list keeps its own state.
 */
export function useDetailLink() {
  const location = useLocation();
  const [params] = useSearchParams();
  const isPublicArea = isPublicPath(location.pathname);
  const depth = readDetailDepth(location.state);
  return useCallback(
    (kind: EntityKind, id: number): DetailLink => {
      const routeName = detailRouteName(kind, isPublicArea);
      const path = routePath(routeName);
      if (!isPathOf(location.pathname, routeName)) {
        return { to: `${path}?${DETAIL_PARAM[kind]}=${id}`, state: undefined };
      }
      const next = new URLSearchParams(params);
      next.set(DETAIL_PARAM[kind], String(id));
      return { to: `${path}?${next.toString()}`, state: { detailDepth: depth + 1 } };
    },
    [isPublicArea, location.pathname, params, depth],
  );
}

/** React Router numbers its history entries (`idx`): above 0, Back stays inside the app. */
function hasAppHistory(): boolean {
  const idx = (window.history.state as { idx?: unknown } | null)?.idx;
  return typeof idx === 'number' && idx > 0;
}

/** The open detail's id on this page (null when none) and how to close it. */
export function useDetailParam(kind: EntityKind) {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const raw = params.get(DETAIL_PARAM[kind]);
  const id = raw && /^\d{1,15}$/.test(raw) && Number(raw) > 0 ? Number(raw) : null;
  const depth = readDetailDepth(location.state);

  /** Back to the list: undo the links that opened details, or drop the param of a landing URL. */
  const close = useCallback(() => {
    if (depth > 0) return void navigate(-depth);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(DETAIL_PARAM[kind]);
        return next;
      },
      { replace: true },
    );
  }, [depth, kind, navigate, setParams]);

  /**
   * One step back (a phone's back arrow): to the previous detail, the list, or the page that
   * linked here. A landing URL has nothing of ours behind it, so it closes to the list.
   */
  const back = useCallback(() => {
    if (depth > 0 || hasAppHistory()) return void navigate(-1);
    close();
  }, [depth, navigate, close]);

  return { id, close, back };
}
