import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ClaimPage } from "~/components/SupplierClaim/SupplierClaim";
import { requireUser } from "~/web/auth.server";
import {
  type ClaimActionData,
  claimAction,
  findClaim,
  loadClaim,
} from "~/web/supplier-claim/supplier-claim-form.server";

export const handle = { i18n: ["common", "claims", "purchasing"] };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return loadClaim(params.id, user.role);
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request, { permission: "claim:write" });
  const claim = await findClaim(params.id);
  return claimAction(request, claim, user);
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.claim.number ?? "Supplier claim"} · VoltStock` },
];

export default function SupplierClaimPage() {
  return <ClaimPage data={useLoaderData<typeof loader>()} actionData={useActionData<ClaimActionData>()} />;
}
