import { describe, expect, test } from "vitest";
import { PATHS } from "~/components/Icon/icon-paths";
import { AUDITED, AUDITED_TYPES } from "~/models/audit/audited";
import { LISTS, PERMISSIONS, SIDEBAR } from "~/models/registry";
import { ENTITIES, JOBS, QUEUES } from "~/models/registry.server";

/**
 * The registry gathers what each aggregate declares in its folder. These hold it to what the
 * hand-kept lists it replaced said, so that moving a fact into a declaration changed nothing a
 * user sees; a new aggregate adds to them without an edit here.
 */
describe("the aggregates' registry", () => {
  test("the sidebar keeps its entries in their order, each with an icon the Shell can draw", () => {
    const before = [
      "/",
      "/products",
      "/margin-calculator",
      "/inventory",
      "/purchasing",
      "/suppliers",
      "/campaigns",
      "/customers",
      "/quotes",
      "/orders",
      "/barcode-scanner",
      "/notifications",
      "/reports",
      "/categories",
      "/users",
      "/audit",
    ];
    const paths = SIDEBAR.map((entry) => entry.to);
    expect(paths.filter((path) => before.includes(path))).toEqual(before);
    expect(SIDEBAR.filter((entry) => !(entry.icon in PATHS)).map((entry) => entry.to)).toEqual([]);
    expect(new Set(SIDEBAR.map((entry) => entry.place)).size, "two entries in one place").toBe(
      SIDEBAR.length,
    );
    for (const entry of SIDEBAR) if (entry.permission) expect(PERMISSIONS).toHaveProperty([entry.permission]);
    expect(SIDEBAR.find((entry) => entry.to === "/users")?.permission).toBe("user:manage");
    expect(SIDEBAR.find((entry) => entry.to === "/audit")?.permission).toBe("audit:read");
  });

  test("each permission lets in the roles it did", () => {
    expect(PERMISSIONS).toMatchObject({
      "product:write": ["admin", "manager"],
      "product:delete": ["admin"],
      "stock:write": ["admin", "manager"],
      "category:write": ["admin", "manager"],
      "category:delete": ["admin"],
      "campaign:write": ["admin", "manager"],
      "customer:write": ["admin", "manager"],
      "supplier:write": ["admin", "manager"],
      "order:write": ["admin", "manager"],
      "order:approve": ["admin"],
      "purchase:write": ["admin", "manager"],
      "automation:write": ["admin", "manager"],
      "user:manage": ["admin"],
      "audit:read": ["admin"],
      "report:schedule": ["admin", "manager"],
    });
  });

  test("a missing record of each kind links back to its list", () => {
    expect(LISTS).toMatchObject({
      product: "/products",
      category: "/categories",
      campaign: "/campaigns",
      customer: "/customers",
      supplier: "/suppliers",
      quote: "/quotes",
      order: "/orders",
      purchaseOrder: "/purchasing",
      user: "/users",
      automationRule: "/notifications/rules",
      productImport: "/products/import",
      customerImport: "/customers/import",
      categoryImport: "/categories/import",
      stockCount: "/inventory/count",
    });
  });

  test("the audit trail records the entities it did, its types in their order", () => {
    const before = [
      "product",
      "category",
      "campaign",
      "campaign_product",
      "customer",
      "supplier",
      "user",
      "automation_rule",
      "notification_setting",
      "api_token",
    ];
    expect(AUDITED_TYPES.filter((type) => before.includes(type))).toEqual(before);
    expect(Object.keys(AUDITED)).toEqual(
      expect.arrayContaining([
        "Product",
        "Category",
        "Campaign",
        "CampaignProduct",
        "Customer",
        "Supplier",
        "User",
        "AutomationRule",
        "ApiToken",
        "NotificationSetting",
      ]),
    );
    expect(AUDITED.User.secret).toEqual(["password"]);
  });

  test("every entity, job and queue is declared once", () => {
    const names = ENTITIES.map((entity) => entity.meta.className);
    expect(new Set(names).size).toBe(names.length);
    expect(names.length).toBeGreaterThanOrEqual(33);
    expect(JOBS.map((job) => job.name)).toEqual(
      expect.arrayContaining([
        "campaign-day",
        "campaign-prices",
        "daily-digest",
        "scheduled-reports",
        "expire-quotes",
        "stock-value-snapshot",
        "deliver-email",
        "import-cleanup",
      ]),
    );
    expect(new Set(JOBS.map((job) => job.name)).size).toBe(JOBS.length);
    expect(QUEUES.map((queue) => queue.name)).toEqual(["product-import"]);
  });
});
