// The bus of a single instance (no AMQP_URL): an event goes to the handler synchronously, as the broker did before
// there were several instances.
import type { LiveBus, LiveEvent } from './bus.ts';

export function createInProcessBus(): LiveBus {
  const handlers: ((event: LiveEvent) => void)[] = [];
  let closed = false;
  return {
    publish(event) {
      if (closed) return;
      for (const h of handlers) h(event);
    },
    onEvent(handler) {
      handlers.push(handler);
    },
    onLink() {
      // Always up: there is nobody else to be cut off from.
    },
    ready: () => !closed,
    started: () => Promise.resolve(),
    close() {
      closed = true;
      return Promise.resolve();
    },
  };
}
