import type { APIRequestContext } from "@playwright/test";
import { createUser, expect, test, uniqueId } from "./fixtures";

/**
 * Twenty edits of one record sent at once, all from the same version: exactly one is applied, the
 * other nineteen are refused with 409, and the record shows the winner's values.
 */
async function race(
  api: APIRequestContext,
  send: (i: number) => Promise<{ status: () => number }>,
  read: () => Promise<string>,
  expectedValue: (i: number) => string,
) {
  const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => send(i)));
  const statuses = answers.map((answer) => answer.status());
  expect(statuses.filter((status) => status === 200)).toHaveLength(1);
  expect(statuses.filter((status) => status === 409)).toHaveLength(19);
  const winner = statuses.indexOf(200);
  expect(await read()).toBe(expectedValue(winner));
  return api;
}

test("twenty edits from one version of a product, a customer and a campaign: one wins, nineteen get 409", async ({
  request,
}) => {
  const manager = await createUser(request, "manager");
  await request.post("/api/auth/login", { data: { email: manager.email, password: manager.password } });
  const id = uniqueId();

  const product = {
    name: `Race ${id}`,
    sku: `RACE-${id}`,
    brand: "Brand",
    purchasePrice: "10.00",
    sellingPrice: "20.00",
    stockLevel: 5,
    supplier: "S",
  };
  const created = await (await request.post("/api/products", { data: product })).json();
  await race(
    request,
    (i) =>
      request.put(`/api/products/${created.id}`, {
        data: { ...product, name: `Race ${id} #${i}`, version: created.version },
      }),
    async () => (await (await request.get(`/api/products/${created.id}`)).json()).name,
    (i) => `Race ${id} #${i}`,
  );

  const customer = await (
    await request.post("/api/customers", {
      data: { firstName: "Rae", lastName: "Race", email: `race-${id}@example.com` },
    })
  ).json();
  await race(
    request,
    (i) =>
      request.patch(`/api/customers/${customer.id}`, {
        data: { lastName: `Race ${i}`, version: customer.version },
      }),
    async () => (await (await request.get(`/api/customers/${customer.id}`)).json()).lastName,
    (i) => `Race ${i}`,
  );

  const campaign = await (
    await request.post("/api/campaigns", {
      data: { name: `Race ${id}`, startDate: "2027-03-01", endDate: "2027-03-31" },
    })
  ).json();
  await race(
    request,
    (i) =>
      request.patch(`/api/campaigns/${campaign.id}`, {
        data: {
          name: `Race ${id} #${i}`,
          startDate: "2027-03-01",
          endDate: "2027-03-31",
          version: campaign.version,
        },
      }),
    async () => (await (await request.get(`/api/campaigns/${campaign.id}`)).json()).name,
    (i) => `Race ${id} #${i}`,
  );
});
