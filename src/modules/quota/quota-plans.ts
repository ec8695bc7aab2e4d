import { PLANS, type Plan } from '../identity/identity.module';

/** Monthly requests per credential (SPEC 8); null = unlimited. */
export const PLAN_LIMITS: Readonly<Record<Plan, number | null>> = Object.freeze({
  FREE: 1_000,
  BASIC: 25_000,
  PRO: 250_000,
  AI: null,
});

export function monthlyLimit(plan: string): number | null {
  const limit = PLAN_LIMITS[plan as Plan];
  if (limit === undefined) throw new Error(`Unknown plan ${plan}`);
  return limit;
}

/** True when some plan allows more requests than `plan` does (so on every limited plan). */
export function canUpgrade(plan: string): boolean {
  const current = monthlyLimit(plan);
  return (
    current !== null &&
    PLANS.some((p) => {
      const limit = PLAN_LIMITS[p];
      return limit === null || limit > current;
    })
  );
}
