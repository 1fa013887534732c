import type { EntityManager } from "@mikro-orm/postgresql";
import { eanCheckDigit } from "./ean";

/**
 * The demo catalogue an empty database gets (SEED_DEMO=false turns it off), and synthetic
 * products for benchmarks. Deterministic: the same data on every machine. No users: the first
 * account created is the admin.
 */

function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    // mulberry32
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Rng = () => number;
const pick = <T>(rng: Rng, items: readonly T[]) => items[Math.floor(rng() * items.length)];
const between = (rng: Rng, min: number, max: number) => min + Math.floor(rng() * (max - min + 1));

function ean13(rng: Rng, prefix = "64") {
  let digits = prefix;
  while (digits.length < 12) digits += String(Math.floor(rng() * 10));
  return digits + eanCheckDigit(digits);
}

const CATEGORIES: [string, string, [string, string][]][] = [
  [
    "Computers",
    "Laptops, desktops and displays",
    [
      ["Laptops", "Portable computers for work and play"],
      ["Desktops", "Desktop computers and all-in-ones"],
      ["Monitors", "Displays and monitors"],
    ],
  ],
  [
    "Phones & Tablets",
    "Mobile devices",
    [
      ["Smartphones", "Android and iOS phones"],
      ["Tablets", "Tablets and e-readers"],
    ],
  ],
  [
    "Audio",
    "Sound for home and on the go",
    [
      ["Headphones", "Headphones and earbuds"],
      ["Speakers", "Wireless and home speakers"],
    ],
  ],
  ["TV & Home Cinema", "Televisions and home cinema", [["Televisions", "LED, OLED and QLED TVs"]]],
  [
    "Accessories",
    "Cables, chargers and more",
    [
      ["Cables", "USB, HDMI and network cables"],
      ["Chargers", "Chargers and power banks"],
    ],
  ],
];

// [subcategory, brand, model names, price range in euros]
const LINES: [string, string, string[], [number, number]][] = [
  [
    "Laptops",
    "Lenovo",
    [
      'ThinkPad E14 Gen 5 14" i5/16GB/512GB',
      'IdeaPad Slim 5 14" Ryzen 7/16GB/1TB',
      'Legion 5 15" RTX 4060',
      "ThinkBook 16 G6 i7/32GB",
    ],
    [599, 1899],
  ],
  [
    "Laptops",
    "Apple",
    ['MacBook Air 13" M3 8GB/256GB', 'MacBook Air 15" M3 16GB/512GB', 'MacBook Pro 14" M4 Pro'],
    [1199, 2799],
  ],
  [
    "Laptops",
    "Dell",
    ["XPS 13 9340 Ultra 7", "Latitude 5440 i5/16GB", "Inspiron 15 3530 i3/8GB"],
    [499, 1999],
  ],
  ["Laptops", "HP", ["EliteBook 840 G10", "Pavilion 15 Ryzen 5", "Victus 16 RTX 4050"], [549, 1699]],
  ["Laptops", "Asus", ["Zenbook 14 OLED", "Vivobook 15 i5", "ROG Strix G16"], [599, 2199]],
  ["Desktops", "HP", ["ProDesk 400 G9 SFF", "Omen 25L Gaming"], [599, 1599]],
  ["Desktops", "Lenovo", ["ThinkCentre M70q Tiny", 'IdeaCentre AIO 3 24"'], [549, 999]],
  ["Desktops", "Apple", ["Mac mini M4 16GB/256GB", 'iMac 24" M4'], [699, 1799]],
  [
    "Monitors",
    "Samsung",
    ['Odyssey G5 27" QHD 165Hz', 'ViewFinity S6 32" 4K', 'Smart Monitor M7 32"'],
    [229, 599],
  ],
  ["Monitors", "LG", ['UltraGear 27GR75Q 27"', '27UP850 27" 4K USB-C', "UltraWide 34WR50QC"], [249, 549]],
  ["Monitors", "Dell", ['P2423D 24" QHD', 'U2724D UltraSharp 27"'], [229, 499]],
  [
    "Smartphones",
    "Samsung",
    ["Galaxy S25 128GB", "Galaxy S25 Ultra 256GB", "Galaxy A55 5G 128GB", "Galaxy A16 4G 128GB"],
    [199, 1449],
  ],
  ["Smartphones", "Apple", ["iPhone 16 128GB", "iPhone 16 Pro 256GB", "iPhone 15 128GB"], [799, 1399]],
  ["Smartphones", "Xiaomi", ["Redmi Note 14 Pro 256GB", "Xiaomi 14T 256GB"], [299, 649]],
  ["Smartphones", "OnePlus", ["OnePlus 13 256GB", "Nord 4 5G 256GB"], [449, 1049]],
  [
    "Tablets",
    "Apple",
    ['iPad 10.9" Wi-Fi 64GB', 'iPad Air 11" M2 128GB', 'iPad Pro 13" M4 256GB'],
    [399, 1599],
  ],
  ["Tablets", "Samsung", ["Galaxy Tab S9 FE 128GB", "Galaxy Tab A9+ 64GB"], [199, 549]],
  ["Headphones", "Sony", ["WH-1000XM5 Wireless", "WF-1000XM5 True Wireless", "WH-CH720N"], [99, 429]],
  ["Headphones", "Bose", ["QuietComfort Ultra Headphones", "QuietComfort Earbuds II"], [249, 499]],
  ["Headphones", "Sennheiser", ["Momentum 4 Wireless", "Accentum Plus"], [179, 349]],
  ["Headphones", "Apple", ["AirPods Pro 2 USB-C", "AirPods 4"], [149, 279]],
  ["Speakers", "JBL", ["Flip 6", "Charge 5", "Boombox 3", "Go 4"], [49, 499]],
  ["Speakers", "Sonos", ["Era 100", "Move 2"], [249, 499]],
  ["Speakers", "Bose", ["SoundLink Flex"], [149, 169]],
  ["Televisions", "Samsung", ['55" QN90D Neo QLED 4K', '65" CU7172 4K', '43" Q60D QLED'], [399, 1999]],
  ["Televisions", "LG", ['55" OLED C4 4K', '65" QNED81 4K', '48" OLED B4'], [799, 2299]],
  ["Televisions", "Philips", ['50" PUS8509 Ambilight 4K', '55" OLED809'], [499, 1499]],
  ["Cables", "Belkin", ["USB-C to USB-C cable 2 m", "HDMI 2.1 Ultra High Speed 2 m"], [15, 39]],
  ["Cables", "Anker", ["PowerLine III USB-C to Lightning 1.8 m", "USB-C to USB-C 240W 1.8 m"], [14, 29]],
  ["Cables", "Logitech", ["USB receiver extension cable"], [9, 19]],
  [
    "Chargers",
    "Anker",
    ["Nano 65W USB-C charger", "PowerCore 20000 power bank", "Prime 100W GaN charger"],
    [29, 99],
  ],
  ["Chargers", "Belkin", ["BoostCharge Pro 3-in-1 MagSafe", "25W USB-C wall charger"], [25, 149]],
  ["Chargers", "Samsung", ["45W Super Fast Charger", "15W Wireless Charger Pad"], [29, 59]],
];

const SUPPLIERS = [
  "Tech Data Finland",
  "Ingram Micro Oy",
  "Also Finland Oy",
  "Elkotek Nordic",
  "Dustin Wholesale",
];

const CUSTOMERS: [string, string, string, string][] = [
  ["Aino", "Virtanen", "Helsinki", "Finland"],
  ["Mikko", "Korhonen", "Espoo", "Finland"],
  ["Laura", "Mäkinen", "Tampere", "Finland"],
  ["Juha", "Nieminen", "Turku", "Finland"],
  ["Emilia", "Mäkelä", "Oulu", "Finland"],
  ["Antti", "Hämäläinen", "Vantaa", "Finland"],
  ["Sanna", "Laine", "Jyväskylä", "Finland"],
  ["Timo", "Heikkinen", "Lahti", "Finland"],
  ["Johanna", "Koskinen", "Kuopio", "Finland"],
  ["Ville", "Järvinen", "Pori", "Finland"],
  ["Elina", "Lehtonen", "Joensuu", "Finland"],
  ["Jari", "Lehtinen", "Lappeenranta", "Finland"],
  ["Hanna", "Saarinen", "Vaasa", "Finland"],
  ["Petri", "Salminen", "Seinäjoki", "Finland"],
  ["Noora", "Heinonen", "Rovaniemi", "Finland"],
  ["Erik", "Lindqvist", "Stockholm", "Sweden"],
  ["Karin", "Johansson", "Göteborg", "Sweden"],
  ["Mart", "Tamm", "Tallinn", "Estonia"],
  ["Kadri", "Saar", "Tartu", "Estonia"],
  ["Pekka", "Rantanen", "Hämeenlinna", "Finland"],
];

const COMPANIES = [
  "Nordic Office Oy",
  "Kasvu Media Oy",
  "Helsingin Kuvaamo Oy",
  "Tampereen IT-Palvelut Oy",
  "Baltic Trade OÜ",
  "Stockholm Events AB",
];

/** Multi-row insert; returns the ids. */
async function insertRows(
  em: EntityManager,
  table: string,
  columns: string[],
  rows: unknown[][],
): Promise<number[]> {
  if (!rows.length) return [];
  const placeholders = rows.map(() => `(${columns.map(() => "?").join(", ")})`).join(", ");
  const result = await em.execute<{ id: number }[]>(
    `insert into ${table} (${columns.join(", ")}) values ${placeholders} returning id`,
    rows.flat(),
  );
  return result.map((r) => r.id);
}

function round2(value: number) {
  return (Math.round(value * 100) / 100).toFixed(2);
}

function isoDay(offsetDays: number) {
  const day = new Date(Date.now() + offsetDays * 86_400_000);
  return day.toISOString().slice(0, 10);
}

/** Seeds the demo catalogue into an empty database; false when there is a catalogue already. */
export async function seedDemoCatalogue(em: EntityManager): Promise<boolean> {
  return em.transactional(async (tx) => {
    // One seeder at a time (two servers starting on one database).
    await tx.execute("select pg_advisory_xact_lock(42002)");
    const [{ existing }] = await tx.execute<{ existing: number }[]>(
      "select (select count(*) from product) + (select count(*) from category) as existing",
    );
    if (Number(existing) > 0) return false;
    const rng = random(20261122);

    const categoryIds = new Map<string, number>();
    for (const [name, description, children] of CATEGORIES) {
      const [rootId] = await insertRows(tx, "category", ["name", "description"], [[name, description]]);
      const childIds = await insertRows(
        tx,
        "category",
        ["name", "description", "parent_id"],
        children.map(([child, text]) => [child, text, rootId]),
      );
      for (const [i, [child]] of children.entries()) categoryIds.set(child, childIds[i]);
    }

    const products: unknown[][] = [];
    const prices: [string, string][] = [];
    let n = 0;
    while (products.length < 150) {
      const [category, brand, models, [min, max]] = LINES[n % LINES.length];
      const model = models[Math.floor(n / LINES.length) % models.length];
      const variant = Math.floor(n / (LINES.length * 4));
      n++;
      const name = variant
        ? `${brand} ${model} (${["Black", "Silver", "Blue", "White"][variant % 4]})`
        : `${brand} ${model}`;
      const selling = Math.round(between(rng, min, max)) - 0.1;
      const index = products.length;
      // Most products earn 15-35 %; every 12th is under 10 % and every 10th between 10 and 20 %.
      const margin =
        index % 12 === 5 ? 0.02 + rng() * 0.07 : index % 10 === 3 ? 0.11 + rng() * 0.08 : 0.2 + rng() * 0.15;
      const purchase = selling * (1 - margin);
      const stock = index % 10 === 7 ? between(rng, 0, 10) : index % 50 === 11 ? 0 : between(rng, 11, 120);
      const status = index % 47 === 46 ? "eol" : index % 29 === 28 ? "inactive" : "active";
      const sku = `${brand.slice(0, 3).toUpperCase()}-${String(1000 + index)}-${category.slice(0, 2).toUpperCase()}`;
      products.push([
        name,
        sku,
        brand,
        categoryIds.get(category),
        round2(purchase),
        round2(selling),
        true,
        stock,
        pick(rng, SUPPLIERS),
        ean13(rng),
        status,
      ]);
      prices.push([round2(purchase), round2(selling)]);
    }
    const productIds = await insertRows(
      tx,
      "product",
      [
        "name",
        "sku",
        "brand",
        "category_id",
        "purchase_price",
        "selling_price",
        "vat_inclusive",
        "stock_level",
        "supplier",
        "ean",
        "status",
      ],
      products,
    );
    await insertRows(
      tx,
      "price_history",
      ["product_id", "purchase_price", "selling_price", "margin"],
      productIds.map((id, i) => {
        const [purchase, selling] = prices[i];
        return [
          id,
          purchase,
          selling,
          round2(((Number(selling) - Number(purchase)) / Number(selling)) * 100),
        ];
      }),
    );

    await insertRows(
      tx,
      "customer",
      [
        "first_name",
        "last_name",
        "email",
        "phone",
        "company",
        "vat_number",
        "city",
        "postal_code",
        "country",
        "customer_type",
        "vip_status",
        "total_orders",
        "total_spent",
      ],
      CUSTOMERS.concat(CUSTOMERS.slice(0, 5).map(([f, l, c, co]) => [f, `${l}-Business`, c, co])).map(
        ([first, last, city, country], i) => {
          const business = i >= CUSTOMERS.length || i % 7 === 3;
          const orders = between(rng, 0, 25);
          return [
            first,
            last.replace("-Business", ""),
            `${`${first}.${last}`
              .toLowerCase()
              .normalize("NFD")
              .replace(/[^\w.-]/g, "")}${i}@example.com`,
            `+358 4${between(rng, 0, 9)} ${between(rng, 100, 999)} ${between(rng, 1000, 9999)}`,
            business ? COMPANIES[i % COMPANIES.length] : null,
            business ? `FI${between(rng, 10_000_000, 99_999_999)}` : null,
            city,
            String(between(rng, 10, 99)).padEnd(5, "0"),
            country,
            business ? "business" : "individual",
            i % 6 === 0,
            orders,
            round2(orders * between(rng, 40, 900)),
          ];
        },
      ),
    );

    const campaigns: [string, string, number, number, boolean][] = [
      ["Black Week", "The year's biggest discounts on laptops and TVs", -3, 7, true],
      ["Audio Autumn", "Headphones and speakers on offer", -10, 20, true],
      ["Christmas Campaign", "Gift ideas from phones to accessories", 10, 40, true],
      ["Back to School", "Laptops and tablets for students", -90, -60, true],
      ["Midsummer Sale", "Summer prices on speakers and accessories", -160, -140, false],
    ];
    const campaignIds = await insertRows(
      tx,
      "campaign",
      ["name", "description", "start_date", "end_date", "is_active"],
      campaigns.map(([name, description, start, end, active]) => [
        name,
        description,
        isoDay(start),
        isoDay(end),
        active,
      ]),
    );
    const links: unknown[][] = [];
    campaignIds.forEach((campaignId, c) => {
      const count = 3 + (c % 4);
      for (let k = 0; k < count; k++) {
        const index = (c * 17 + k * 7) % productIds.length;
        const original = Number(prices[index][1]);
        links.push([
          campaignId,
          productIds[index],
          round2(original * (1 - (5 + between(rng, 0, 20)) / 100)),
          round2(original),
        ]);
      }
    });
    await insertRows(
      tx,
      "campaign_product",
      ["campaign_id", "product_id", "discount_price", "original_price"],
      links,
    );
    // The alerts the server would have raised for this catalogue.
    await tx.execute(
      `insert into alert (type, title, message, product_id)
       select 'low_stock', 'Low stock', name || ' (' || sku || ') has ' || stock_level || ' in stock.', id
       from product where stock_level <= 10
       union all
       select 'low_margin', 'Low margin', name || ' (' || sku || ') has a margin under 10 %.', id
       from product where (selling_price - purchase_price) / selling_price < 0.10`,
    );
    return true;
  });
}

const SYNTHETIC_BRANDS = [
  "Lenovo",
  "Samsung",
  "Apple",
  "Dell",
  "HP",
  "Asus",
  "Acer",
  "Sony",
  "Bose",
  "JBL",
  "LG",
  "Philips",
  "Logitech",
  "Anker",
  "Belkin",
  "Xiaomi",
];
const SYNTHETIC_KINDS = [
  "Laptop",
  "Monitor",
  "Headphones",
  "Speaker",
  "Phone",
  "Tablet",
  "Charger",
  "Cable",
  "Keyboard",
  "Mouse",
  "Webcam",
  "Router",
];

/** Adds `count` synthetic products in batches of one INSERT ... SELECT over generate_series each. */
export async function seedSyntheticProducts(em: EntityManager, count: number): Promise<number> {
  const run = Date.now().toString(36).toUpperCase();
  const batch = 20_000;
  for (let offset = 0; offset < count; offset += batch) {
    const size = Math.min(batch, count - offset);
    await em.execute(
      `insert into product (name, sku, brand, category_id, purchase_price, selling_price, stock_level, supplier, status,
         created_at, updated_at)
       select
         (?::text[])[1 + i % ?] || ' ' || (?::text[])[1 + (i / 7) % ?] || ' ' || (100 + i % 900) || ' ' || substr(md5(i::text), 1, 5),
         'SYN-' || ? || '-' || i,
         (?::text[])[1 + i % ?],
         case when i % 13 = 0 or cardinality(cats) = 0 then null else cats[1 + i % cardinality(cats)] end,
         round((price * (0.55 + (i % 40) / 100.0))::numeric, 2),
         price,
         (i * 7919) % 201,
         'Synthetic Supplier ' || (i % 12),
         case when i % 23 = 0 then 'inactive' when i % 31 = 0 then 'eol' else 'active' end,
         now() - make_interval(secs => i), now() - make_interval(secs => i)
       from (select i, round((9.9 + (i * 37) % 2500)::numeric, 2) as price
             from generate_series(?::int, ?::int) as i) s,
            (select coalesce(array_agg(id order by id), '{}') as cats from category) c`,
      [
        `{${SYNTHETIC_BRANDS.join(",")}}`,
        SYNTHETIC_BRANDS.length,
        `{${SYNTHETIC_KINDS.join(",")}}`,
        SYNTHETIC_KINDS.length,
        run,
        `{${SYNTHETIC_BRANDS.join(",")}}`,
        SYNTHETIC_BRANDS.length,
        offset + 1,
        offset + size,
      ],
    );
  }
  await em.execute("analyze product");
  return count;
}
