/**
 * Access levels of API.md: P public; A anonymous allowed (keyed by client id when signed
 * out); L signed in; V signed in and verified; VIP active VIP or a paid unlock; ADM admin.
 */
export const ACCESS_LEVELS = ['P', 'A', 'L', 'V', 'VIP', 'ADM'] as const;
export type Access = (typeof ACCESS_LEVELS)[number];

/** Header the web client sends its anonymous client id in (spec section 3, "Client id"). */
export const CLIENT_ID_HEADER = 'x-client-id';
export const SESSION_COOKIE = 'jq_session';
