/**
 * In-app addresses of library records (docs/decisions.md "资料库详情页"): a detail opens
 * over its list's route; visitors get the public lists where one exists.
 */
import { DEFAULT_PRODUCT, type EntityKind } from '@jq/contract';

export function recordUrl(kind: EntityKind, id: number, isSignedIn: boolean): string {
  const p = DEFAULT_PRODUCT;
  if (kind === 'project') return isSignedIn ? `/${p}/project?pid=${id}` : `/plist?pid=${id}`;
  if (kind === 'institution') return isSignedIn ? `/${p}/org?oid=${id}` : `/olist?oid=${id}`;
  if (kind === 'investor') return `/${p}/investor?iid=${id}`;
  return `/${p}/report?rid=${id}`;
}
