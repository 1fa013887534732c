import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { i18next } from "~/i18n/i18next.server";
import { namespaceFiles } from "~/i18n/namespace-files.server";
import { env } from "~/infra/env.server";
import { countUnreadAlerts } from "~/models/alert/alert.server";
import type { PublicUser } from "~/models/user/user.server";
import { getUser } from "./auth.server";
import { getToast } from "./toast.server";

/**
 * The root route's loader (app/root.tsx): here, so that the hooks and screens that read its data
 * (useRouteLoaderData<RootData>("root")) take its type from the web layer, not from a route.
 */
export async function rootLoader({ request, context }: LoaderFunctionArgs) {
  const [locale, user, { toast, headers }] = await Promise.all([
    i18next.getLocale(request),
    getUser(request),
    getToast(request),
  ]);
  const unreadAlerts = user ? await countUnreadAlerts() : 0;
  // The shop's settings the pages need to draw what the server decides (badges, highlights).
  const settings = {
    lowStockAtMost: env().LOW_STOCK_THRESHOLD,
    vatRate: String(env().VAT_RATE),
    // The reorder figures of products without their own (the product form's placeholders).
    reorderPoint: env().REORDER_POINT,
    reorderQuantity: env().REORDER_QUANTITY,
  };
  // The request's id, for the error page to show (staff quote it; the log has it).
  const requestId = context.requestId ?? null;
  // Where the browser finds this language's translation files (app/i18n/client.ts).
  const translations = namespaceFiles(locale);
  return data(
    { locale, user: user && pageUser(user), unreadAlerts, toast, settings, requestId, translations },
    { headers: headers ?? undefined },
  );
}

export type RootData = typeof rootLoader;

/**
 * What the pages show of the signed-in user (the sidebar's name, picture and role; a page's own
 * checks): every page carries it, so nothing more (issue #27's page weight).
 */
export type PageUser = Pick<
  PublicUser,
  "id" | "email" | "firstName" | "lastName" | "profileImageUrl" | "role"
>;

function pageUser({ id, email, firstName, lastName, profileImageUrl, role }: PublicUser): PageUser {
  return { id, email, firstName, lastName, profileImageUrl, role };
}
