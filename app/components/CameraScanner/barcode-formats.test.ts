import { describe, expect, test } from "vitest";
import { CAMERA_FORMATS, catalogueCode, chooseReader, cleanCode } from "./barcode-formats";

describe("the camera's reader", () => {
  test("is the browser's own when it reads EAN-13 and Code 128, else the library", () => {
    expect(chooseReader(true, [...CAMERA_FORMATS, "qr_code"])).toBe("native");
    expect(chooseReader(true, ["qr_code", "ean_13"])).toBe("library");
    expect(chooseReader(false, [...CAMERA_FORMATS])).toBe("library");
  });

  test("reads EAN-13, EAN-8, UPC-A, UPC-E and Code 128", () => {
    expect([...CAMERA_FORMATS]).toEqual(["ean_13", "ean_8", "upc_a", "upc_e", "code_128"]);
  });

  test("keeps a code's digits and letters only", () => {
    expect(cleanCode(" 6417084001234\n")).toBe("6417084001234");
    expect(cleanCode("SON-WH1000XM5")).toBe("SON-WH1000XM5");
  });
});

describe("the code looked up", () => {
  test("a UPC-A read (an EAN-13 starting with 0) gets its 0 back; a UPC-E is expanded first", () => {
    expect(catalogueCode("upc_a", "195949048906")).toBe("0195949048906");
    expect(catalogueCode("upc_e", "04252614")).toBe("0042100005264");
    expect(catalogueCode("ean_13", "6417084001234")).toBe("6417084001234");
    expect(catalogueCode("ean_8", "96385074")).toBe("96385074");
    expect(catalogueCode("code_128", "SON-WH1000XM5")).toBe("SON-WH1000XM5");
  });
});
