/**
 * SQL of the professional list (/search and the finder) and the finder's stats. Ratings come from the
 * professional_ratings aggregate (kept by triggers on reviews, migration 0007), never from a scan of
 * reviews; every order has an index that serves a filtered page (see bench/ for the figures).
 */
import { createHash } from 'node:crypto';
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { cappedSearchTotal, PRO_SEARCH_COUNT_CAP, PRO_SEARCH_PAGE_SIZE, type ProSearchSort, type ProSearchTotal, type Category } from '@khedma/shared';
import { normalizeSearchText } from '@khedma/shared/domain/search';
import type { Db } from '../../db/client';
import {
  cities,
  professionalFirstNames,
  professionalRatings,
  professionalListedCount,
  professionals,
  professionalSearchCounts,
  professionalSearchKeys,
  professionalServices,
  profiles,
  SEARCH_KEYS_ANY_CATEGORY,
  SEARCH_KEYS_ANY_CITY,
  serviceTypes,
} from '../../db/schema/index';

export interface ProSearchFilter {
  /** A city slug (any case) or id, as asked for: resolved inside the statements (one round trip less). */
  city?: string;
  serviceId?: string;
  category?: Category;
  minRating: number;
  /** Text as typed (trimmed); matched on the first name, and through `serviceIds` / `cityIds`. */
  text?: string;
  /** Services and cities whose names match the text (found first: they are few). */
  textServiceIds?: string[];
  textCityIds?: string[];
  /** Whether any listed professional's first name contains the text (false: the keys' name part is left out). */
  textNames?: boolean;
}

/** LIKE pattern of a text typed by someone: %, _ and \ are taken literally. */
const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const ORDER: Record<ProSearchSort, SQL[]> = {
  rating: [sql`${professionalRatings.averageRating} desc`, sql`${professionalRatings.totalReviews} desc`, sql`${professionals.id}`],
  reviews: [sql`${professionalRatings.totalReviews} desc`, sql`${professionalRatings.averageRating} desc`, sql`${professionals.id}`],
  price: [asc(professionals.hourlyRate), asc(professionals.id)],
  name: [asc(professionals.name), asc(professionals.id)],
  // The first service's English name (the card's badge), then the name.
  service: [
    sql`(select min(st.name) from ${professionalServices} ps join ${serviceTypes} st on st.id = ps.service_type_id
         where ps.professional_id = ${professionals.id} and st.is_active)`,
    asc(professionals.name),
    asc(professionals.id),
  ],
  location: [asc(cities.name), asc(professionals.name), asc(professionals.id)],
};

const keys = professionalSearchKeys;
/**
 * The same orders on the search keys (migration 0018), each served by one of its btree indexes: the
 * keys hold copies of the values ORDER reads, so the ids come out in exactly ORDER's order.
 */
const KEY_ORDER: Partial<Record<ProSearchSort, SQL[]>> = {
  rating: [sql`${keys.averageRating} desc`, sql`${keys.totalReviews} desc`, asc(keys.professionalId)],
  reviews: [sql`${keys.totalReviews} desc`, sql`${keys.averageRating} desc`, asc(keys.professionalId)],
  price: [asc(keys.hourlyRate), asc(keys.professionalId)],
  name: [asc(keys.name), asc(keys.professionalId)],
};

/** The same orders as columns of the keys, for the text search's union (textIdsStatement). */
const KEY_SORT_COLUMNS = {
  rating: 'average_rating desc, total_reviews desc, professional_id',
  reviews: 'total_reviews desc, average_rating desc, professional_id',
  price: 'hourly_rate, professional_id',
  name: 'name, professional_id',
} as const;

/** A prepared statement: its values given at each call. */
interface Executable<T> {
  execute(values?: Record<string, unknown>): Promise<T>;
}
/** A statement drizzle can both print and prepare under a name. */
interface Preparable<T> {
  toSQL(): { sql: string };
  prepare(name: string): Executable<T>;
}

/**
 * The values of the search statements, as placeholders: a statement's text depends only on the shape
 * of the filter (which filters are there, the order, how many services and cities a text matched), so
 * it is built once per shape and its values bound at each call.
 */
const P = {
  city: sql.placeholder('city'),
  service: sql.placeholder('service'),
  category: sql.placeholder('category'),
  minRating: sql.placeholder('minRating'),
  pattern: sql.placeholder('pattern'),
  offset: sql.placeholder('offset'),
  wanted: sql.placeholder('wanted'),
  /** Rows a capped count reads at most: the cap and one more (PRO_SEARCH_COUNT_CAP). */
  countLimit: sql.placeholder('countLimit'),
};
const textCity = (i: number) => sql.placeholder(`textCity${i}`);
const textService = (i: number) => sql.placeholder(`textService${i}`);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export class ProsSearchRepository {
  /** false: every page and count takes the general query (the tests compare both paths). */
  useSearchKeys = true;
  /** false: statements built, parsed and planned on every call, as before issue 40 (the bench measures both). */
  namedStatements = true;
  /** The prepared statements, by shape (see `shape`): built and named once. */
  private readonly statements = new Map<string, Executable<unknown>>();

  constructor(private readonly db: Db) {}

  /**
   * Runs a search statement (issue 40: each call was built, parsed and planned anew; 5-11 ms at 100k
   * professionals under load). The statement is built once per shape with placeholders and kept as a
   * named prepared statement, named by a hash of its text (node-postgres refuses one name for two texts):
   * node-postgres parses it once per connection and PostgreSQL may keep its plan, and drizzle no longer
   * builds its text on each call (0.4-0.9 ms of the server's CPU per search at load 10). PGlite's driver
   * runs it as any statement.
   */
  private run<T>(shape: string, build: () => Preparable<T>, values: Record<string, unknown>): Promise<T> {
    if (!this.namedStatements) return build().prepare('').execute(values);
    const key = `${this.useSearchKeys ? 'keys' : 'general'}|${shape}`;
    let statement = this.statements.get(key) as Executable<T> | undefined;
    if (!statement) {
      // The text search's statements too (decision 0034): the text reaches the keys only through the first
      // names' array, so one plan serves every text (planned on each call before: 1.2 ms for a 2 ms count at 1M).
      const query = build();
      statement = query.prepare(`pros_search_${createHash('sha1').update(query.toSQL().sql).digest('hex').slice(0, 20)}`);
      this.statements.set(key, statement);
    }
    return statement.execute(values);
  }

  /**
   * What a statement's text depends on besides the order: every filter's presence (not its value), the
   * city as id or slug, the number of services and cities the text matched. A value never changes it.
   */
  private shape(f: ProSearchFilter): string {
    return [
      f.city ? (UUID.test(f.city) ? 'city-id' : 'city-slug') : '',
      f.serviceId ? 'service' : '',
      f.category ? 'category' : '',
      f.minRating > 0 ? 'rating' : '',
      f.text ? `text-${f.textCityIds?.length ?? 0}-${f.textServiceIds?.length ?? 0}${f.textNames === false ? '-nonames' : ''}` : '',
    ].join('|');
  }

  /** The values of a filter's placeholders. */
  private values(f: ProSearchFilter, offset = 0): Record<string, unknown> {
    const values: Record<string, unknown> = {
      city: f.city,
      service: f.serviceId,
      category: f.category ?? SEARCH_KEYS_ANY_CATEGORY,
      minRating: f.minRating,
      pattern: f.text === undefined ? undefined : containsPattern(f.text),
      offset,
      wanted: offset + PRO_SEARCH_PAGE_SIZE + 1,
      countLimit: PRO_SEARCH_COUNT_CAP + 1,
    };
    f.textCityIds?.forEach((id, i) => (values[`textCity${i}`] = id));
    f.textServiceIds?.forEach((id, i) => (values[`textService${i}`] = id));
    return values;
  }

  /**
   * The city asked for, by slug (any case) or id, as a subquery: null when unknown or inactive, which
   * then matches nobody (not "every city"). Inside the page and count statements, so that a page is
   * not one round trip more for the city; a planner constant (an InitPlan), so the keys' index is
   * still walked in order.
   */
  private cityRef(value: string): SQL {
    const match = UUID.test(value) ? sql`c.id = ${P.city}::uuid` : sql`lower(c.slug) = lower(${P.city})`;
    return sql`(select c.id from ${cities} c where ${match} and c.is_active)`;
  }

  /**
   * Active services and cities whose name (in any language) contains the text, folded like the catalogue
   * search, and whether any professional's first name contains it, in one statement. The services' and cities'
   * names are kept folded (migration 0044; issue 40: two statements, each folding every name on each call, were
   * 0.4-0.5 ms of PostgreSQL's CPU per text search). The first names are looked up in the distinct first names
   * (migration 0045, a few thousand rows where the keys hold millions): a text that is no one's name then leaves
   * the names out of the keys' union. (Before, the check walked the keys in rating order to the first match,
   * planned on each call: 0.7-1.1 ms of PostgreSQL's CPU, so it was made only with a category or a service.)
   * The table keeps names nobody has any more, so "yes" may be stale (the union's names part then finds no key
   * row, at the cost of an index probe) and "no" is always right.
   */
  async textMatches(text: string): Promise<{ serviceIds: string[]; cityIds: string[]; names: boolean }> {
    const rows = await this.run(
      'text-matches-first-names',
      () =>
        this.db.select({ kind: sql<'service' | 'city' | 'name'>`m.kind`, id: sql<string | null>`m.id` }).from(sql`(
          select 'service' as kind, st.id from ${serviceTypes} st where st.is_active and st.names_search_text like ${P.pattern}
          union all
          select 'city', c.id from ${cities} c where c.is_active and c.names_search_text like ${P.pattern}
          union all
          select 'name', null::uuid from (select 1 from ${professionalFirstNames} n where n.name ilike ${sql.placeholder('namePattern')} limit 1) as n) as m`),
      { pattern: containsPattern(normalizeSearchText(text)), namePattern: containsPattern(text) },
    );
    const ids = (kind: string) => rows.filter((r) => r.kind === kind).map((r) => r.id!);
    return { serviceIds: ids('service'), cityIds: ids('city'), names: rows.some((r) => r.kind === 'name') };
  }

  private conditions(f: ProSearchFilter): SQL {
    // Written as literals so that the planner proves the partial indexes' predicate (migration 0015).
    const where: Array<SQL | undefined> = [sql`${professionals.status} = 'active'`, sql`${professionals.approvedAt} is not null`];
    // Any of the professional's cities (the array kept from professional_cities: one GIN index scan).
    if (f.city) where.push(sql`${professionals.cityIds} @> array[${this.cityRef(f.city)}]::uuid[]`);
    if (f.serviceId) {
      where.push(sql`exists (select 1 from ${professionalServices} ps where ps.professional_id = ${professionals.id} and ps.service_type_id = ${P.service})`);
    }
    // Offers an active service of the category: exactly the categories array (kept by triggers, migration 0015).
    if (f.category) where.push(sql`${professionals.categories} @> array[${P.category}]::text[]`);
    if (f.minRating > 0) where.push(sql`${professionalRatings.averageRating} >= ${P.minRating}`);
    if (f.text) {
      const either: SQL[] = [sql`${professionals.name} ilike ${P.pattern}`];
      if (f.textCityIds?.length) either.push(sql`${professionals.cityIds} && array[${sql.join(f.textCityIds.map((_, i) => sql`${textCity(i)}`), sql`, `)}]::uuid[]`);
      if (f.textServiceIds?.length) {
        either.push(
          sql`exists (select 1 from ${professionalServices} ps where ps.professional_id = ${professionals.id} and ps.service_type_id in (${sql.join(
            f.textServiceIds.map((_, i) => sql`${textService(i)}`),
            sql`, `,
          )}))`,
        );
      }
      where.push(sql`(${sql.join(either, sql` or `)})`);
    }
    return and(...where)!;
  }

  /**
   * Whether the keys and counters hold the filter: a city, a category or a service (not both: the keys
   * hold one or the other, migration 0040) and a minimum rating. A text takes the general query.
   */
  private onKeys(f: ProSearchFilter): boolean {
    return this.useSearchKeys && !f.text && !(f.serviceId && f.category);
  }

  /**
   * The keys' "category" column of a filter: the category, the service (its id as text, migration
   * 0040; cast through uuid so that any spelling of the id the API takes finds it), or any.
   */
  private keysFacet(f: ProSearchFilter): SQL {
    return f.serviceId ? sql`(${P.service})::uuid::text` : sql`${P.category}`;
  }

  /**
   * The filter as a range of the search keys, when it is only city, category or service, and minimum
   * rating (a text, or a service with a category, takes the general query): exactly one key row per
   * matching professional.
   */
  private keysCondition(f: ProSearchFilter): SQL | undefined {
    if (!this.onKeys(f)) return undefined;
    return and(
      f.city ? eq(keys.cityId, this.cityRef(f.city)) : eq(keys.cityId, SEARCH_KEYS_ANY_CITY),
      sql`${keys.category} = ${this.keysFacet(f)}`,
      f.minRating > 0 ? sql`${keys.averageRating} >= ${P.minRating}` : undefined,
    );
  }

  /**
   * One page (plus one row, to tell whether more follow) in the given order: the page's ids (and the
   * city its cards show) by one statement, then their cards by another. Apart, each is planned once
   * (issue 40): the ids' statement reads one table on the keys' path, and the cards' statement, whose
   * only value is a list of at most 13 ids, has a plan that suits every call; together, PostgreSQL
   * planned the six-table join anew on every call (its estimate for a generic plan was worse than a
   * custom one), 1.8 ms of its CPU for 0.5 ms of execution at 100k professionals.
   */
  async page(f: ProSearchFilter, sort: ProSearchSort, page: number) {
    const offset = (page - 1) * PRO_SEARCH_PAGE_SIZE;
    const text = this.onKeysText(f, sort);
    const ids = await this.run(`ids|${sort}|${this.shape(f)}`, () => (text ? this.textIdsStatement(f, sort) : this.idsStatement(f, sort)), this.values(f, offset));
    if (ids.length === 0) return [];
    const rows = await this.run('cards', () => this.cardsStatement(), {
      ids: `{${ids.map((r) => r.id).join(',')}}`,
      shownCity: ids[0]!.shownCityId ?? null,
    });
    // In the ids' order (the statement orders by their position; kept here whatever a driver does).
    const byId = new Map(rows.map((r) => [r.id, r]));
    return ids.map((r) => byId.get(r.id)).filter((r) => r !== undefined);
  }

  /** The cards of a page's ids, in their order; the city shown is the one searched for, else each one's first. */
  private cardsStatement() {
    return this.db
      .select({
        id: professionals.id,
        name: professionals.name,
        hourlyRate: professionals.hourlyRate,
        approvedAt: professionals.approvedAt,
        avatarUrl: profiles.avatarUrl,
        cityId: cities.id,
        citySlug: cities.slug,
        cityName: cities.name,
        cityNameFr: cities.nameFr,
        cityNameAr: cities.nameAr,
        citiesCount: sql<number>`cardinality(${professionals.cityIds})`,
        // The card's active services, by name (the first is its badge).
        services: sql<unknown>`(select coalesce(json_agg(json_build_object('id', st.id, 'category', st.category, 'name', st.name,
            'nameFr', st.name_fr, 'nameAr', st.name_ar) order by st.name, st.id), '[]'::json)
          from ${professionalServices} ps join ${serviceTypes} st on st.id = ps.service_type_id
          where ps.professional_id = ${professionals.id} and st.is_active)`,
        averageRating: professionalRatings.averageRating,
        totalReviews: professionalRatings.totalReviews,
      })
      .from(sql`unnest(${sql.placeholder('ids')}::uuid[]) with ordinality as page_ids (id, n)`)
      .innerJoin(professionals, sql`${professionals.id} = page_ids.id`)
      .innerJoin(professionalRatings, eq(professionalRatings.professionalId, professionals.id))
      .innerJoin(cities, sql`${cities.id} = coalesce(${sql.placeholder('shownCity')}::uuid, ${professionals.cityId})`)
      .leftJoin(profiles, eq(profiles.id, professionals.userId))
      .orderBy(sql`page_ids.n`);
  }

  /** The page's ids for a filter's shape and an order (values as placeholders), with the city the cards show. */
  private idsStatement(f: ProSearchFilter, sort: ProSearchSort) {
    const fields = { id: professionals.id, shownCityId: f.city ? sql<string | null>`${this.cityRef(f.city)}` : sql<string | null>`null::uuid` };
    if (sort === 'location' && !f.city) {
      // By first city's name, then name: the first rows of each city (one walk of the (city_id, name, id)
      // index per city; there are a handful), merged, instead of sorting every match (bench/README.md).
      const inner = this.db.select({ pid: professionals.id }).from(professionals);
      const firstOfCity = (f.minRating > 0 ? inner.innerJoin(professionalRatings, eq(professionalRatings.professionalId, professionals.id)) : inner)
        .where(and(this.conditions(f), sql`${professionals.cityId} = ${cities.id}`))
        .orderBy(asc(professionals.name), asc(professionals.id))
        .limit(P.wanted)
        .as('first_of_city');
      return this.db
        .select(fields)
        .from(cities)
        .crossJoinLateral(firstOfCity)
        .innerJoin(professionals, eq(professionals.id, firstOfCity.pid))
        .orderBy(...ORDER.location)
        .limit(PRO_SEARCH_PAGE_SIZE + 1)
        .offset(P.offset);
    }
    // Within one city, the location order is the name order (the city's name is the same on every row).
    const keyOrder = KEY_ORDER[sort === 'location' && f.city ? 'name' : sort];
    const onKeys = keyOrder && this.keysCondition(f);
    if (keyOrder && onKeys) {
      // One walk of the keys' index, in the order asked for.
      return this.db
        .select({ id: keys.professionalId, shownCityId: sql<string | null>`nullif(${keys.cityId}, ${SEARCH_KEYS_ANY_CITY}::uuid)` })
        .from(keys)
        .where(onKeys)
        .orderBy(...keyOrder)
        .limit(PRO_SEARCH_PAGE_SIZE + 1)
        .offset(P.offset);
    }
    const query = this.db.select(fields).from(professionals).innerJoin(professionalRatings, eq(professionalRatings.professionalId, professionals.id));
    // The location order reads the name of the city shown: the one searched for, else the first.
    return (sort === 'location' ? query.innerJoin(cities, f.city ? eq(cities.id, this.cityRef(f.city)) : eq(cities.id, professionals.cityId)) : query)
      .where(this.conditions(f))
      .orderBy(...ORDER[sort])
      .limit(PRO_SEARCH_PAGE_SIZE + 1)
      .offset(P.offset);
  }

  /**
   * A text search on the keys (issue 40; the general query read every professional of the city and
   * checked the text on each: 0.8 s at 100k for `q=plumb&city=casablanca`, and 0.5 s at 1M for a text
   * with a category): whether this filter and order take it. A text with a city, a category or a
   * service (not both) and a minimum rating, in an order the keys hold.
   */
  private onKeysText(f: ProSearchFilter, sort?: ProSearchSort): boolean {
    if (!this.useSearchKeys || !f.text || (f.category && f.serviceId)) return false;
    return sort === undefined || sort in KEY_SORT_COLUMNS || (sort === 'location' && !!f.city);
  }

  /**
   * The professionals a text matches, as key rows of the city asked for (or of any city): the first
   * name contains it (the keys' rows of the first names that do, migration 0045), or one of the
   * services it names is offered (those services' key rows), or one of the cities it names is theirs
   * (that city's key rows, with a row of the city asked for); the names part only when some listed
   * professional's first name contains the text (`textNames`). With a category or a service (the facet),
   * each branch keeps the professionals who also have the facet's key row in the city asked for: the
   * names are read on the facet's rows, the services' and cities' rows are checked against it (a
   * primary-key probe per row read). Each branch, when `order` is given, stops at the page's end in that
   * order: the page is the first rows of their union, whatever the number of matches. Without `order`
   * (a count), each branch stops after PRO_SEARCH_COUNT_CAP + 1 rows.
   */
  private textBranches(f: ProSearchFilter, order?: string): SQL {
    const city = f.city ? this.cityRef(f.city) : sql`${SEARCH_KEYS_ANY_CITY}::uuid`;
    const facet = f.category || f.serviceId ? this.keysFacet(f) : sql`''`;
    const hasFacet = f.category || f.serviceId ? sql` and exists (select 1 from ${keys} kf where kf.professional_id = k.professional_id and kf.city_id = ${city} and kf.category = ${facet})` : sql``;
    const rating = f.minRating > 0 ? sql` and k.average_rating >= ${P.minRating}` : sql``;
    // A page: each branch's first rows in its order. A count: each branch's first cap + 1 rows in any
    // order (each branch holds one row per professional, so one full branch means more than the cap).
    const tail = order ? sql` order by ${sql.raw(order)} limit ${P.wanted}` : sql` limit ${P.countLimit}`;
    // A count needs the ids alone: its ranges are then read from the keys' indexes only (no table rows).
    const cols = sql.raw(order ? 'k.professional_id, k.average_rating, k.total_reviews, k.hourly_rate, k.name' : 'k.professional_id');
    const branches: SQL[] = [];
    if (f.textNames !== false) {
      // The first names that contain the text (migration 0045: a few), then the keys' rows of those names: by
      // equality, a range of the name index each, instead of every name of the city or facet tested in turn.
      const names = sql`array(select n.name from ${professionalFirstNames} n where n.name ilike ${P.pattern})`;
      branches.push(sql`(select ${cols} from ${keys} k where k.city_id = ${city} and k.category = ${facet} and k.name = any(${names})${rating}${tail})`);
    }
    (f.textServiceIds ?? []).forEach((_, i) =>
      branches.push(sql`(select ${cols} from ${keys} k where k.city_id = ${city} and k.category = (${textService(i)})::uuid::text${rating}${hasFacet}${tail})`),
    );
    (f.textCityIds ?? []).forEach((_, i) =>
      branches.push(sql`(select ${cols} from ${keys} k where k.city_id = (${textCity(i)})::uuid and k.category = ${facet}${rating}
        and exists (select 1 from ${keys} k2 where k2.professional_id = k.professional_id and k2.city_id = ${city} and k2.category = '')${tail})`),
    );
    // A text that names nothing and no one: no rows (an empty union is no statement).
    if (branches.length === 0) branches.push(sql`(select ${cols} from ${keys} k where false)`);
    return sql.join(branches, sql` union `);
  }

  /** The page's ids of a text search on the keys: the first rows of the branches' union, in the order asked for. */
  private textIdsStatement(f: ProSearchFilter, sort: ProSearchSort) {
    const order = KEY_SORT_COLUMNS[sort === 'location' ? 'name' : (sort as keyof typeof KEY_SORT_COLUMNS)];
    return this.db
      .select({ id: sql<string>`u.professional_id`, shownCityId: f.city ? sql<string | null>`${this.cityRef(f.city)}` : sql<string | null>`null::uuid` })
      .from(sql`(${this.textBranches(f, order)}) as u`)
      .orderBy(sql.raw(order.replace(/(^|, )/g, '$1u.')))
      .limit(PRO_SEARCH_PAGE_SIZE + 1)
      .offset(P.offset);
  }

  /**
   * How many professionals match (the finder's result count): exact from the kept counters for the
   * unfiltered list and a city, category or service and minimum rating; counted up to
   * PRO_SEARCH_COUNT_CAP + 1 rows for a text or a service with a category (issue 40: at 1M professionals
   * the exact count of `q=plumb&city=casablanca` was 33 ms of PostgreSQL's CPU per search), "more than the
   * cap" beyond (cappedSearchTotal). Which of the two depends on the filter alone, not on the path
   * (keys or general query), so both paths answer the same.
   */
  async count(f: ProSearchFilter): Promise<ProSearchTotal> {
    if (this.countsExactly(f)) return { total: await this.exactCount(f), totalExact: true };
    if (this.onKeysText(f)) {
      // A text with at most a city, a category or a service, and a minimum rating: the union of its
      // branches' key rows (index ranges), each branch stopped after cap + 1 rows.
      const [row] = await this.run(
        `text-count|${this.shape(f)}`,
        () => this.db.select({ n: sql<number>`count(*)::int` }).from(sql`(${this.textBranches(f)}) as u`),
        this.values(f),
      );
      return cappedSearchTotal(Number(row?.n ?? 0));
    }
    // A service with a category (with a text or not), or a text on the general query (useSearchKeys
    // off): the general query's rows, up to cap + 1
    // (professionals_listed_idx and the GIN indexes).
    const [row] = await this.run(
      `capped-count|${this.shape(f)}`,
      () => {
        const base = this.db.select({ one: sql<number>`1`.as('one') }).from(professionals);
        const query = f.minRating > 0 ? base.innerJoin(professionalRatings, eq(professionalRatings.professionalId, professionals.id)) : base;
        const matches = query.where(this.conditions(f)).limit(P.countLimit).as('matches');
        return this.db.select({ n: sql<number>`count(*)::int` }).from(matches);
      },
      this.values(f),
    );
    return cappedSearchTotal(Number(row?.n ?? 0));
  }

  /** Whether a filter's count is exact (kept counters): no text, and not a service together with a category. */
  private countsExactly(f: ProSearchFilter): boolean {
    return !f.text && !(f.serviceId && f.category);
  }

  /** The exact count of a filter without text (and not a service with a category). */
  private async exactCount(f: ProSearchFilter): Promise<number> {
    if (this.onKeys(f)) {
      // Unfiltered: the count kept by a trigger (migration 0023), one row, whatever the number of professionals.
      if (!f.city && !f.category && !f.serviceId && !(f.minRating > 0)) return this.listedCount();
      // City, category or service, and minimum rating: the counters kept with the search keys (migrations
      // 0037 and 0040), at most 11 rows (one per half star at or above the minimum), whatever the number
      // of matches.
      const counts = professionalSearchCounts;
      const [row] = await this.run(
        `counters|${this.shape(f)}`,
        () =>
          this.db
            .select({ n: sql<number>`coalesce(sum(${counts.n}), 0)::int` })
            .from(counts)
            .where(
              and(
                f.city ? eq(counts.cityId, this.cityRef(f.city)) : eq(counts.cityId, SEARCH_KEYS_ANY_CITY),
                sql`${counts.category} = ${this.keysFacet(f)}`,
                sql`${counts.ratingFloor} >= ${P.minRating}`,
              ),
            ),
        this.values(f),
      );
      return Number(row?.n ?? 0);
    }
    // The general query's count (useSearchKeys off: the tests and the bench compare both paths).
    const [row] = await this.run(
      `count|${this.shape(f)}`,
      () => {
        const base = this.db.select({ n: sql<number>`count(*)::int` }).from(professionals);
        const query = f.minRating > 0 ? base.innerJoin(professionalRatings, eq(professionalRatings.professionalId, professionals.id)) : base;
        return query.where(this.conditions(f));
      },
      this.values(f),
    );
    return Number(row?.n ?? 0);
  }

  /** How many professionals are listed (active and approved), as the trigger of migration 0023 keeps it. */
  async listedCount(): Promise<number> {
    const [row] = await this.run('listed', () => this.db.select({ n: professionalListedCount.n }).from(professionalListedCount), {});
    return Number(row?.n ?? 0);
  }

  /** The finder's tiles: active professionals, the services and cities they cover, the average rating of their reviews. */
  async stats() {
    const active = sql`p.status = 'active' and p.approved_at is not null`;
    const [row] = await this.db
      .select({
        professionals: sql<number>`(select n from ${professionalListedCount})`,
        services: sql<number>`(select count(distinct ps.service_type_id)::int from ${professionalServices} ps
          join ${professionals} p on p.id = ps.professional_id join ${serviceTypes} st on st.id = ps.service_type_id
          where ${active} and st.is_active)`,
        cities: sql<number>`(select count(distinct c)::int from ${professionals} p cross join unnest(p.city_ids) c where ${active})`,
        ratingSum: sql<number>`(select coalesce(sum(r.rating_sum), 0)::bigint from ${professionalRatings} r join ${professionals} p on p.id = r.professional_id where ${active})`,
        reviews: sql<number>`(select coalesce(sum(r.total_reviews), 0)::bigint from ${professionalRatings} r join ${professionals} p on p.id = r.professional_id where ${active})`,
      })
      .from(sql`(select 1) as one`);
    return row!;
  }
}
