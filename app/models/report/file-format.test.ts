import { parse } from "csv-parse/sync";
import { describe, expect, test } from "vitest";
import { type FileColumn, INVENTORY_VALUE_COLUMNS, isTotalLine, PRODUCT_COLUMNS } from "./file-columns";
import {
  type Dialect,
  defaultFileFormat,
  excelCode,
  fileHead,
  fileLine,
  formatCell,
  isFileFormat,
  neutralise,
  rowLine,
  totalLine,
} from "./file-format";
import { averageTenths, totalsCounter } from "./report-totals";

const excelFi: Dialect = { format: "excel", language: "fi" };
const excelEn: Dialect = { format: "excel", language: "en" };
const csv: Dialect = { format: "csv", language: "fi" };
const column = (key: string) => PRODUCT_COLUMNS.find((c) => c.key === key) as FileColumn;

const product = {
  name: "Kuulokkeet; langattomat",
  sku: "0012-AB",
  brand: "Sony",
  category: "Äänentoisto",
  purchasePrice: "1234.50",
  sellingPrice: "1999.00",
  vatInclusive: true,
  vatRate: "25.5",
  marginPercentage: "-3.2",
  marginCategory: "low",
  stockLevel: 7,
  status: "eol",
  supplier: "=cmd|' /C calc'!A0",
  ean: "0123456789012",
  unit: "m",
  netQuantity: "0.75",
  tracking: "imei",
  guaranteeMonths: 24,
  inventoryValue: "13993.00",
  valueAtCost: "6885.65",
};

describe("Excel (Finnish) cells", () => {
  test("decimals take a comma, integers stay as they are", () => {
    expect(formatCell(column("sellingPrice"), "1234.50", excelFi)).toBe("1234,50");
    expect(formatCell(column("marginPercentage"), "-3.2", excelFi)).toBe("-3,2");
    expect(formatCell(column("stockLevel"), 0, excelFi)).toBe("0");
  });

  test("a code stays text: written as the formula of one string literal", () => {
    expect(formatCell(column("ean"), "0123456789012", excelFi)).toBe('="0123456789012"');
    expect(formatCell(column("sku"), "0012-AB", excelFi)).toBe('="0012-AB"');
    expect(formatCell(column("ean"), null, excelFi)).toBe("");
  });

  test("a code that is a formula or holds quotes cannot leave its literal", () => {
    expect(excelCode('=HYPERLINK("http://evil.example")')).toBe('="=HYPERLINK(""http://evil.example"")"');
    expect(excelCode('A"&WEBSERVICE("x")&"')).toBe('="A""&WEBSERVICE(""x"")&"""');
    // Read back as CSV, the cell is exactly the wrapper: one literal, the user's text inside it.
    const [[cell]] = parse(fileLine([excelCode('-1+"1"')], "excel"), { delimiter: ";" });
    expect(cell).toBe('="-1+""1"""');
  });

  test("user text that would run as a formula is neutralised; our words and numbers are not", () => {
    expect(formatCell(column("supplier"), "=cmd|' /C calc'!A0", excelFi)).toBe("'=cmd|' /C calc'!A0");
    expect(formatCell(column("brand"), "+Brand", excelFi)).toBe("'+Brand");
    expect(formatCell(column("name"), "@SUM(A1)", csv)).toBe("'@SUM(A1)");
    expect(formatCell(column("name"), "\tTab", csv)).toBe("'\tTab");
    expect(neutralise("-Minus")).toBe("'-Minus");
    expect(neutralise("Plain")).toBe("Plain");
  });

  test("yes/no and coded values are words in the interface language", () => {
    expect(formatCell(column("vatInclusive"), true, excelFi)).toBe("kyllä");
    expect(formatCell(column("vatInclusive"), false, excelEn)).toBe("no");
    expect(formatCell(column("status"), "eol", excelFi)).toBe("Poistuva");
    expect(formatCell(column("marginCategory"), "high", excelEn)).toBe("High");
  });

  test("dates are d.m.yyyy, the shop's day of a moment", () => {
    const day: FileColumn = { key: "day", header: { en: "Day", fi: "Päivä" }, kind: "date" };
    expect(formatCell(day, "2026-11-23", excelFi)).toBe("23.11.2026");
    expect(formatCell(day, "2026-03-05", excelFi)).toBe("5.3.2026");
    // 22:30 UTC is already the next day in Helsinki.
    expect(formatCell(day, "2026-11-22T22:30:00Z", excelFi)).toBe("23.11.2026");
    expect(formatCell(day, "2026-11-22T22:30:00Z", csv)).toBe("2026-11-23");
  });

  test("the file starts with a BOM and headers in the interface language, separated by semicolons", () => {
    const head = fileHead(PRODUCT_COLUMNS, excelFi);
    expect(head.startsWith("\uFEFFNimi;Tuotekoodi (SKU);Merkki;Tuoteryhmä;Ostohinta;")).toBe(true);
    expect(head.endsWith("\r\n")).toBe(true);
    expect(fileHead(PRODUCT_COLUMNS, excelEn).startsWith("\uFEFFName;SKU;Brand;")).toBe(true);
  });

  test("a line quotes the cells that hold a semicolon, a quote or a line break, and no others", () => {
    expect(fileLine(["a;b", 'say "hi"', "two\nlines", "1,5", "a,b"], "excel")).toBe(
      '"a;b";"say ""hi""";"two\nlines";1,5;a,b\r\n',
    );
    expect(fileLine(["a,b", "a;b", "cr\rx"], "csv")).toBe('"a,b",a;b,"cr\rx"\n');
  });

  test("a product's line reads back to its values", () => {
    const line = rowLine(PRODUCT_COLUMNS, product, excelFi);
    const [cells] = parse(line, { delimiter: ";" }) as string[][];
    expect(cells).toEqual([
      "Kuulokkeet; langattomat",
      '="0012-AB"',
      "Sony",
      "Äänentoisto",
      "1234,50",
      "1999,00",
      "kyllä",
      "25,5",
      "-3,2",
      "Matala",
      "7",
      "Poistuva",
      "'=cmd|' /C calc'!A0",
      '="0123456789012"',
      "m",
      "0,75",
      "imei",
      "24",
      "13993,00",
      "6885,65",
    ]);
  });
});

describe("CSV (standard) cells", () => {
  test("keys as headers, commas, points, codes and ISO as they are", () => {
    expect(fileHead(PRODUCT_COLUMNS, csv)).toBe(
      "name,sku,brand,category,purchasePrice,sellingPrice,vatInclusive,vatRate,marginPercentage,marginCategory,stockLevel,status,supplier,ean,unit,netQuantity,tracking,guaranteeMonths,inventoryValue,valueAtCost\n",
    );
    const [cells] = parse(rowLine(PRODUCT_COLUMNS, product, csv)) as string[][];
    expect(cells).toEqual([
      "Kuulokkeet; langattomat",
      "0012-AB",
      "Sony",
      "Äänentoisto",
      "1234.50",
      "1999.00",
      "true",
      "25.5",
      "-3.2",
      "low",
      "7",
      "eol",
      "'=cmd|' /C calc'!A0",
      "0123456789012",
      "m",
      "0.75",
      "imei",
      "24",
      "13993.00",
      "6885.65",
    ]);
  });
});

describe("the total line", () => {
  const totals = {
    products: 3,
    units: 12,
    value: "1234.50",
    valueAtCost: "987.65",
    averageMargin: -2.5,
  };

  test("says Yhteensä, then the count, and the figures under their columns", () => {
    const [cells] = parse(totalLine(PRODUCT_COLUMNS, totals, excelFi), { delimiter: ";" }) as string[][];
    const at = (key: string) => cells[PRODUCT_COLUMNS.findIndex((c) => c.key === key)];
    expect(cells).toHaveLength(PRODUCT_COLUMNS.length);
    expect(cells[0]).toBe("Yhteensä");
    expect(cells[1]).toBe("3");
    expect(at("stockLevel")).toBe("12");
    expect(at("inventoryValue")).toBe("1234,50");
    expect(at("valueAtCost")).toBe("987,65");
    expect(at("marginPercentage")).toBe("-2,5");
    expect(at("brand")).toBe("");
    expect(isTotalLine(cells)).toBe(true);
  });

  test("is Total in the standard file whatever the language, and leaves an average of nothing empty", () => {
    const line = totalLine(
      INVENTORY_VALUE_COLUMNS,
      { ...totals, products: 0, units: 0, averageMargin: null },
      csv,
    );
    expect(line).toBe("Total,0,,,0,,1234.50,987.65,\n");
    expect(totalLine(INVENTORY_VALUE_COLUMNS, totals, excelEn).startsWith("Total;3;")).toBe(true);
  });
});

describe("totals while streaming", () => {
  test("add up values in cents past 2^53 cents, and average margins as PostgreSQL rounds", () => {
    const counter = totalsCounter();
    // 99,999,999.99 x 999,999,999 units, twice: 2e17 euros, far past a float's exact cents.
    for (let i = 0; i < 2; i++)
      counter.add({
        stockLevel: 999_999_999,
        inventoryValue: "99999999890000000.01",
        valueAtCost: "0.01",
        margin: 10.1,
      });
    counter.add({ stockLevel: 1, inventoryValue: "0.10", valueAtCost: "0.20", margin: 10.2 });
    expect(counter.totals()).toEqual({
      products: 3,
      units: 1_999_999_999,
      value: "199999999780000000.12",
      valueAtCost: "0.22",
      averageMargin: 10.1,
    });
  });

  test("an average rounds half away from zero, and nothing averages to null", () => {
    expect(averageTenths(5, 2)).toBe(0.3);
    expect(averageTenths(-5, 2)).toBe(-0.3);
    expect(averageTenths(-1, 3)).toBe(0);
    expect(averageTenths(0, 0)).toBeNull();
  });
});

describe("format choice", () => {
  test("Finnish users get Excel, others the standard CSV; nothing else is a format", () => {
    expect(defaultFileFormat("fi")).toBe("excel");
    expect(defaultFileFormat("en")).toBe("csv");
    expect(isFileFormat("excel")).toBe(true);
    expect(isFileFormat("xlsx")).toBe(false);
  });
});
