import { request } from "@playwright/test";
import { BASE_URL } from "../../playwright.config";
import { FIRST_ADMIN } from "./fixtures";

/** The first account ever created becomes the admin: create it before any test, so that fixture users keep their roles. */
export default async function globalSetup() {
  const api = await request.newContext({ baseURL: BASE_URL });
  const response = await api.post("/api/auth/register", { data: FIRST_ADMIN });
  if (response.status() !== 201) throw new Error(`Could not create the first admin: ${response.status()}`);
  await api.dispose();
}
