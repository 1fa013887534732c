import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { reloadEnv } from "~/infra/env.server";
import { raiseCampaignDayAlerts } from "~/models/campaign/campaign-alerts.server";
import { productSchema } from "~/models/product/product-schema";
import { createProduct, updateProduct } from "~/models/product/product-writes.server";
import { testDatabase } from "../../../tests/setup/database";
import { queueDailyDigest } from "./digest.server";
import { deliverPendingEmail } from "./mail.server";
import { changeSetting, listOutbox, listSettings } from "./notification.server";
import type { NotificationType } from "./notification-types";

const db = testDatabase();

type Received = { to: string; text: string };
const received: Received[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  logger: false,
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on("data", (chunk: Buffer) => chunks.push(chunk));
    stream.on("end", () => {
      for (const to of session.envelope.rcptTo)
        received.push({ to: to.address, text: Buffer.concat(chunks).toString("utf8") });
      callback();
    });
  },
});

beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
});
afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  delete process.env.SMTP_URL;
  reloadEnv();
});

function useSmtp(on: boolean) {
  if (on) process.env.SMTP_URL = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
  else delete process.env.SMTP_URL;
  reloadEnv();
}

beforeEach(async () => {
  await db.truncate(
    "automation_rule",
    "alert",
    "product",
    "category",
    "price_history",
    "email_outbox",
    "user",
    "campaign",
  );
  received.length = 0;
  useSmtp(true);
});

async function user(email: string, role: string, language: string) {
  const [{ id }] = await db.orm.em
    .fork()
    .execute<{ id: number }[]>(
      `insert into "user" (email, password, first_name, last_name, role, language) values (?, 'x', 'Test', 'User', ?, ?) returning id`,
      [email, role, language],
    );
  return id;
}

async function wants(userId: number, type: NotificationType, change: Parameters<typeof changeSetting>[2]) {
  const settings = await db.inRequest(() => listSettings(userId));
  const setting = settings.find((s) => s.type === type);
  if (!setting) throw new Error(type);
  const changed = await db.inRequest(() => changeSetting(userId, setting.id, change));
  expect(changed.ok).toBe(true);
}

function product(overrides: Record<string, unknown> = {}) {
  return productSchema.parse({
    name: "Sony WH-1000XM5",
    sku: "SONY-XM5",
    brand: "Sony",
    purchasePrice: "250.00",
    sellingPrice: "399.00",
    stockLevel: 20,
    supplier: "Sony Nordic",
    ...overrides,
  });
}

async function stockFallsTo(stockLevel: number) {
  const created = await db.inRequest(() => createProduct(product(), null));
  if (!created.ok) throw new Error(created.reason);
  const changed = await db.inRequest(() => updateProduct(created.product.id, product({ stockLevel }), null));
  expect(changed.ok).toBe(true);
}

describe("notification settings", () => {
  test("each user has their own, e-mail off until asked for, with the spec's thresholds", async () => {
    const anna = await user("anna@example.com", "manager", "fi");
    const ben = await user("ben@example.com", "salesperson", "en");
    await wants(anna, "low_stock", { emailEnabled: true, thresholdValue: 3 });
    const annas = await db.inRequest(() => listSettings(anna));
    const bens = await db.inRequest(() => listSettings(ben));
    expect(annas.map((s) => s.type)).toEqual([
      "low_stock",
      "low_margin",
      "price_change",
      "campaign",
      "product_status",
      "daily_digest",
    ]);
    expect(annas[0]).toMatchObject({ type: "low_stock", emailEnabled: true, thresholdValue: 3 });
    expect(bens[0]).toMatchObject({
      type: "low_stock",
      enabled: true,
      emailEnabled: false,
      thresholdValue: 10,
    });
    expect(bens[1]).toMatchObject({ type: "low_margin", thresholdValue: 10 });
    // Another user's setting is not found.
    expect((await db.inRequest(() => changeSetting(ben, annas[0].id, { emailEnabled: false }))).ok).toBe(
      false,
    );
  });
});

describe("alert e-mail", () => {
  test("a low-stock alert reaches the manager who asked for e-mail, in Finnish when that is their language; nobody else gets it", async () => {
    const anna = await user("anna@example.com", "manager", "fi");
    await user("ben@example.com", "manager", "en"); // e-mail left off
    const cecilia = await user("cecilia@example.com", "salesperson", "en");
    await wants(cecilia, "low_stock", { emailEnabled: true, thresholdValue: 2 }); // 4 is not under her 2
    await wants(anna, "low_stock", { emailEnabled: true });
    await stockFallsTo(4);

    expect(await db.inRequest(() => deliverPendingEmail(db.orm.em.fork()))).toBe(1);
    expect(received.map((m) => m.to)).toEqual(["anna@example.com"]);
    const mail = received[0].text;
    // The subject as an encoded word: "VoltStock: Varasto vähissä".
    expect(decodeMail(mail)).toContain("Subject: =?UTF-8?Q?VoltStock:_Varasto_vähissä?");
    expect(decodeMail(mail)).toContain("varastossa 4 kpl");
    // Delivered once: another run sends nothing.
    expect(await deliverPendingEmail(db.orm.em.fork())).toBe(0);
  });

  test("without SMTP_URL the message stays in the outbox, for admins to read", async () => {
    useSmtp(false);
    const anna = await user("anna@example.com", "manager", "en");
    await wants(anna, "low_stock", { emailEnabled: true });
    await stockFallsTo(4);
    expect(await deliverPendingEmail(db.orm.em.fork())).toBe(0);
    const outbox = await db.inRequest(() => listOutbox());
    expect(outbox.total).toBe(1);
    expect(outbox.messages[0]).toMatchObject({ toAddress: "anna@example.com", status: "pending" });
    expect(outbox.messages[0].body).toContain("4 in stock");
    expect(received).toEqual([]);
  });

  test("a deactivated user gets nothing, whatever their settings say", async () => {
    const anna = await user("anna@example.com", "manager", "en");
    await wants(anna, "low_stock", { emailEnabled: true });
    await db.orm.em.fork().execute(`update "user" set is_active = false where id = ?`, [anna]);
    await stockFallsTo(4);
    expect((await db.inRequest(() => listOutbox())).total).toBe(0);
  });
});

describe("scheduled work", () => {
  test("a campaign starting tomorrow raises its start alert when the job runs at midnight, once, even with two workers", async () => {
    await db.orm.em
      .fork()
      .execute(
        `insert into campaign (name, start_date, end_date) values ('Winter sale', '2027-01-15', '2027-01-31'), ('Christmas', '2026-12-01', '2027-01-14'), ('Later', '2027-02-01', '2027-02-28')`,
      );
    // The shop's midnight (Helsinki, UTC+2 in January), as the schedule fires it; two workers at once.
    const midnight = new Date("2027-01-15T00:00:05+02:00");
    const runs = await Promise.all([
      raiseCampaignDayAlerts(db.orm.em.fork(), midnight),
      raiseCampaignDayAlerts(db.orm.em.fork(), midnight),
    ]);
    expect(runs[0] + runs[1]).toBe(2);
    // Run again later that day: nothing new.
    expect(await raiseCampaignDayAlerts(db.orm.em.fork(), new Date("2027-01-15T09:00:00+02:00"))).toBe(0);
    const alerts = await db.orm.em
      .fork()
      .execute<{ type: string; data: Record<string, unknown> }[]>("select type, data from alert order by id");
    expect(alerts).toHaveLength(2);
    expect(alerts.map((a) => a.data).sort((a, b) => String(a.kind).localeCompare(String(b.kind)))).toEqual([
      { campaign: "Christmas", kind: "end", date: "2027-01-14" },
      { campaign: "Winter sale", kind: "start", date: "2027-01-15" },
    ]);
    // The day before, nothing starts.
    expect(await raiseCampaignDayAlerts(db.orm.em.fork(), new Date("2027-01-14T00:00:05+02:00"))).toBe(0);
  });

  test("the daily digest goes to those who asked for it, in their language, and not for an empty day", async () => {
    const anna = await user("anna@example.com", "manager", "fi");
    await user("ben@example.com", "admin", "en");
    await wants(anna, "daily_digest", { emailEnabled: true });
    expect(await queueDailyDigest(db.orm.em.fork(), new Date())).toBe(0);
    await stockFallsTo(4);
    expect(await queueDailyDigest(db.orm.em.fork(), new Date(Date.now() + 1000))).toBe(1);
    const outbox = await db.inRequest(() => listOutbox());
    expect(outbox.messages[0].toAddress).toBe("anna@example.com");
    expect(outbox.messages[0].subject).toContain("hälytystä");
    expect(outbox.messages[0].body).toContain("Varasto vähissä");
  });
});

/** The text of a plain-text message as sent (quoted-printable soft breaks and escapes undone). */
function decodeMail(raw: string) {
  return Buffer.from(
    raw
      .replace(/=\r?\n/g, "")
      .replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(Number.parseInt(hex, 16))),
    "latin1",
  ).toString("utf8");
}
