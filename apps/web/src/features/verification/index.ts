/**
 * Business-card verification on the web, as the account's overlays use it: the dialog
 * (loaded on first open, so its cropper and chat stay out of the first page load) and the
 * event a finished verification fires.
 */
import { lazy } from 'react';

export { AUTH_SUCCESS_EVENT } from './auth-success';

export const AuthDialog = lazy(async () => ({ default: (await import('./auth-dialog')).AuthDialog }));
