import { expect, test } from "./fixtures";

test.describe("scheduled report e-mails, without JavaScript", () => {
  test.use({ role: "manager", javaScriptEnabled: false });

  test("a manager adds a weekly sales e-mail, sees it listed, pauses, resumes and deletes it", async ({
    signedIn: { page },
  }) => {
    await page.goto("/reports");
    const form = page.getByTestId("schedule-form");
    await expect(page.getByRole("heading", { name: "E-mail this report" })).toBeVisible();
    await expect(page.getByTestId("schedule-row")).toHaveCount(0);
    await expect(page.getByText("No scheduled e-mails yet.")).toBeVisible();

    await form.getByLabel("Report", { exact: true }).selectOption("sales");
    await form.getByLabel("Format").selectOption("excel");
    await form.getByLabel("How often").selectOption("weekly");
    await form.getByLabel("Weekday (weekly)").selectOption({ label: "Friday" });
    await form.getByLabel("Group sales by (sales report)").selectOption("week");
    await form.getByLabel("Sales of (sales report)").selectOption("30");
    await form.getByRole("button", { name: "Add schedule" }).click();

    await expect(page.getByTestId("toast")).toContainText("The report will be e-mailed to you.");
    const row = page.getByTestId("schedule-row");
    await expect(row).toHaveCount(1);
    await expect(row).toContainText("Sales, last 30 days, by week");
    await expect(row).toContainText("Weekly on Fridays");
    await expect(row).toContainText("Excel (Finnish)");
    await expect(row.getByTestId("schedule-status")).toHaveText("Active");

    await row.getByRole("button", { name: "Pause: Sales, last 30 days, by week" }).click();
    await expect(page.getByTestId("toast")).toContainText("The scheduled e-mail is paused.");
    await expect(row.getByTestId("schedule-status")).toHaveText("Paused");
    await expect(row).toHaveAttribute("data-active", "false");

    await row.getByRole("button", { name: /^Resume/ }).click();
    await expect(page.getByTestId("toast")).toContainText("The scheduled e-mail is active again.");
    await expect(row.getByTestId("schedule-status")).toHaveText("Active");

    await row.getByRole("button", { name: /^Delete/ }).click();
    await expect(page.getByTestId("toast")).toContainText("The scheduled e-mail was deleted.");
    await expect(page.getByTestId("schedule-row")).toHaveCount(0);
  });

  test("a product report of a category lists under its category; a choice that is not offered is refused and nothing is added", async ({
    signedIn: { page },
  }) => {
    const category = await page.request.post("/api/categories", { data: { name: `Audio ${Date.now()}` } });
    expect(category.status()).toBe(201);
    const { id, name } = (await category.json()) as { id: number; name: string };
    await page.goto("/reports");
    const form = page.getByTestId("schedule-form");
    await form.getByLabel("Report", { exact: true }).selectOption("low-stock");
    await form.getByLabel("Category (product reports)").selectOption(String(id));
    await form.getByRole("button", { name: "Add schedule" }).click();
    const row = page.getByTestId("schedule-row");
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(`Low stock products: ${name}`);
    await expect(row).toContainText("Daily");

    // A weekday no week has, as a tampered form would send it.
    await form.getByLabel("How often").selectOption("weekly");
    await form.getByLabel("Weekday (weekly)").evaluate((select: HTMLSelectElement) => {
      select.options[0].value = "8";
      select.value = "8";
    });
    await form.getByRole("button", { name: "Add schedule" }).click();
    await expect(form.getByText("Choose the weekday of the weekly e-mail.")).toBeVisible();
    await expect(form.getByLabel("Weekday (weekly)")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByTestId("schedule-row")).toHaveCount(1);
  });
});

test.describe("scheduled report e-mails, with JavaScript", () => {
  test.use({ role: "admin" });

  test("the form shows the choices of the chosen report and frequency only", async ({
    signedIn: { page },
  }) => {
    await page.goto("/reports");
    await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
    const form = page.getByTestId("schedule-form");
    await expect(form.getByLabel("Weekday (weekly)")).toHaveCount(0);
    await expect(form.getByLabel("Group sales by (sales report)")).toHaveCount(0);
    await form.getByLabel("How often").selectOption("weekly");
    await expect(form.getByLabel("Weekday (weekly)")).toBeVisible();
    await form.getByLabel("Report", { exact: true }).selectOption("sales");
    await expect(form.getByLabel("Category (product reports)")).toHaveCount(0);
    await expect(form.getByLabel("Group sales by (sales report)")).toBeVisible();
    await form.getByLabel("Weekday (weekly)").selectOption({ label: "Sunday" });
    await form.getByRole("button", { name: "Add schedule" }).click();
    await expect(page.getByTestId("toast")).toContainText("The report will be e-mailed to you.");
    await expect(page.getByTestId("schedule-row")).toContainText("Weekly on Sundays");
    await expect(page.getByTestId("schedule-row")).toContainText("Sales, last 7 days, by day");
  });
});

test.describe("a salesperson", () => {
  test.use({ role: "salesperson" });

  test("sees the reports but no schedule form, and a schedule posted anyway is refused", async ({
    signedIn: { page },
  }) => {
    await page.goto("/reports");
    await expect(page.getByRole("heading", { name: "Export a report" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "E-mail this report" })).toHaveCount(0);
    await expect(page.getByTestId("schedule-form")).toHaveCount(0);

    const response = await page.request.post("/reports", {
      form: { intent: "add-schedule", report: "products", format: "csv", frequency: "daily" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(302);
    expect(response.headers().location).toBe("/");
    await page.goto("/reports");
    await expect(page.getByTestId("schedule-row")).toHaveCount(0);
  });
});
