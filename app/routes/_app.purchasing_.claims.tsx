import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ClaimsPage } from "~/components/SupplierClaim/SupplierClaim";
import { pageTitle } from "~/i18n/page-title";
import { requireUser } from "~/web/auth.server";
import { claimsPageAction, loadClaimsPage } from "~/web/supplier-claim/supplier-claim-form.server";

export const handle = { i18n: ["common", "claims"] };

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return loadClaimsPage(new URL(request.url), user.role);
}

// "Create claim" of a supplier's defective stock: admins and managers.
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request, { permission: "claim:write" });
  return claimsPageAction(request, user);
}

export const meta = pageTitle("claims:list.title");

export default function SupplierClaimsPage() {
  return <ClaimsPage data={useLoaderData<typeof loader>()} />;
}
