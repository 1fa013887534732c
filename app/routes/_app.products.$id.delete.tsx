import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button, buttonClass } from "~/components/Button/Button";
import * as s from "~/components/ProductForm/ProductForm.css";
import { RouteDialog } from "~/components/RouteDialog/RouteDialog";
import { deleteProduct, getProduct } from "~/models/product.server";
import { requireUser } from "~/utils/auth.server";
import { idParam } from "~/utils/params";
import { redirectWithToast } from "~/utils/toast.server";

export const handle = { i18n: ["common", "products"] };

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request, { permission: "product:delete" });
  const id = idParam(params.id);
  const product = id ? await getProduct(id) : null;
  if (!product) throw data(null, { status: 404 });
  return { product: { id: product.id, name: product.name, sku: product.sku } };
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requireUser(request, { permission: "product:delete" });
  const id = idParam(params.id);
  const back = `/products${new URL(request.url).search}`;
  const result = id ? await deleteProduct(id) : ({ ok: false, reason: "notFound" } as const);
  if (result.ok) {
    return redirectWithToast(back, {
      type: "success",
      title: "toast.success",
      description: "products:toast.deleted",
    });
  }
  return redirectWithToast(back, {
    type: "error",
    title: "products:toast.deleteFailed",
    description: result.reason === "inUse" ? "products:errors.inUse" : "products:errors.notFound",
  });
}

export default function DeleteProduct() {
  const { t } = useTranslation("products");
  const { product } = useLoaderData<typeof loader>();
  const location = useLocation();
  const navigation = useNavigation();
  const closeTo = `/products${location.search}`;
  const pending = navigation.state !== "idle" && navigation.formMethod === "POST";
  return (
    <RouteDialog title={t("delete.title")} closeTo={closeTo}>
      <p>{t("delete.question")}</p>
      <p>
        <strong>{product.name}</strong> <code>{product.sku}</code>
      </p>
      <Form method="post" preventScrollReset>
        <div className={s.footer}>
          <Link to={closeTo} className={buttonClass("secondary")} preventScrollReset>
            {t("common:actions.cancel")}
          </Link>
          <Button type="submit" variant="danger" disabled={pending}>
            {pending ? t("common:actions.deleting") : t("delete.confirm")}
          </Button>
        </div>
      </Form>
    </RouteDialog>
  );
}
