/** Fired on the window when the verification dialogue reports success (`authSuccess`); the account reloads the user. */
export const AUTH_SUCCESS_EVENT = 'authSuccess';
