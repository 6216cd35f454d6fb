import { prefixEnd, type CustomerSearch } from '../domain/customer-search.ts';
import { db, type Tx } from './db.ts';
import { notStaffSql } from './privileges.ts';

/**
 * The customers a search finds, a page at a time by name: the one query behind the phone booking's
 * lookup and the Customers list (docs/decisions/061 and 073), each of which adds what its screen
 * shows. Staff and erased records are never found: staff are changed in the staff list, an erased
 * record holds nothing to match.
 */
export interface FoundCustomer {
  id: string;
  name: string | null;
  phone: string | null;
  email: string | null;
  verified: boolean;
  /** The list's sort key, `lower(name)`, for the cursor. */
  sort: string;
}

/** A customer staff may find and change: not erased, not a member of staff (alias `c`). */
export const LIVE_CUSTOMER = `c.erased_at IS NULL AND ${notStaffSql('c')}`;
const SORT = `lower(coalesce(c.name, ''))`;
const COLUMNS = `c.id, c.name, c.phone, c.email, c.phone_verified_at IS NOT NULL AS verified, ${SORT} AS sort`;

/**
 * The customers whose terms match every group of the search, after the cursor `after` (sort, id).
 * Every alternative of every group is a range of customer_search_terms' primary key; a customer is
 * found when its terms cover all the groups. With no groups, everyone (the list without a search).
 */
export function matchingCustomersQuery(
  search: CustomerSearch,
  page: { after: readonly [string, string]; limit: number },
): { sql: string; params: unknown[] } {
  const params: unknown[] = [page.after[0], page.after[1], page.limit];
  if (search.groups.length === 0)
    return {
      sql: `SELECT ${COLUMNS} FROM customers c WHERE ${LIVE_CUSTOMER} AND (${SORT}, c.id) > ($1, $2) ORDER BY ${SORT}, c.id LIMIT $3`,
      params,
    };
  const alternatives = search.groups.flatMap((group, g) => group.map((term) => ({ term, g })));
  params.push(
    alternatives.map((a) => a.term),
    alternatives.map((a) => prefixEnd(a.term)),
    alternatives.map((a) => a.g),
    search.groups.length,
  );
  return {
    sql: `SELECT ${COLUMNS}
            FROM (SELECT t.customer_id
                    FROM unnest($4::text[], $5::text[], $6::int[]) AS w(lo, hi, grp)
                    JOIN customer_search_terms t ON t.term >= w.lo COLLATE "C" AND t.term < w.hi COLLATE "C"
                   GROUP BY t.customer_id
                  HAVING count(DISTINCT w.grp) = $7) hits
            -- Each hit fetched by its key (OFFSET 0 keeps the planner from hashing every customer instead).
            CROSS JOIN LATERAL (SELECT * FROM customers c0 WHERE c0.id = hits.customer_id OFFSET 0) c
           WHERE ${LIVE_CUSTOMER} AND (${SORT}, c.id) > ($1, $2)
           ORDER BY ${SORT}, c.id LIMIT $3`,
    params,
  };
}

export async function findCustomers(
  search: CustomerSearch,
  page: { after?: readonly [string, string]; limit: number },
  tx: Tx = db(),
): Promise<FoundCustomer[]> {
  const { sql, params } = matchingCustomersQuery(search, { after: page.after ?? ['', ''], limit: page.limit });
  return (await tx.query<FoundCustomer>(sql, params)).rows;
}
