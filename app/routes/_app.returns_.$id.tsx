import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ReturnDetail } from "~/components/CustomerReturn/CustomerReturn";
import { requireUser } from "~/web/auth.server";
import {
  type EditorActionData,
  findReturn,
  loadReturn,
  type MoveActionData,
  returnAction,
} from "~/web/customer-return/customer-return-form.server";

export const handle = { i18n: ["common", "returns", "orders"] };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return loadReturn(params.id, user.role);
}

// A draft's changes (any role); completing and cancelling (admins and managers) are checked inside.
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request, { permission: "return:draft" });
  const ret = await findReturn(params.id);
  return returnAction(request, ret, user);
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.ret.number ?? "Return"} · VoltStock` },
];

export default function ReturnPage() {
  const actionData = useActionData<Partial<EditorActionData> & Partial<MoveActionData>>();
  return (
    <ReturnDetail
      data={useLoaderData<typeof loader>()}
      editor={actionData?.editor}
      refused={actionData?.refused}
    />
  );
}
