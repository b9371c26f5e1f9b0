import { sql, type Expression, type SqlBool } from 'kysely';

/**
 * 'Active now' for a promotion or bonus promotion: started (or no start) and not yet ended (or no end). Times are
 * ISO-8601 UTC strings, so text order is time order on both engines. One rule, in two forms: a pure predicate for
 * rows already read, and a SQL condition for queries.
 */
export interface PromotionWindow {
  starts_at: string | null;
  ends_at: string | null;
}

export function isPromotionActive(p: PromotionWindow, now: string): boolean {
  return (p.starts_at === null || p.starts_at <= now) && (p.ends_at === null || p.ends_at > now);
}

/** The same rule as a WHERE condition on `table` (a table name or alias holding starts_at and ends_at). */
export function promotionActiveAt(table: string, now: string): Expression<SqlBool> {
  const starts = sql.ref(`${table}.starts_at`);
  const ends = sql.ref(`${table}.ends_at`);
  return sql<SqlBool>`((${starts} is null or ${starts} <= ${now}) and (${ends} is null or ${ends} > ${now}))`;
}
