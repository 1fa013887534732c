import { mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { LAUNCH_OPTIONS } from "../../playwright.config";
import { createUser, expect, signInQuickly, test, uniqueId } from "./fixtures";

/** An EAN-13 with its check digit. */
function ean13(twelve: string) {
  const sum = [...twelve].reduce((total, digit, i) => total + Number(digit) * (i % 2 ? 3 : 1), 0);
  return twelve + ((10 - (sum % 10)) % 10);
}

const L = [
  "0001101",
  "0011001",
  "0010011",
  "0111101",
  "0100011",
  "0110001",
  "0101111",
  "0111011",
  "0110111",
  "0001011",
];
const G = [
  "0100111",
  "0110011",
  "0011011",
  "0100001",
  "0011101",
  "0111001",
  "0000101",
  "0010001",
  "0001001",
  "0010111",
];
const R = L.map((code) => [...code].map((bit) => (bit === "1" ? "0" : "1")).join(""));
const PARITY = [
  "LLLLLL",
  "LLGLGG",
  "LLGGLG",
  "LLGGGL",
  "LGLLGG",
  "LGGLLG",
  "LGGGLL",
  "LGLGLG",
  "LGLGGL",
  "LGGLGL",
];

/** The 95 modules of an EAN-13 symbol, as "1" (bar) and "0" (space). */
function ean13Modules(code: string) {
  const digits = [...code].map(Number);
  const left = digits
    .slice(1, 7)
    .map((digit, i) => (PARITY[digits[0]][i] === "L" ? L : G)[digit])
    .join("");
  const right = digits
    .slice(7)
    .map((digit) => R[digit])
    .join("");
  return `101${left}01010${right}101`;
}

/**
 * A short Y4M video of the barcode, for Chromium's fake camera: white frames with the symbol in
 * the middle, 4 pixels a module, with its quiet zones.
 */
function barcodeVideo(code: string): string {
  const width = 640;
  const height = 480;
  const modules = ean13Modules(code);
  const scale = 4;
  const left = Math.floor((width - modules.length * scale) / 2);
  const luma = Buffer.alloc(width * height, 235);
  for (let y = 140; y < 340; y++) {
    for (let m = 0; m < modules.length; m++) {
      if (modules[m] === "1") luma.fill(16, y * width + left + m * scale, y * width + left + (m + 1) * scale);
    }
  }
  const chroma = Buffer.alloc((width / 2) * (height / 2), 128);
  const frame = Buffer.concat([Buffer.from("FRAME\n"), luma, chroma, chroma]);
  const file = path.join(tmpdir(), "voltstock-e2e", `barcode-${code}.y4m`);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(
    file,
    Buffer.concat([
      Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`),
      ...Array(10).fill(frame),
    ]),
  );
  return file;
}

// One code for this file's browser: its fake camera films it.
// Starting with 0, as Apple's, Lenovo's and HP's do: readers report it as a 12-digit UPC-A.
const CODE = ean13(`0${String(Date.now()).slice(-11)}`);

// This file's browser has a fake camera that films the code.
test.use({
  launchOptions: {
    ...LAUNCH_OPTIONS,
    args: [
      ...LAUNCH_OPTIONS.args,
      "--use-fake-ui-for-media-stream",
      "--use-fake-device-for-media-stream",
      `--use-file-for-fake-video-capture=${barcodeVideo(CODE)}`,
    ],
  },
});

test.describe("scanning with the camera", () => {
  test("reads a product's EAN-13 from the camera and adds the product to the list", async ({
    page,
    request,
  }) => {
    const manager = await createUser(request, "manager");
    await signInQuickly(page, manager);
    const name = `Camera Speaker ${uniqueId()}`;
    const created = await page.request.post("/api/products", {
      data: {
        name,
        sku: `CAM-${uniqueId()}`,
        brand: "JBL",
        purchasePrice: "50.00",
        sellingPrice: "99.00",
        stockLevel: 40,
        supplier: "S",
        ean: CODE,
      },
    });
    expect(created.status()).toBe(201);
    await page.goto("/barcode-scanner");
    await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
    await page.getByRole("button", { name: "Scan with camera" }).click();
    await expect(page.getByTestId("camera-panel")).toBeVisible();
    await expect(page.getByRole("row").filter({ hasText: name })).toBeVisible({ timeout: 15_000 });
    // The camera is stopped once the code is read.
    await expect(page.getByTestId("camera-panel")).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Scan with camera" })).toBeVisible();
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false, role: "salesperson" });

  test("there is no camera button; the code field works as before", async ({ signedIn: { page } }) => {
    await page.goto("/barcode-scanner");
    await expect(page.getByLabel("Barcode or SKU")).toBeVisible();
    await expect(page.getByRole("button", { name: "Scan with camera" })).toHaveCount(0);
  });
});
