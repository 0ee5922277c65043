/**
 * This tab's name on the live stream: sent with every write (the `live-tab` header), so the events of its own
 * saves, which its own mutations already refetch after, are not taken for someone else's change.
 */
export const LIVE_TAB = Math.random().toString(36).slice(2, 12) + Date.now().toString(36);
