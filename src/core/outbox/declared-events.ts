import type { AnyModule } from '../module';
import type { CatalogEvent, EventAccess, EventDeclaration, EventDeclarations, Payload } from './event-declarations';

/**
 * The events every composed module declares (its manifest's `events`), known at run time: the
 * public webhook catalog and which events are never delivered are read from here, so a module that
 * adds events changes nothing outside its folder.
 */
export class DeclaredEvents {
  /**
   * The public webhook catalog: the listed events of `catalogOrder`'s modules first, in that order,
   * then those of the other modules in list order; each module's in the order it declares them.
   */
  readonly catalog: readonly CatalogEvent[];
  private readonly byName = new Map<string, EventDeclaration<Payload>>();
  private readonly accessByName = new Map<string, EventAccess>();

  constructor(modules: readonly AnyModule[], catalogOrder: readonly AnyModule[] = []) {
    const declaredBy = new Map<string, string>();
    for (const m of modules) {
      for (const [name, declaration] of Object.entries<EventDeclaration<Payload>>(m.events as EventDeclarations)) {
        const other = declaredBy.get(name);
        if (other) throw new Error(`Event ${name} is declared by both module "${other}" and "${m.name}"`);
        declaredBy.set(name, m.name);
        this.byName.set(name, declaration);
        if (m.eventAccess) this.accessByName.set(name, m.eventAccess);
      }
    }
    const ordered = [
      ...catalogOrder.filter((m) => modules.includes(m)),
      ...modules.filter((m) => !catalogOrder.includes(m)),
    ];
    this.catalog = Object.freeze(
      ordered.flatMap((m) =>
        Object.entries<EventDeclaration<Payload>>(m.events as EventDeclarations).flatMap(([event, { catalog }]) =>
          catalog ? [Object.freeze({ event, ...catalog })] : [],
        ),
      ),
    );
  }

  /** In the public catalog: an endpoint or an automation names it as a catalog event. */
  isListed(name: string): boolean {
    return this.byName.get(name)?.catalog != null;
  }

  /** What receiving the event needs (its module's `eventAccess`); null: nothing beyond managing endpoints (custom names too). */
  accessOf(name: string): EventAccess | null {
    return this.accessByName.get(name) ?? null;
  }

  /** Whether webhook endpoints subscribed to it get it: all but system-side events (undeclared names too). */
  isDelivered(name: string): boolean {
    return this.byName.get(name)?.delivered ?? true;
  }
}
