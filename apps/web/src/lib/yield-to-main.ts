/**
 * Lets the browser run other work (input, paint) before the caller goes on: a long start-up split into
 * several short tasks instead of one long one, so a slow phone stays responsive while the app takes over a
 * server-rendered page. Uses `scheduler.yield()` where the browser has it (the continuation keeps its
 * priority), else a message on a MessageChannel (unlike setTimeout, not clamped to 4 ms or throttled).
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  if (typeof MessageChannel === 'undefined') return new Promise((resolve) => setTimeout(resolve, 0));
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
