import { request } from "@playwright/test";
import { BASE_URL } from "../../playwright.config";
import { FIRST_ADMIN } from "./fixtures";

/**
 * The first account ever created becomes the admin: create it before any test, so that fixture
 * users keep the roles they ask for. Playwright starts the webServer before globalSetup runs.
 */
export default async function globalSetup() {
  const api = await request.newContext({ baseURL: BASE_URL });
  try {
    const response = await api.post("/api/auth/register", { data: FIRST_ADMIN });
    const body = await response.text();
    if (response.status() !== 201)
      throw new Error(`Could not create the first admin: ${response.status()} ${body}`);
    const { user } = JSON.parse(body);
    if (user.role !== "admin" || !user.isActive) {
      throw new Error(`The first account should be an active admin, got ${body}`);
    }
  } finally {
    await api.dispose();
  }
}
