import type { Page } from "@playwright/test";
import campaignsEn from "../../app/i18n/locales/en/campaigns.json" with { type: "json" };
import categoriesEn from "../../app/i18n/locales/en/categories.json" with { type: "json" };
import customersEn from "../../app/i18n/locales/en/customers.json" with { type: "json" };
import productsEn from "../../app/i18n/locales/en/products.json" with { type: "json" };
import stockEn from "../../app/i18n/locales/en/stock.json" with { type: "json" };
import usersEn from "../../app/i18n/locales/en/users.json" with { type: "json" };
import campaignsFi from "../../app/i18n/locales/fi/campaigns.json" with { type: "json" };
import categoriesFi from "../../app/i18n/locales/fi/categories.json" with { type: "json" };
import customersFi from "../../app/i18n/locales/fi/customers.json" with { type: "json" };
import productsFi from "../../app/i18n/locales/fi/products.json" with { type: "json" };
import stockFi from "../../app/i18n/locales/fi/stock.json" with { type: "json" };
import usersFi from "../../app/i18n/locales/fi/users.json" with { type: "json" };
import { expect, productRows, test, uniqueId } from "./fixtures";
import { DECLARED } from "./registry";

/**
 * Issue #9 item 7: every list fits its column with its actions in view, in English and in Finnish
 * (longer words) at 1366 x 900, and stays usable on a 390 px phone. The data carries the long values
 * a real shop has: a long brand, a long product name, a long e-mail address and company.
 */

const LONG = {
  brand: "Sennheiser Consumer Audio International",
  name: "Ultra-Wide Curved Gaming Monitor with Adjustable Stand and Built-in Speakers 49 inch",
  sku: "MON-ULTRAWIDE-49-CURVED-2026",
  company: "Pohjois-Pohjanmaan Elektroniikkatukkukauppa Oy",
  category: "Kodinkoneet ja kodin elektroniikka",
};

/**
 * Issue #25: the columns spec section 2 lists for a screen, each its own column with its header
 * (the actions column's too) at 1366 x 900, in either language; and the stock ledger's six.
 */
type Table = { label: string; headers: string[] };
const SPEC_TABLES = {
  en: specTables({
    products: productsEn,
    campaigns: campaignsEn,
    customers: customersEn,
    categories: categoriesEn,
    users: usersEn,
    stock: stockEn,
  }),
  fi: specTables({
    products: productsFi,
    campaigns: campaignsFi,
    customers: customersFi,
    categories: categoriesFi,
    users: usersFi,
    stock: stockFi,
  }),
};

function specTables(l: {
  products: typeof productsEn;
  campaigns: typeof campaignsEn;
  customers: typeof customersEn;
  categories: typeof categoriesEn;
  users: typeof usersEn;
  stock: typeof stockEn;
}): Record<string, Table> {
  const { products: p, campaigns: c, customers: u, categories: g, users: s, stock: k } = l;
  return {
    products: {
      label: p.title,
      headers: [
        p.table.product,
        p.table.sku,
        p.table.brand,
        p.table.price,
        p.table.margin,
        p.table.stock,
        p.table.status,
        p.table.actions,
      ],
    },
    campaigns: {
      label: c.title,
      headers: [
        c.table.name,
        c.table.description,
        c.table.start,
        c.table.end,
        c.table.status,
        c.table.actions,
      ],
    },
    customers: {
      label: u.title,
      headers: [
        u.table.name,
        u.table.email,
        u.table.phone,
        u.table.type,
        u.table.status,
        u.table.orders,
        u.table.spent,
        u.table.actions,
      ],
    },
    categories: {
      label: g.title,
      headers: [g.table.name, g.table.description, g.table.parent, g.table.actions],
    },
    users: {
      label: s.title,
      headers: [s.table.name, s.table.email, s.table.role, s.table.status, s.table.created, s.table.actions],
    },
    product: {
      label: k.title,
      headers: [
        k.table.date,
        k.table.reason,
        k.table.quantity,
        k.table.stockAfter,
        k.table.user,
        k.table.note,
      ],
    },
  };
}

/** The headers of the table named `label` that a reader sees: shown, wide enough to read. */
async function visibleHeaders(page: Page, label: string) {
  return page.locator(`main table[aria-label="${label}"] thead th`).evaluateAll((cells) =>
    cells
      .filter((cell) => {
        const box = cell.getBoundingClientRect();
        const range = document.createRange();
        range.selectNodeContents(cell);
        const text = range.getBoundingClientRect();
        return box.width > 0 && text.width > 8 && text.height > 8;
      })
      .map((cell) => (cell.textContent ?? "").replace(/[▲▼]/g, "").trim()),
  );
}

type Screen = { path: string; name: string };

async function seedLongRecords(page: Page): Promise<Screen[]> {
  const id = uniqueId();
  const api = page.request;
  const category = await (
    await api.post("/api/categories", {
      data: { name: `${LONG.category} ${id}`, description: `${LONG.name} ${LONG.company}` },
    })
  ).json();
  const created = await api.post("/api/products", {
    data: {
      name: `${LONG.name} ${id}`,
      sku: `${LONG.sku}-${id}`.toUpperCase(),
      brand: LONG.brand,
      purchasePrice: "1234567.00",
      sellingPrice: "2345678.90",
      // A supplier of its own (a long name, as a real one may be) with the product to reorder.
      supplier: `${LONG.company} ${id}`,
      stockLevel: 3,
      categoryId: category.id,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const product = await created.json();
  await api.put(`/api/products/${product.id}`, {
    data: { ...product, sellingPrice: "2345699.90", version: product.version },
  });
  // A sent purchase order of the long product, partly received: its receive form, and the link to
  // the shelf labels of what came in. Received first: the movement by hand below is the newest.
  const purchase = await (
    await api.post("/api/purchase-orders", {
      data: { supplierId: product.supplierId, lines: [{ productId: product.id, quantity: 12 }] },
    })
  ).json();
  await api.post(`/api/purchase-orders/${purchase.id}/transition`, { data: { to: "sent" } });
  const received = await api.post(`/api/purchase-orders/${purchase.id}/receive`, {
    data: { lines: [{ lineId: purchase.lines[0].id, quantity: 2 }] },
  });
  expect(received.status(), await received.text()).toBe(200);
  // A movement made by hand, with who made it and why: the ledger shows both (issue #25).
  const moved = await api.post("/api/stock-movements", {
    data: {
      productId: product.id,
      quantity: 2,
      reason: "adjustment",
      note: `Found behind the returns shelf during the weekly tidy-up ${id}`,
    },
  });
  expect(moved.status(), await moved.text()).toBe(201);
  // One long word (a pasted address or formula): it must break, never widen the page.
  const word = await api.post("/api/products", {
    data: {
      name: `https://example.com/very-long-address-without-any-spaces-${"x".repeat(60)}-${id}`,
      sku: `WORD-${id}`.toUpperCase(),
      brand: "B",
      purchasePrice: "1.00",
      sellingPrice: "1.05",
      supplier: "S",
      stockLevel: 1,
    },
  });
  expect(word.status(), await word.text()).toBe(201);
  const customer = await api.post("/api/customers", {
    data: {
      firstName: "Maria-Kristiina",
      lastName: `Väänänen-Hyvärinen ${id}`,
      email: `maria-kristiina.vaananen-hyvarinen.${id}@pohjois-pohjanmaan-elektroniikka.fi`,
      phone: "+358 40 123 4567 89",
      customerType: "business",
      company: LONG.company,
    },
  });
  expect(customer.status()).toBe(201);
  const campaign = await (
    await api.post("/api/campaigns", {
      data: {
        name: `Joulukampanja: kaikki näytöt ja kaiuttimet ${id}`,
        description: LONG.name,
        startDate: "2026-01-01",
        endDate: "2026-12-31",
      },
    })
  ).json();
  await api.post(`/api/campaigns/${campaign.id}/products`, {
    data: { productId: product.id, discountPercent: "12.5" },
  });
  // A stock count of the long product's category: a line of it, and a code nobody has.
  const count = await (
    await api.post("/api/stock-counts", { data: { scope: "category", categoryId: category.id } })
  ).json();
  await api.post(`/api/stock-counts/${count.id}/lines`, { data: { code: product.sku, quantity: 12 } });
  await api.post(`/api/stock-counts/${count.id}/lines`, { data: { code: `${LONG.sku}-UNKNOWN-${id}` } });
  // A bulk repricing preview of the long product (-60 %, .90), as its form posts it: below its
  // cost, so the batch's page shows the lines held back and the below-cost guard's reason form.
  const preview = await api.post("/products/reprice", {
    form: { scope: "filters", search: id, rule: "percent", value: "-60", rounding: "90" },
    maxRedirects: 0,
  });
  const batch = preview.headers().location;
  expect(batch, `${preview.status()} ${await preview.text()}`).toMatch(/^\/products\/reprice\/\d+$/);
  await api.post("/barcode-scanner", { form: { intent: "scan", code: product.sku } });
  await page.goto("/barcode-scanner");
  await expect(page.getByTestId("scanned-item")).toHaveCount(1);
  const screens = [
    { path: "/products", name: "products" },
    { path: `/products?search=${id}`, name: "products-long" },
    { path: "/customers", name: "customers" },
    { path: "/categories", name: "categories" },
    { path: "/campaigns", name: "campaigns" },
    { path: `/campaigns/${campaign.id}`, name: "campaign" },
    { path: "/users", name: "users" },
    { path: "/inventory", name: "inventory" },
    { path: `/inventory?tab=reorder&supplier=${product.supplierId}`, name: "reorder" },
    { path: `/suppliers?search=${id}`, name: "suppliers" },
    { path: `/suppliers/${product.supplierId}`, name: "supplier" },
    { path: "/barcode-scanner", name: "scanner" },
    { path: "/inventory/count", name: "stock-counts" },
    { path: `/inventory/count/${count.id}`, name: "stock-count" },
    { path: `/inventory/count/${count.id}?step=confirm`, name: "stock-count-review" },
    { path: `/products/${product.id}`, name: "product" },
    { path: "/reports", name: "reports" },
    { path: "/reports/returns", name: "returns-report" }, // return figures (issue #31 item 7)
    { path: "/purchasing", name: "purchasing" },
    { path: `/purchasing/${purchase.id}`, name: "purchase-order" },
    // The other screens: nothing may be wider than the window or spill out of its box.
    { path: "/", name: "dashboard" },
    { path: "/margin-calculator", name: "calculator" },
    { path: "/account", name: "account" },
    { path: "/notifications", name: "notifications" },
    { path: "/products/import", name: "import" },
    { path: "/products/new", name: "product-new" },
    { path: `/customers/new`, name: "customer-new" },
    { path: "/purchasing/new", name: "purchase-order-new" },
    // Bulk repricing's form, with the long product's search as its scope (issue #29).
    { path: `/products/reprice?search=${id}`, name: "repricing" },
    { path: batch, name: "price-batch" },
    // Shelf labels' previews (issue #30): the campaign's long product with its campaign price, and
    // the long products of a search, one of them without room for its SKU's barcode.
    { path: `/labels/new?from=campaign&id=${campaign.id}&moment=start`, name: "label-preview" },
    { path: `/labels/new?from=filters&search=${id}`, name: "label-preview-filters" },
  ];
  // Every screen of the sidebar, as the aggregates declare it (app/models/<aggregate>/aggregate.ts):
  // a new aggregate's list is measured without an edit here.
  const listed = new Set(screens.map((screen) => screen.path));
  const sidebar = DECLARED.flatMap(({ aggregate }) => aggregate.sidebar ?? [])
    .filter((entry) => !listed.has(entry.to))
    .map((entry) => ({ path: entry.to, name: entry.to.slice(1) || "dashboard" }));
  return [...screens, ...sidebar];
}

/** What a reader sees cut off: tables wider than their frame, actions outside the window, a page wider than the window. */
async function measure(page: Page) {
  return page.evaluate(() => {
    const problems: string[] = [];
    const viewport = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth > viewport + 1) {
      problems.push(`page is ${document.documentElement.scrollWidth} px wide in a ${viewport} px window`);
    }
    for (const table of Array.from(document.querySelectorAll("main table"))) {
      const frame = table.parentElement as HTMLElement;
      const width = table.getBoundingClientRect().width;
      if (width > frame.clientWidth + 1) {
        problems.push(
          `table ${table.getAttribute("aria-label") ?? ""} is ${width} px in ${frame.clientWidth} px`,
        );
      }
      for (const row of Array.from(table.querySelectorAll("tbody tr"))) {
        for (const action of Array.from(row.querySelectorAll("a, button"))) {
          const box = action.getBoundingClientRect();
          const label = action.getAttribute("aria-label") ?? action.textContent?.trim();
          if (box.width === 0 || box.height === 0) problems.push(`action ${label} is hidden`);
          else if (box.left < 0 || box.right > viewport + 1) {
            problems.push(`action ${label} is at ${Math.round(box.left)}–${Math.round(box.right)} px`);
          }
        }
      }
    }
    // Words that do not fit their box and spill over what stands next to it (the reports' quick
    // exports in Finnish did; so did large amounts on the product page).
    for (const element of Array.from(document.querySelectorAll<HTMLElement>("main *"))) {
      if (element.offsetParent === null || element instanceof SVGElement) continue;
      if (getComputedStyle(element).overflowX !== "visible") continue;
      if (element.scrollWidth > element.clientWidth + 1 && element.clientWidth > 0) {
        const text = element.textContent?.trim().slice(0, 40);
        problems.push(
          `"${text}" spills out of its ${element.clientWidth} px ${element.tagName.toLowerCase()}`,
        );
      }
    }
    for (const cell of Array.from(document.querySelectorAll("main td code"))) {
      const lines = Math.round(
        cell.getBoundingClientRect().height / Number.parseFloat(getComputedStyle(cell).lineHeight || "20"),
      );
      if (lines > 1) problems.push(`SKU ${cell.textContent} breaks over ${lines} lines`);
    }
    return problems;
  });
}

const sizes = [
  { label: "1366 x 900", viewport: { width: 1366, height: 900 } },
  { label: "1280 x 800", viewport: { width: 1280, height: 800 } },
  { label: "390 x 844", viewport: { width: 390, height: 844 } },
];

test.use({ role: "admin" });
// Each language is a test of its own, so that the two workers share them.
test.describe.configure({ mode: "parallel" });

/** LAYOUT_SCREENSHOTS=true keeps a screenshot of every screen at every size, to look at by hand. */
const SCREENSHOTS = process.env.LAYOUT_SCREENSHOTS === "true";

for (const language of ["en", "fi"] as const) {
  test(`every list fits its column with its actions visible (${language}, ${sizes.map((size) => size.label).join(", ")})`, async ({
    signedIn: { page },
  }) => {
    test.setTimeout(90_000);
    const screens = await seedLongRecords(page);
    if (language === "fi") {
      await page.context().addCookies([
        {
          name: "lng",
          value: encodeURIComponent(Buffer.from(JSON.stringify("fi")).toString("base64")),
          url: page.url(),
        },
      ]);
    }
    const problems: string[] = [];
    for (const screen of screens) {
      // Loaded once, then measured at each size: the layout is the style sheet's (container and
      // media queries), so a window resized lays the same page out as one opened at that size.
      await page.setViewportSize(sizes[0].viewport);
      await page.goto(screen.path);
      await expect(page.locator("main h1")).toBeVisible();
      for (const size of sizes) {
        await page.setViewportSize(size.viewport);
        // The first few of each screen say enough.
        for (const problem of (await measure(page)).slice(0, 3)) {
          problems.push(`${screen.path} at ${size.label}: ${problem}`);
        }
        const spec = SPEC_TABLES[language][screen.name];
        if (spec && size.viewport.width >= 1366) {
          const shown = await visibleHeaders(page, spec.label);
          const missing = spec.headers.filter((header) => !shown.includes(header));
          if (missing.length)
            problems.push(`${screen.path} at ${size.label}: no column ${missing.join(", ")}`);
        }
        if (screen.name === "product" && size.viewport.width >= 1366) {
          // Who moved the stock and why, on the newest movement (the one made by hand above).
          const newest = page.getByTestId("stock-movement").first();
          await expect(newest.getByTitle(/^Found behind the returns shelf/)).toBeVisible();
          await expect(newest.getByText(/^Admin /)).toBeVisible();
        }
        if (SCREENSHOTS) {
          await page.screenshot({
            path: test.info().outputPath(`${language}-${size.viewport.width}-${screen.name}.png`),
            fullPage: false,
          });
        }
      }
    }
    expect(problems).toEqual([]);
  });
}

test("the product list shows at least twelve products in a 1366 x 900 window", async ({
  signedIn: { page },
}) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await seedLongRecords(page);
  await page.goto("/products");
  const rows = productRows(page);
  await expect(rows.nth(12)).toBeAttached();
  // Scrolled to the table, the window under the top bar holds its headers and twelve rows.
  const heights = await rows.evaluateAll((all) =>
    all.slice(0, 12).map((row) => row.getBoundingClientRect().height),
  );
  const header = await page.locator("main thead").evaluate((head) => head.getBoundingClientRect().height);
  const topBar = await page.getByRole("banner").evaluate((bar) => bar.getBoundingClientRect().height);
  expect(header + heights.reduce((sum, h) => sum + h, 0)).toBeLessThanOrEqual(900 - topBar);
  // A long name is cut to its lines with the whole name in its title, never four lines high.
  await page.goto(`/products?search=${encodeURIComponent("Ultra-Wide Curved")}`);
  const name = productRows(page).first().getByRole("link").first();
  await expect(name).toHaveAttribute("title", new RegExp(`^${LONG.name}`));
  const lines = await name.evaluate(
    (link) => link.getBoundingClientRect().height / Number.parseFloat(getComputedStyle(link).lineHeight),
  );
  expect(lines).toBeLessThanOrEqual(2);
});
