import { beforeAll, describe, expect, test } from "vitest";
import { alertListQuery, unreadAlertCountQuery } from "../../app/models/alert/alert.server";
import { campaignListQuery, campaignProductListQuery } from "../../app/models/campaign/campaign.server";
import { customerListQuery } from "../../app/models/customer/customer.server";
import { documentListQueries } from "../../app/models/order/document-read.server";
import { testDatabase } from "../setup/database";

/**
 * The lists beside the catalogue's (list-plans.test.ts) are served by indexes too: with 50,000
 * customers, 1,000 campaigns of 20 products each and 20,000 alerts, the queries the customers,
 * campaigns and alerts pages run (taken from their model modules, as built there) read their
 * tables through an index, never by a sequential scan. The plans are the database's own (EXPLAIN).
 *
 * A few thousand customers fit in about a hundred pages, which PostgreSQL rightly reads whole:
 * the customer base is seeded large enough for the indexes to matter, with names varied enough
 * for a search to find a few customers, as searches do.
 */
const db = testDatabase();

const words = (text: string) => text.trim().split(/\s+/);

const FIRST_NAMES = words(`
  Aino Eero Liisa Mikko Sanna Timo Noora Ville Anna Juha Kaisa Matti Laura Pekka Emma Jari Sofia Antti
  Helmi Olli Elina Jukka Minna Kari Tiina Heikki Riikka Markku Johanna Petri Satu Janne Hanna Tuomas
  Maria Lauri Veera Joonas Iida Eetu`);
const NAME_STEMS = words(`
  Virta Korho Mäki Niemi Lahti Salo Koski Järvi Lehto Heikki Saari Kallio Harju Oja Rinne Hiltu Kivi
  Lampi Mustone Ranta Hakala Kinnu Leino Turu Anttila Seppä Hyvö Koivu Aalto Manni`);
const NAME_ENDINGS = words(`
  nen la lä mäki ranta vaara salo aho koski lehto niemi inen järvi suo harju oja kangas pelto joki
  lahti nummi mo ma kari luoto rinne vuori laakso metsä saari`);

const sqlArray = (values: string[]) => `array[${values.map((v) => `'${v}'`).join(", ")}]`;

beforeAll(async () => {
  const em = db.orm.em.fork();
  await em.execute(`insert into supplier (name) values ('Supplier') on conflict ((lower(name))) do nothing`);
  await em.execute(`insert into product (name, sku, brand, purchase_price, selling_price, supplier_id)
    select 'Product ' || i, 'PLAN-' || i, 'Brand', 10, 20, (select id from supplier where lower(name) = lower('Supplier')) from generate_series(1, 5000) as i`);
  // 900 surnames (stem and ending), 40 first names: a surname is about one customer in 900.
  await em.execute(`insert into customer (first_name, last_name, email, phone, company, customer_type, vip_status, country)
    select f, l, lower(f || '.' || l) || i || '@' || (array['example.fi', 'posti.fi', 'yritys.fi', 'mail.com', 'kauppa.fi'])[1 + i % 5],
      '+358 40 ' || lpad((i * 7919 % 10000000)::text, 7, '0'), case when i % 3 = 1 then 'Yritys ' || i || ' Oy' end,
      (array['individual', 'business', 'retail'])[1 + i % 3], i % 10 = 0, 'Finland'
    from generate_series(1, 50000) as i,
      lateral (select (${sqlArray(FIRST_NAMES)})[1 + i % 40] as f,
        (${sqlArray(NAME_STEMS)})[1 + (i / 40) % 30] || (${sqlArray(NAME_ENDINGS)})[1 + (i / 1200) % 30] as l) as name`);
  await em.execute(`insert into campaign (name, start_date, end_date, is_active)
    select 'Campaign ' || i, date '2020-01-01' + (i * 7919) % 2000, date '2020-01-15' + (i * 7919) % 2000, i % 5 <> 0
    from generate_series(1, 1000) as i`);
  await em.execute(`insert into campaign_product (campaign_id, product_id, discount_price, original_price)
    select c, 1 + (c * 20 + k) % 5000, 15, 20 from generate_series(1, 1000) as c, generate_series(1, 20) as k`);
  // One unread alert in twenty, as when staff read them; at most one unread per type and product.
  await em.execute(`insert into alert (type, title, message, product_id, is_read, created_at)
    select (array['low_stock', 'low_margin', 'product_status'])[1 + i % 3], 'Alert', 'Alert ' || i, 1 + i % 5000,
      i > 1000, now() - ((i * 7919) % 20000) * interval '1 minute'
    from generate_series(1, 20000) as i`);
  // 50,000 orders and 20,000 quotes of those customers, over two years.
  await em.execute(`insert into sales_order (order_number, customer_id, status, order_date, total_amount, location_id)
    select 'SO-PLAN-' || i, 1 + (i * 7919) % 50000, (array['pending', 'confirmed', 'shipped', 'delivered'])[1 + i % 4],
      now() - ((i * 7919) % 730) * interval '1 day', 100, (select id from location where is_default)
    from generate_series(1, 50000) as i`);
  await em.execute(`insert into quote (quote_number, customer_id, quote_date, valid_until)
    select 'QU-PLAN-' || i, 1 + (i * 7919) % 50000, now() - ((i * 7919) % 730) * interval '1 day', current_date
    from generate_series(1, 20000) as i`);
  // As autovacuum would: statistics, and the trigram indexes' pending entries merged.
  for (const table of [
    "product",
    "customer",
    "campaign",
    "campaign_product",
    "alert",
    "sales_order",
    "quote",
  ]) {
    await em.execute(`vacuum analyze ${table}`);
  }
}, 300_000);

const SEQUENTIAL = /Seq Scan on (customer|campaign|campaign_product|alert|product|sales_order|quote)\b/;

async function plan(query: { getFormattedQuery(): string }) {
  const rows = await db.orm.em
    .fork()
    .execute<{ "QUERY PLAN": string }[]>(`explain ${query.getFormattedQuery()}`);
  return rows.map((row) => row["QUERY PLAN"]).join("\n");
}

test("the check sees a sequential scan where one is (a search too short for trigrams)", async () => {
  expect(await plan(customerListQuery("ab", db.orm.em.fork()))).toMatch(SEQUENTIAL);
});

describe("with 50,000 customers, the customers list reads no table sequentially", () => {
  const searches: Record<string, string | null> = {
    "/customers": null,
    "/customers searched by surname": "Virtanen",
    "/customers searched by first and last name": "aino virtanen",
    "/customers searched by part of an e-mail address": "aino.virtanen",
    "/customers searched by a common first name": "Aino",
  };
  for (const [name, search] of Object.entries(searches)) {
    test(name, async () => {
      expect(await plan(customerListQuery(search, db.orm.em.fork()))).not.toMatch(SEQUENTIAL);
    });
  }
});

describe("with 1,000 campaigns of 20 products, the campaigns pages read no table sequentially", () => {
  test("/campaigns (with each campaign's product count)", async () => {
    expect(await plan(campaignListQuery(db.orm.em.fork()))).not.toMatch(SEQUENTIAL);
  });

  test("/campaigns/:id (its products)", async () => {
    expect(await plan(campaignProductListQuery(500, db.orm.em.fork()))).not.toMatch(SEQUENTIAL);
  });
});

describe("with 20,000 alerts, the alerts read no table sequentially", () => {
  const lists: Record<string, Parameters<typeof alertListQuery>[0]> = {
    "/api/alerts": {},
    "/api/alerts?isRead=false": { isRead: false },
    "/api/alerts?isRead=true": { isRead: true },
    "the dashboard's unread alerts": { isRead: false, limit: 20 },
  };
  for (const [name, filters] of Object.entries(lists)) {
    test(name, async () => {
      expect(await plan(alertListQuery(filters, db.orm.em.fork()))).not.toMatch(SEQUENTIAL);
    });
  }

  test("the unread count every page shows", async () => {
    expect(await plan(unreadAlertCountQuery(db.orm.em.fork()))).not.toMatch(SEQUENTIAL);
  });
});

describe("with 50,000 orders and 20,000 quotes, the lists count them from an index", () => {
  const lists: Record<string, ["order" | "quote", Parameters<typeof documentListQueries>[1]]> = {
    "/orders": ["order", { limit: 25, offset: 0 }],
    "/orders?status=pending": ["order", { status: "pending", limit: 25, offset: 0 }],
    "/quotes": ["quote", { limit: 25, offset: 0 }],
  };
  for (const [name, [kind, filters]] of Object.entries(lists)) {
    test(name, async () => {
      const { count } = documentListQueries(kind, filters, db.orm.em.fork());
      expect(await plan(count.count())).not.toMatch(SEQUENTIAL);
    });
  }
});
