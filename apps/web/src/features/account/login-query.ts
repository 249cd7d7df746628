/** The invite (`iv`) and WeChat (`wxcode`) codes a shared link may carry (spec section 4). */
export function readLoginQuery(search: string = window.location.search): { iv?: string; wxcode?: string } {
  const params = new URLSearchParams(search);
  const iv = params.get('iv') ?? undefined;
  const wxcode = params.get('wxcode') ?? undefined;
  return { ...(iv ? { iv } : {}), ...(wxcode ? { wxcode } : {}) };
}
