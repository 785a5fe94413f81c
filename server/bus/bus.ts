// How the instances of the server hear each other's live events (issue 15). One instance alone uses the in-process
// bus (server/bus/in-process.ts); several behind a balancer share a RabbitMQ exchange (server/bus/amqp.ts).
import type { LiveEvent } from './events.ts';

export type { LiveEvent } from './events.ts';

export interface LiveBus {
  /**
   * Sends the event to every instance. This instance's handler has it before publish returns (its own sockets are
   * served at once, whatever the broker's state); the others hear it through the broker. Never throws.
   */
  publish(event: LiveEvent): void;
  /** The handler of every event, this instance's and the others' (once each). */
  onEvent(handler: (event: LiveEvent) => void): void;
  /**
   * Called with false when the link to the other instances went, true when it is back: what was published
   * meanwhile may be missing on either side.
   */
  onLink(handler: (up: boolean) => void): void;
  /** Ready for the load balancer: the other instances hear this one. */
  ready(): boolean;
  /** Resolves after the first attempt to join the others (joined or not). */
  started(): Promise<void>;
  close(): Promise<void>;
}
