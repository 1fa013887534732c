import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { reloadEnv } from "~/infra/env.server";
import { createCategory } from "~/models/category/category.server";
import { categorySchema } from "~/models/category/category-schema";
import { deliverPendingEmail } from "~/models/notification/mail.server";
import type { EmailAttachment } from "~/models/notification/notification.entity";
import { createOrder, moveOrder } from "~/models/order/order.server";
import { orderSchema } from "~/models/order/order-schema";
import { productSchema } from "~/models/product/product-schema";
import { createProduct } from "~/models/product/product-writes.server";
import type { Dialect } from "~/models/report/file-format";
import type { ReportType } from "~/models/report/report";
import { reportFile } from "~/models/report/report.server";
import { salesReport } from "~/models/report/sales-report.server";
import { salesReportFile } from "~/models/report/sales-report-file.server";
import { testDatabase } from "../../../tests/setup/database";
import { MAX_SCHEDULES, scheduledSalesQuery } from "./report-schedule";
import { addSchedule, deleteSchedule, listSchedules, setScheduleActive } from "./report-schedule.server";
import { reportScheduleSchema, type ScheduleInput } from "./report-schedule-schema";
import { sendScheduledReports } from "./scheduled-report.server";

const db = testDatabase();

/** 06:30 in Helsinki (UTC+2 in November) on Monday 23, Tuesday 24 and Wednesday 25 November 2026. */
const MONDAY = new Date("2026-11-23T06:30:00+02:00");
const TUESDAY = new Date("2026-11-24T06:30:00+02:00");
const WEDNESDAY = new Date("2026-11-25T06:30:00+02:00");

beforeEach(async () => {
  await db.truncate(
    "report_schedule",
    "email_outbox",
    "sales_order_item",
    "sales_order",
    "document_number",
    "alert",
    "price_history",
    "product",
    "category",
    "automation_rule",
    "user",
  );
});

async function user(email: string, role = "manager", language = "en") {
  const [{ id }] = await db.orm.em
    .fork()
    .execute<{ id: number }[]>(
      `insert into "user" (email, password, first_name, last_name, role, language) values (?, 'x', 'Test', 'User', ?, ?) returning id`,
      [email, role, language],
    );
  return id;
}

function ok<T extends { ok: boolean }>(result: T): Extract<T, { ok: true }> {
  if (!result.ok) throw new Error(`refused: ${JSON.stringify(result)}`);
  return result as Extract<T, { ok: true }>;
}

async function category(name: string) {
  return ok(await db.inRequest(() => createCategory(categorySchema.parse({ name })))).category.id;
}

async function product(fields: Record<string, unknown>) {
  const made = await db.inRequest(() =>
    createProduct(
      productSchema.parse({
        name: `Product ${fields.sku}`,
        brand: "Sony",
        supplier: "Tech Data",
        purchasePrice: "60.00",
        sellingPrice: "125.50",
        stockLevel: 40,
        ...fields,
      }),
      null,
    ),
  );
  if (!made.ok) throw new Error(made.reason);
  return made.product.id;
}

/** A schedule as the form on /reports sends it. */
async function schedule(userId: number, form: Record<string, string>) {
  const input: ScheduleInput = reportScheduleSchema.parse({
    report: "products",
    format: "csv",
    frequency: "daily",
    ...form,
  });
  return ok(await db.inRequest(() => addSchedule(userId, input))).id;
}

type Outbox = {
  user_id: number;
  to_address: string;
  subject: string;
  body: string;
  attachments: EmailAttachment[] | null;
};
const outbox = () =>
  db.orm.em
    .fork()
    .execute<Outbox[]>(
      "select user_id, to_address, subject, body, attachments from email_outbox order by id",
    );

const run = (now: Date, options?: { maxAttachmentBytes: number }) =>
  sendScheduledReports(db.orm.em.fork(), now, options);

/** The file the download gives for a product report (GET /reports/export), as text. */
async function downloaded(type: ReportType, categoryId: number | null, dialect: Dialect) {
  // Buffer keeps the Excel file's BOM (Response.text() would drop it).
  return db.inRequest(async () =>
    Buffer.from(await new Response(reportFile(type, categoryId, dialect)).arrayBuffer()).toString("utf8"),
  );
}

describe("scheduled report e-mails", () => {
  test("a daily schedule queues one e-mail with the file the download gives and its totals; a second run that day queues none", async () => {
    const anna = await user("anna@example.com");
    await product({ sku: "HP-1", stockLevel: 3 });
    await product({ sku: "HP-2", name: "=cmd|' /C calc'!A0", sellingPrice: "1234.50" });
    await schedule(anna, { report: "products", format: "csv" });

    expect(await run(MONDAY)).toBe(1);
    const [mail] = await outbox();
    expect(mail).toMatchObject({
      user_id: anna,
      to_address: "anna@example.com",
      subject: "VoltStock: Product List 2026-11-23",
    });
    expect(mail.attachments).toEqual([
      {
        filename: "Product List 2026-11-23.csv",
        contentType: "text/csv; charset=utf-8",
        content: await downloaded("products", null, { format: "csv", language: "en" }),
      },
    ]);
    expect(mail.attachments?.[0].content).toContain("'=cmd"); // neutralised, as in the download
    expect(mail.body).toContain("Your daily report “Product List”, 23/11/2026.");
    expect(mail.body).toContain("Products: 2");
    expect(mail.body).toContain("Units in stock: 43");
    expect(mail.body).toContain("Value at selling price: €49,756.50"); // 3 x 125.50 + 40 x 1234.50
    expect(mail.body).toContain("The file is attached: Product List 2026-11-23.csv");

    // Later that morning, or a retry of the job: nothing more.
    expect(await run(new Date("2026-11-23T09:00:00+02:00"))).toBe(0);
    expect(await outbox()).toHaveLength(1);
    // The next morning, the next e-mail.
    expect(await run(TUESDAY)).toBe(1);
    expect((await outbox())[1].subject).toBe("VoltStock: Product List 2026-11-24");
  });

  test("two processes running the job at once send one e-mail per schedule", async () => {
    const anna = await user("anna@example.com");
    await product({ sku: "HP-1" });
    await schedule(anna, { report: "products" });
    await schedule(anna, { report: "low-stock" });
    const runs = await Promise.all([run(MONDAY), run(MONDAY), run(MONDAY)]);
    expect(runs.reduce((a, b) => a + b, 0)).toBe(2);
    expect((await outbox()).map((m) => m.subject).sort()).toEqual([
      "VoltStock: Low Stock Products 2026-11-23",
      "VoltStock: Product List 2026-11-23",
    ]);
  });

  test("a weekly schedule sends only on its weekday", async () => {
    const anna = await user("anna@example.com");
    await schedule(anna, { report: "inventory-value", frequency: "weekly", weekday: "3" });
    expect(await run(MONDAY)).toBe(0);
    expect(await run(TUESDAY)).toBe(0);
    expect(await run(WEDNESDAY)).toBe(1);
    expect(await run(new Date("2026-11-26T06:30:00+02:00"))).toBe(0);
    expect(await run(new Date("2026-12-02T06:30:00+02:00"))).toBe(1);
    expect((await outbox()).map((m) => m.subject)).toEqual([
      "VoltStock: Inventory Value 2026-11-25",
      "VoltStock: Inventory Value 2026-12-02",
    ]);
    expect((await outbox())[0].body).toContain("Your weekly report");
  });

  test("a paused schedule never sends; resumed, it sends again", async () => {
    const anna = await user("anna@example.com");
    const id = await schedule(anna, { report: "products" });
    expect(await db.inRequest(() => setScheduleActive(anna, id, false))).toBe(true);
    expect(await run(MONDAY)).toBe(0);
    expect(await run(TUESDAY)).toBe(0);
    expect(await outbox()).toEqual([]);
    expect(await db.inRequest(() => setScheduleActive(anna, id, true))).toBe(true);
    expect(await run(WEDNESDAY)).toBe(1);
  });

  test("a product report of a category, in Finnish as Excel: the owner's language, the category's products only", async () => {
    const aino = await user("aino@example.com", "admin", "fi");
    const audio = await category("Äänentoisto");
    await product({ sku: "HP-1", categoryId: audio, name: "Kuulokkeet" });
    await product({ sku: "LAP-1", name: "Kannettava" });
    await schedule(aino, { report: "products", format: "excel", categoryId: String(audio) });
    expect(await run(MONDAY)).toBe(1);
    const [mail] = await outbox();
    expect(mail.subject).toBe("VoltStock: Tuoteluettelo 2026-11-23");
    const file = await downloaded("products", audio, { format: "excel", language: "fi" });
    expect(mail.attachments?.[0]).toEqual({
      filename: "Tuoteluettelo 2026-11-23.csv",
      contentType: "text/csv; charset=utf-8",
      content: file,
    });
    expect(file.startsWith("\uFEFF")).toBe(true);
    expect(file).toContain("Kuulokkeet");
    expect(file).not.toContain("Kannettava");
    expect(mail.body).toContain("Päivittäinen raporttisi ”Tuoteluettelo”, 23.11.2026.");
    expect(mail.body).toContain("Tuoteryhmä: Äänentoisto");
    expect(mail.body).toContain("Tuotteita: 1");
    expect(mail.body).toContain("Arvo myyntihintaan: 5\u00a0020,00\u00a0€");
  });

  test("the sales report covers the last whole days up to yesterday, as the sales download writes it", async () => {
    const anna = await user("anna@example.com");
    const headphones = await product({ sku: "HP-1" });
    const { order } = ok(
      await db.inRequest(() =>
        createOrder(orderSchema.parse({ lines: [{ productId: headphones, quantity: 2 }] }), null),
      ),
    );
    ok(await db.inRequest(() => moveOrder(order.id, "confirmed", null)));
    await db.orm.em
      .fork()
      .execute("update sales_order set order_date = ? where id = ?", [
        new Date("2026-11-20T12:00:00+02:00"),
        order.id,
      ]);
    await schedule(anna, { report: "sales", format: "csv", salesGroup: "week", salesDays: "7" });
    expect(await run(MONDAY)).toBe(1);
    const [mail] = await outbox();
    const query = scheduledSalesQuery("2026-11-23", 7, "week");
    expect(query).toEqual({ from: "2026-11-16", to: "2026-11-22", group: "week", breakdown: "none" });
    const file = salesReportFile(await db.inRequest(() => salesReport(query)), "csv", "en");
    expect(mail.subject).toBe("VoltStock: Sales 2026-11-23");
    expect(mail.attachments).toEqual([
      {
        filename: "Sales 2026-11-16\u20132026-11-22.csv",
        contentType: "text/csv; charset=utf-8",
        content: file,
      },
    ]);
    expect(file).toContain("Total,200.00,"); // 2 x 125.50 without 25.5 % VAT
    expect(mail.body).toContain("Sales of 16/11/2026–22/11/2026, by week");
    expect(mail.body).toContain("Sales excl. VAT: €200.00");
    expect(mail.body).toContain("Orders: 1");
  });

  test("a file over the limit is not attached: the e-mail has the totals and says where to download it", async () => {
    const anna = await user("anna@example.com");
    await product({ sku: "HP-1" });
    await schedule(anna, { report: "products" });
    process.env.PUBLIC_URL = "https://voltstock.example.com/";
    reloadEnv();
    try {
      expect(await run(MONDAY, { maxAttachmentBytes: 100 })).toBe(1);
    } finally {
      delete process.env.PUBLIC_URL;
      reloadEnv();
    }
    const [mail] = await outbox();
    expect(mail.attachments).toBeNull();
    expect(mail.body).toContain("Products: 1");
    expect(mail.body).toMatch(/is larger than the 0\.0 MB .* https:\/\/voltstock\.example\.com\/reports$/m);
  });

  test("nothing goes to a deactivated owner, or to one who may no longer schedule reports", async () => {
    const anna = await user("anna@example.com");
    const ben = await user("ben@example.com");
    await schedule(anna, { report: "products" });
    await schedule(ben, { report: "products" });
    const update = db.orm.em.fork();
    await update.execute(`update "user" set is_active = false where id = ?`, [anna]);
    await update.execute(`update "user" set role = 'salesperson' where id = ?`, [ben]);
    expect(await run(MONDAY)).toBe(0);
    // Made a manager again: the schedule sends.
    await update.execute(`update "user" set role = 'manager' where id = ?`, [ben]);
    expect(await run(MONDAY)).toBe(1);
  });
});

describe("a user's schedules", () => {
  test("at most 20 each; a category must exist; only the owner pauses or deletes one", async () => {
    const anna = await user("anna@example.com");
    const ben = await user("ben@example.com");
    const input = reportScheduleSchema.parse({ report: "low-margin", format: "excel", frequency: "daily" });
    for (let i = 0; i < MAX_SCHEDULES; i++) ok(await db.inRequest(() => addSchedule(anna, input)));
    expect(await db.inRequest(() => addSchedule(anna, input))).toEqual({ ok: false, reason: "tooMany" });
    expect(await db.inRequest(() => listSchedules(anna))).toHaveLength(MAX_SCHEDULES);

    expect(await db.inRequest(() => addSchedule(ben, { ...input, categoryId: 999_999 }))).toEqual({
      ok: false,
      reason: "unknownCategory",
    });
    const [first] = await db.inRequest(() => listSchedules(anna));
    expect(first).toMatchObject({ report: "low-margin", format: "excel", frequency: "daily", active: true });
    expect(await db.inRequest(() => setScheduleActive(ben, first.id, false))).toBe(false);
    expect(await db.inRequest(() => deleteSchedule(ben, first.id))).toBe(false);
    expect(await db.inRequest(() => deleteSchedule(anna, first.id))).toBe(true);
    expect(await db.inRequest(() => listSchedules(anna))).toHaveLength(MAX_SCHEDULES - 1);
  });

  test("five requests at once for a user with 19 schedules add one", async () => {
    const anna = await user("anna@example.com");
    const input = reportScheduleSchema.parse({ report: "products", format: "csv", frequency: "daily" });
    for (let i = 0; i < MAX_SCHEDULES - 1; i++) ok(await db.inRequest(() => addSchedule(anna, input)));
    const results = await Promise.all(
      Array.from({ length: 5 }, () => db.inRequest(() => addSchedule(anna, input))),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(await db.inRequest(() => listSchedules(anna))).toHaveLength(MAX_SCHEDULES);
  });
});

describe("delivery", () => {
  const received: string[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        received.push(Buffer.concat(chunks).toString("utf8"));
        callback();
      });
    },
  });
  beforeAll(async () => {
    await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
    process.env.SMTP_URL = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
    reloadEnv();
  });
  afterAll(async () => {
    delete process.env.SMTP_URL;
    reloadEnv();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  test("deliverPendingEmail sends the report's file as an attachment, byte for byte", async () => {
    const aino = await user("aino@example.com", "manager", "fi");
    await product({ sku: "HP-1", name: "Kuulokkeet ääni" });
    await schedule(aino, { report: "products", format: "excel" });
    expect(await run(MONDAY)).toBe(1);
    const [queued] = await outbox();
    expect(await deliverPendingEmail(db.orm.em.fork())).toBe(1);
    expect(received).toHaveLength(1);
    const attachment = mimePart(received[0], /Content-Disposition: attachment/);
    expect(attachment.headers).toMatch(/Content-Type: text\/csv; charset=utf-8/);
    expect(attachment.headers).toMatch(/filename="?Tuoteluettelo 2026-11-23\.csv"?/);
    expect(attachment.body).toBe(queued.attachments?.[0].content);
    expect(attachment.body.startsWith("\uFEFF")).toBe(true);
    expect(attachment.body).toContain("Kuulokkeet ääni");
    // Sent once.
    expect(await deliverPendingEmail(db.orm.em.fork())).toBe(0);
  });
});

/** The part of a multipart message whose headers match, with its body decoded (base64 or quoted-printable). */
function mimePart(raw: string, match: RegExp): { headers: string; body: string } {
  const boundary = /boundary="?([^"\r\n;]+)"?/.exec(raw)?.[1];
  if (!boundary) throw new Error("not a multipart message");
  for (const part of raw.split(`--${boundary}`)) {
    const split = part.indexOf("\r\n\r\n");
    if (split < 0) continue;
    const headers = part.slice(0, split).replace(/\r\n\s+/g, " ");
    if (!match.test(headers)) continue;
    const encoded = part.slice(split + 4).trim();
    const body = /Content-Transfer-Encoding: base64/i.test(headers)
      ? Buffer.from(encoded, "base64").toString("utf8")
      : Buffer.from(
          encoded
            .replace(/=\r\n/g, "")
            .replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(Number.parseInt(hex, 16))),
          "latin1",
        ).toString("utf8");
    return { headers, body };
  }
  throw new Error(`no part matches ${match}`);
}
