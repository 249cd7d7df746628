/**
 * The HTTP layer's surface for modules: declaring rows, the module definition, streams,
 * the signed-in user, session cookies and rate-limit keys.
 */
export {
  type CookieSettings,
  clearSessionCookie,
  type Identity,
  isVipActive,
  setSessionCookie,
} from './access.js';
export { createHttpApp, type HttpApp } from './create-app.js';
export { ok } from './envelope.js';
export { defineModule, type ModuleContext, type ModuleDefinition, type ModuleParts } from './module.js';
export { callerKey, type RateRule } from './rate-limit.js';
export {
  Answer,
  me,
  type RegisteredRoute,
  type Route,
  type RouteRequest,
  rawRoute,
  route,
  streamRoute,
  wsRoute,
} from './route.js';
export { shareAnswer, trustAnswer, withJson } from './serializer.js';
export type { StreamWriter } from './sse.js';
