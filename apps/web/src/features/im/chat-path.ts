/** Where a conversation opens (the web app's own messaging page, /user/chat). */
export const chatPath = (conv?: number) => (conv ? `/user/chat?id=${conv}` : '/user/chat');
