/**
 * How a module declares the events it records (its manifest's `events`): each name with its
 * payload type and where webhooks stand with it. From these declarations the composition derives
 * the payload map `EventOutbox.record` checks against (types, core/module.ts), the public webhook
 * catalog and the events never delivered (run time, DeclaredEvents).
 *
 * Payloads (`data`) are JSON as delivered: enums are strings, money a number, instants ISO 8601
 * strings. They are type aliases (not interfaces), so they stay assignable to Payload.
 */
import type { Section } from '../access';

export type Payload = Record<string, unknown>;

/**
 * What receiving a module's events needs (its manifest's `eventAccess`): reading `section`; with
 * `documentDepartments`, `data.id` is a document, which a principal limited to billing departments
 * receives only when it belongs to one of them.
 */
export interface EventAccess {
  readonly section: Section;
  readonly documentDepartments?: boolean;
}

/** Every key of T, and of each member when T is a union (payment.matched of a document or of a cost). */
type AllKeys<T> = T extends unknown ? keyof T : never;
/** The field names of a payload, each `true`: `{ id: true, name: true }`. */
export type FieldSet<T> = { readonly [K in AllKeys<T>]-?: true };

/** An entry of the public webhook catalog (SPEC 6.2) with its payload's fields (SPEC 6.3). */
export interface CatalogEvent {
  event: string;
  description: string;
  /** Field names of `data` in the delivery envelope. */
  dataFields: readonly string[];
}

export interface EventDeclaration<P extends Payload> {
  /** Listed in the public webhook catalog (GET /api/v1/webhooks/events); null when not listed. */
  readonly catalog: Omit<CatalogEvent, 'event'> | null;
  /** Delivered to the webhook endpoints that subscribe to it; false for system-side events. */
  readonly delivered: boolean;
  /** The payload type, for the typecheck only (never set); a function type keeps it invariant. */
  readonly payload?: (p: P) => P;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any payload: the map's values are checked where declared
export type EventDeclarations = Readonly<Record<string, EventDeclaration<any>>>;

/** No events (a module that declares none). */
export type NoEvents = Readonly<Record<never, never>>;

/** The payload map of a set of declarations: `{ 'contact.created': ContactPayload, ... }`. */
export type PayloadsOf<E> = {
  -readonly [K in keyof E & string]: E[K] extends EventDeclaration<infer P> ? P : never;
};

/**
 * Declares an event with payload P:
 * - `listed(description, fields)`: in the public catalog, delivered to the endpoints subscribed to it;
 *   `fields` are exactly the keys of P (a missing or an extra one fails the typecheck), in catalog order;
 * - `unlisted()`: delivered to the endpoints that name it, but not in the catalog (cost.*);
 * - `systemSide()`: an automation trigger, never delivered to webhooks (SPEC 6.2, last paragraph).
 */
export function event<P extends Payload>() {
  return {
    listed<const N extends FieldSet<P>>(
      description: string,
      fields: N & { readonly [K in Exclude<keyof N, AllKeys<P>>]: never },
    ): EventDeclaration<P> {
      return { catalog: { description, dataFields: Object.freeze(Object.keys(fields)) }, delivered: true };
    },
    unlisted(): EventDeclaration<P> {
      return { catalog: null, delivered: true };
    },
    systemSide(): EventDeclaration<P> {
      return { catalog: null, delivered: false };
    },
  };
}
