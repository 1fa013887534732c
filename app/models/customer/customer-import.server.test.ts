import { parse } from "csv-parse/sync";
import { beforeEach, describe, expect, test } from "vitest";
import {
  checkImportFile,
  claimImport,
  getImportJob,
  listImportRows,
  runImport,
} from "~/models/import/import-job.server";
import type { Dialect } from "~/models/report/file-format";
import { customerFile } from "~/models/report/list-file.server";
import { testDatabase } from "../../../tests/setup/database";
import { createCustomer, updateCustomer } from "./customer.server";
import { customerSchema } from "./customer-schema";

const db = testDatabase();

async function sql<T>(query: string, params: unknown[] = []) {
  return db.orm.em.fork().execute<T[]>(query, params);
}

let userId = 0;

beforeEach(async () => {
  await db.truncate("customer", "import_job", "audit_log", "user");
  [{ id: userId }] = await sql<{ id: number }>(
    `insert into "user" (email, password, first_name, last_name, role) values ('importer@example.fi', 'x', 'Iida', 'Importer', 'manager') returning id`,
  );
});

async function customer(fields: Record<string, unknown>) {
  const result = await db.inRequest(() => createCustomer(customerSchema.parse(fields)));
  if (!result.ok) throw new Error(result.reason);
  return result.customer;
}

/** Three customers whose values test the file's cells: codes, words, amounts, formulas, lines. */
async function someCustomers() {
  const business = await customer({
    firstName: "Maija",
    lastName: "Virtanen",
    email: "maija@virtasenkone.fi",
    phone: "0401234567",
    company: "Virtasen Kone Oy",
    customerType: "business",
    vatNumber: "0112038-9",
    address: "Mannerheimintie 1",
    city: "Helsinki",
    postalCode: "00100",
    country: "Finland",
    vipStatus: true,
    discountPercentage: "7.5",
    creditLimit: "2000",
    notes: 'Pays by invoice;\nasks for the "red" catalogue',
  });
  const individual = await customer({
    firstName: "Matti",
    lastName: "Meikäläinen",
    email: "matti@example.fi",
    phone: "+358 40 765 4321",
    customerType: "individual",
    notes: "=SUM(A1:A2)",
  });
  const retail = await customer({
    firstName: "Anna",
    lastName: "Andersson",
    email: "Anna@Example.SE",
    country: "Sweden",
    customerType: "retail",
  });
  // What the orders kept: the file's total line adds it up.
  await sql("update customer set total_orders = 3, total_spent = 1234.50 where id = ?", [business.id]);
  await sql("update customer set total_orders = 1, total_spent = 99.95 where id = ?", [individual.id]);
  return { business, individual, retail };
}

/** The file as downloaded, byte for byte (its BOM too). */
async function exported(dialect: Dialect) {
  const bytes = await db.inRequest(() => new Response(customerFile(dialect)).arrayBuffer());
  return new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
}

async function check(text: string) {
  const result = await db.inRequest(() =>
    checkImportFile({ kind: "customers", text, fileName: "asiakkaat.csv", userId }),
  );
  if (!result.ok) throw new Error(`The file was refused: ${JSON.stringify(result.error)}`);
  return (await db.inRequest(() => getImportJob(result.id))) as NonNullable<
    Awaited<ReturnType<typeof getImportJob>>
  >;
}

function rows(id: number, action: "create" | "update" | "unchanged" | "error") {
  return db.inRequest(() => listImportRows(id, action, { limit: 100, offset: 0 }));
}

async function commit(id: number) {
  expect(await db.inRequest(() => claimImport(id, userId))).toBe(true);
  await runImport(db.orm, id);
  return db.inRequest(() => getImportJob(id));
}

const DIALECTS: Dialect[] = [
  { format: "csv", language: "en" },
  { format: "excel", language: "fi" },
  { format: "excel", language: "en" },
];

describe("the customers' round trip through the real export", () => {
  test("an export imports back unchanged in both formats; it ends with the number of customers and their total spent", async () => {
    await someCustomers();
    for (const dialect of DIALECTS) {
      const text = await exported(dialect);
      const job = await check(text);
      expect(job.kind).toBe("customers");
      expect(job.counts, `${dialect.format} ${dialect.language}`).toEqual({
        create: 0,
        update: 0,
        unchanged: 3,
        error: 0,
      });
    }
    const excel = await exported({ format: "excel", language: "fi" });
    expect(excel.slice(0, excel.indexOf("\r\n"))).toBe(
      "\uFEFFEtunimi;Sukunimi;Sähköposti;Puhelin;Yritys;Y-tunnus / ALV-numero;Katuosoite;Postitoimipaikka;Postinumero;Maa;Asiakastyyppi;Asiakkuus;Alennus %;Luottoraja;Muistiinpanot;Tilauksia;Ostot yhteensä",
    );
    const cells = parse(excel.replace(/^\uFEFF/, ""), { delimiter: ";" }) as string[][];
    // By last name: Andersson, Meikäläinen, Virtanen; codes stay text; words in Finnish.
    expect(cells.slice(1, 4).map((line) => line[2])).toEqual([
      "anna@example.se",
      "matti@example.fi",
      "maija@virtasenkone.fi",
    ]);
    expect(cells[3].slice(3, 13)).toEqual([
      '="0401234567"',
      "Virtasen Kone Oy",
      '="FI01120389"',
      "Mannerheimintie 1",
      "Helsinki",
      '="00100"',
      "Finland",
      "Yritys",
      "VIP-asiakas",
      "7,50",
    ]);
    expect(cells[2][14]).toBe("'=SUM(A1:A2)");
    expect(cells[4]).toEqual(["Yhteensä", "3", ...Array(14).fill(""), "1334,45"]);
    const standard = parse(await exported({ format: "csv", language: "en" })) as string[][];
    expect(standard[0]).toContain("vipStatus");
    expect(standard[4]).toEqual(["Total", "3", ...Array(14).fill(""), "1334.45"]);
  });

  test("two fields changed in the Finnish Excel file are one update with two changes; the import writes them", async () => {
    const { business } = await someCustomers();
    const excel = await exported({ format: "excel", language: "fi" });
    const changed = excel
      .split("\r\n")
      .map((line) =>
        line.includes("maija@virtasenkone.fi")
          ? line.replace(";Helsinki;", ";Espoo;").replace(";2000,00;", ";2 500,00 €;")
          : line,
      )
      .join("\r\n");
    expect(changed).not.toBe(excel);
    const job = await check(changed);
    expect(job.counts).toEqual({ create: 0, update: 1, unchanged: 2, error: 0 });
    const [update] = await rows(job.id, "update");
    expect(update).toMatchObject({
      line: 4,
      name: "Maija Virtanen",
      detail: "maija@virtasenkone.fi",
      recordId: business.id,
      changes: [
        { column: "city", from: "Helsinki", to: "Espoo" },
        { column: "creditLimit", from: "2000.00", to: "2500.00" },
      ],
    });
    expect(await commit(job.id)).toMatchObject({ status: "done", progress: 1 });
    const [stored] = await sql<Record<string, unknown>>(
      "select city, credit_limit, vat_number, version, total_spent from customer where id = ?",
      [business.id],
    );
    expect(stored).toEqual({
      city: "Espoo",
      credit_limit: "2500.00",
      vat_number: "FI01120389",
      version: business.version + 1,
      total_spent: "1234.50",
    });
    // The export of the catalogue as it is now imports back as nothing to do.
    const again = await check(await exported({ format: "csv", language: "en" }));
    expect(again.counts).toEqual({ create: 0, update: 0, unchanged: 3, error: 0 });
  });
});

describe("checking a customer file", () => {
  test("a row matches its customer by e-mail in any letter case; others are new; a bad Y-tunnus and a repeated address are errors on their lines", async () => {
    const { retail } = await someCustomers();
    const csv = [
      "Etunimi;Sukunimi;Sähköposti;Asiakastyyppi;Y-tunnus / ALV-numero;Alennus %;Asiakkuus",
      "Anna;Andersson;ANNA@example.se;Kuluttaja;;;VIP-asiakas",
      "Olli;Oy;olli@firma.fi;Yritys;0112038-8;;",
      "Pia;Pieni;pia@example.fi;;;2,5;",
      "Pia;Toinen;PIA@example.fi;Yksityinen;;;",
      ";;;;;;",
      "Kalle;;kalle@example.fi;Toimittaja;;120;ehkä",
    ].join("\n");
    const job = await check(csv);
    expect(job.counts).toEqual({ create: 1, update: 1, unchanged: 0, error: 3 });
    const [update] = await rows(job.id, "update");
    expect(update).toMatchObject({
      line: 2,
      recordId: retail.id,
      changes: [{ column: "vipStatus", from: false, to: true }],
    });
    const [create] = await rows(job.id, "create");
    expect(create).toMatchObject({ line: 4, name: "Pia Pieni", detail: "pia@example.fi" });
    const errors = await rows(job.id, "error");
    expect(
      errors.map((row) => [row.line, row.errors.map((e) => [e.column, e.message, e.values ?? null])]),
    ).toEqual([
      [3, [["vatNumber", "customers:errors.businessIdCheckDigit", null]]],
      [5, [["email", "import:customers.errors.row.sameEmail", { line: 4 }]]],
      [
        7,
        [
          ["lastName", "import:customers.errors.row.required", null],
          ["customerType", "import:customers.errors.row.type", null],
          ["vipStatus", "import:customers.errors.row.vip", null],
          ["discountPercentage", "validation.percent.tooLarge", null],
        ],
      ],
    ]);
    // The empty line is no row; nothing was written by the check.
    expect(job.total).toBe(5);
    expect((await sql<{ count: number }>("select count(*)::int as count from customer"))[0].count).toBe(3);
    expect(await db.inRequest(() => claimImport(job.id, userId))).toBe(false);
  });

  test("a file without an e-mail column is refused as a whole", async () => {
    const result = await db.inRequest(() =>
      checkImportFile({ kind: "customers", text: "firstName,lastName\nA,B\n", fileName: null, userId }),
    );
    expect(result).toEqual({ ok: false, error: { message: "import:customers.errors.file.noKey" } });
  });

  test("new customers are written with the form's defaults; an individual's company and VAT number are dropped", async () => {
    const csv = [
      "firstName,lastName,email,customerType,company,vatNumber,creditLimit",
      "Ville,Uusi,ville@example.fi,,Ignored Oy,0112038-9,",
      "Yrjö,Yritys,yrjo@firma.fi,business,Firma Oy,FI01120389,500",
    ].join("\n");
    const job = await check(csv);
    expect(job.counts).toEqual({ create: 2, update: 0, unchanged: 0, error: 0 });
    expect(await commit(job.id)).toMatchObject({ status: "done", progress: 2 });
    const stored = await sql<Record<string, unknown>>(
      "select email, customer_type, company, vat_number, credit_limit, vip_status from customer order by email",
    );
    expect(stored).toEqual([
      {
        email: "ville@example.fi",
        customer_type: "individual",
        company: null,
        vat_number: null,
        credit_limit: "0.00",
        vip_status: false,
      },
      {
        email: "yrjo@firma.fi",
        customer_type: "business",
        company: "Firma Oy",
        vat_number: "FI01120389",
        credit_limit: "500.00",
        vip_status: false,
      },
    ]);
  });

  test("a customer changed after the check fails the import, and nothing of it is written", async () => {
    const { individual } = await someCustomers();
    const csv = [
      "email,city,firstName,lastName",
      "maija@virtasenkone.fi,Tampere,Maija,Virtanen",
      "matti@example.fi,Turku,Matti,Meikäläinen",
      "new@example.fi,Oulu,Uusi,Asiakas",
    ].join("\n");
    const job = await check(csv);
    expect(job.counts).toEqual({ create: 1, update: 2, unchanged: 0, error: 0 });
    const edited = await db.inRequest(() =>
      updateCustomer(individual.id, customerSchema.parse({ ...individual, notes: "Changed meanwhile" })),
    );
    expect(edited.ok).toBe(true);
    expect(await commit(job.id)).toMatchObject({
      status: "failed",
      failure: {
        message: "import:customers.failure.changed",
        values: { line: 3, detail: "matti@example.fi" },
      },
    });
    const cities = await sql<{ email: string; city: string | null }>(
      "select email, city from customer order by email",
    );
    expect(cities).toEqual([
      { email: "anna@example.se", city: null },
      { email: "maija@virtasenkone.fi", city: "Helsinki" },
      { email: "matti@example.fi", city: null },
    ]);
  });
});
