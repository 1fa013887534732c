import { createUser, expect, test, uniqueId } from "./fixtures";

/**
 * Shelf labels over HTTP (issue #30; no person's flow here yet): a new product waits in the
 * reprint queue; a salesperson prints its label from its page's form, a PDF; the print takes it off
 * the queue. The rendering itself is tested in app/models/label (barcodes read back from the page).
 */
/** Twelve digits and their EAN-13 check digit. */
function ean13(digits: string) {
  const sum = [...digits].reduce((total, digit, i) => total + Number(digit) * (i % 2 ? 3 : 1), 0);
  return `${digits}${(10 - (sum % 10)) % 10}`;
}

test("a product's label is queued, printed as a PDF by a salesperson, and leaves the queue; a bad layout is refused", async ({
  request,
}) => {
  const manager = await createUser(request, "manager");
  await request.post("/api/auth/login", { data: { email: manager.email, password: manager.password } });
  const id = uniqueId();
  const created = await request.post("/api/products", {
    data: {
      name: `Label lamp ${id}`,
      sku: `LBL-${id}`,
      brand: "Lumo",
      ean: ean13(`641${Date.now()}`.slice(0, 12)),
      purchasePrice: "10.00",
      sellingPrice: "24.90",
      supplier: "S",
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const product = await created.json();

  const seller = await createUser(request, "salesperson");
  await request.post("/api/auth/login", { data: { email: seller.email, password: seller.password } });
  // The queue's rows for this product (the address itself is in the page too: the language form's).
  const queue = async () =>
    (await (await request.get(`/labels?search=LBL-${id}`)).text()).includes('data-testid="queued-label"');
  expect(await queue()).toBe(true);

  const refused = await request.post("/labels/print", {
    form: { product: String(product.id), layout: "a5-1x1", language: "en" },
    maxRedirects: 0,
  });
  expect(refused.status()).toBe(302);
  expect(refused.headers().location).toBe("/labels");
  expect(await queue()).toBe(true);

  const printed = await request.post("/labels/print", {
    form: { product: String(product.id), layout: "a4-3x8", language: "fi" },
  });
  expect(printed.status()).toBe(200);
  expect(printed.headers()["content-type"]).toBe("application/pdf");
  expect((await printed.body()).subarray(0, 5).toString()).toBe("%PDF-");
  expect(await queue()).toBe(false);
});
