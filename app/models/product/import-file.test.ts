import { describe, expect, test } from "vitest";
import { MAX_IMPORT_ROWS } from "~/models/import/import";
import { cellValue, readProductFile } from "./import-file";

function rows(text: string) {
  const file = readProductFile(text);
  if (!file.ok) throw new Error(JSON.stringify(file.error));
  return file;
}

describe("reading a product file", () => {
  test("the standard CSV: spec keys, commas, codes", () => {
    const file = rows("name,sku,vatInclusive,status,marginPercentage\nMouse,M-1,true,eol,59.8\n");
    expect(file.columns).toEqual(["name", "sku", "vatInclusive", "status"]);
    expect(file.rows).toEqual([
      { line: 2, cells: { name: "Mouse", sku: "M-1", vatInclusive: "true", status: "eol" }, error: null },
    ]);
  });

  test('Excel (Finnish): BOM, semicolons, Finnish or English headers, words, decimal commas, ="..." codes', () => {
    const file = rows(
      '\uFEFFTuotekoodi (SKU);Prices include VAT;Tila;Myyntihinta;EAN-koodi;Kateluokka\r\n="007";Kyllä;Ei käytössä;1 234,50 €;"=""0012345678905""";Hyvä\r\n',
    );
    expect(file.columns).toEqual(["sku", "vatInclusive", "status", "sellingPrice", "ean"]);
    expect(file.rows[0].cells).toEqual({
      sku: "007",
      vatInclusive: "true",
      status: "inactive",
      sellingPrice: "1234,50",
      ean: "0012345678905",
    });
  });

  test("an export's total line at the end is no product; a product named Total elsewhere is", () => {
    const file = rows("name;sku;sellingPrice\nTotal;T-1;1,00\nMouse;M-1;2,00\nYhteensä;2;;\n");
    expect(file.rows.map((row) => row.cells.sku)).toEqual(["T-1", "M-1"]);
  });

  test("headers it does not know are read past and named; a column twice is refused", () => {
    expect(rows("sku;Colour;\nA;red;\n").ignored).toEqual(["Colour"]);
    expect(readProductFile("sku,SKU\nA,B\n")).toEqual({
      ok: false,
      error: { message: "import:errors.file.duplicateColumn", values: { column: "SKU" } },
    });
    expect(readProductFile("name,brand\nA,B\n")).toMatchObject({
      error: { message: "import:errors.file.noKey" },
    });
  });

  test("a tab-separated paste is read; empty lines and lines of separators are skipped, lines keep their numbers", () => {
    const file = rows("sku\tname\n\nA\tOne\n\t\nB\tTwo\n");
    expect(file.rows.map((row) => [row.line, row.cells.sku])).toEqual([
      [3, "A"],
      [5, "B"],
    ]);
  });

  test("a quoted cell over several lines: the row is numbered by its first line", () => {
    const file = rows('sku,name\nA,"Two\nlines"\nB,Three\n');
    expect(file.rows.map((row) => [row.line, row.cells.name])).toEqual([
      [2, "Two\nlines"],
      [4, "Three"],
    ]);
  });

  test("a row with more or fewer cells than the header is an error of that row", () => {
    const file = rows("sku,name\nA,One,extra\nB\nC,Three,\n");
    expect(file.rows.map((row) => row.error?.message ?? null)).toEqual([
      "import:errors.row.cellCount",
      "import:errors.row.cellCount",
      null,
    ]);
  });

  test("syntax errors and control characters name their line", () => {
    expect(readProductFile('sku,name\nA,"One"x\n')).toEqual({
      ok: false,
      error: { message: "import:errors.file.afterQuote", values: { line: 2 } },
    });
    expect(readProductFile("sku,name\nA,One\nB,T\u0000wo\n")).toEqual({
      ok: false,
      error: { message: "import:errors.file.controlCharacters", values: { line: 3 } },
    });
  });

  test("too many rows, and no rows, are refused whole", () => {
    const many = `sku\n${"A\n".repeat(MAX_IMPORT_ROWS + 1)}`;
    expect(readProductFile(many)).toEqual({
      ok: false,
      error: {
        message: "import:errors.file.tooMany",
        values: { count: MAX_IMPORT_ROWS + 1, max: MAX_IMPORT_ROWS },
      },
    });
    expect(readProductFile("sku,name\n\n")).toMatchObject({ error: { message: "import:errors.file.empty" } });
    expect(readProductFile("  ")).toMatchObject({ error: { message: "import:errors.file.empty" } });
  });
});

describe("a cell's value", () => {
  test("the export's neutralised text and Excel's text formula are undone", () => {
    expect(cellValue("name", "'=SUM(A1)")).toBe("=SUM(A1)");
    expect(cellValue("name", "'plain")).toBe("'plain");
    expect(cellValue("sku", '="A ""B"""')).toBe('A "B"');
  });

  test("numbers lose spaces, units and thousands separators; text keeps them", () => {
    expect(cellValue("purchasePrice", "1\u00a0234,50\u00a0€")).toBe("1234,50");
    expect(cellValue("vatRate", "25,5 %")).toBe("25,5");
    expect(cellValue("name", "USB 3 €")).toBe("USB 3 €");
  });
});
