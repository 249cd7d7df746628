/** Business-card verification on the web: the dialog the global overlays mount. */
export { AuthDialog, type AuthDialogProps } from './auth-dialog';
export { AUTH_SUCCESS_EVENT } from './use-auth-chat';
