import { type ActionFunctionArgs, data, type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Button, buttonClass } from "~/components/Button/Button";
import { CameraScanner } from "~/components/CameraScanner/CameraScanner";
import { Card } from "~/components/Card/Card";
import * as dash from "~/components/Dashboard/Dashboard.css";
import { CUSTOMER_SUGGESTIONS_ID, useCustomerSuggestions } from "~/components/Document/use-suggestions";
import { Field } from "~/components/Field/Field";
import * as field from "~/components/Field/Field.css";
import { Icon } from "~/components/Icon/Icon";
import { PageHeader } from "~/components/PageHeader/PageHeader";
import * as list from "~/components/ProductList/ProductList.css";
import { Code, DataTable, RowButton } from "~/components/Table/DataTable";
import * as table from "~/components/Table/Table.css";
import { pageTitle } from "~/i18n/page-title";
import { useFormat } from "~/i18n/use-format";
import {
  CONTROL_CHARACTERS_MESSAGE,
  hasControlCharacters,
  withoutControlCharacters,
} from "~/models/clean-text";
import { pickCustomer } from "~/models/customer/customer-pick.server";
import { fromCents, toCents } from "~/models/money";
import { createOrder, createQuote } from "~/models/order/order.server";
import { orderSchema, quoteSchema } from "~/models/order/order-schema";
import { findProductByCode, getProducts } from "~/models/product/product.server";
import { addScanned, changeQuantity } from "~/models/scanned-list";
import { can } from "~/models/user/permissions";
import { requireUser } from "~/web/auth.server";
import { readForm } from "~/web/form.server";
import { refusalToast } from "~/web/order/document-form.server";
import { idParam } from "~/web/params";
import { getScanned, saveScanned, withScannedList } from "~/web/scanner.server";
import type { Toast } from "~/web/toast";
import { redirectWithToast } from "~/web/toast.server";

export const handle = { i18n: ["common", "scanner", "orders"] };

/** The intents that make the list a new document: only for those who may write orders. */
const DOCUMENT_INTENTS = { toQuote: "quote", toOrder: "order" } as const;
type DocumentKind = (typeof DOCUMENT_INTENTS)[keyof typeof DOCUMENT_INTENTS];

/** A refused list-to-document: the message (an i18n key), its values, and the customer chosen. */
type DocumentError = { message: string; values?: Toast["values"]; customer: string };

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const items = await scannedItems(request);
  const totalCents = items.reduce((sum, i) => sum + toCents(i.total), 0);
  const canMakeDocument = can(user.role, "order:write");
  return {
    items,
    count: items.reduce((n, i) => n + i.quantity, 0),
    total: fromCents(totalCents),
    canMakeDocument,
  };
}

/** The list as the page shows it: products deleted since they were scanned are left out. */
async function scannedItems(request: Request) {
  const scanned = await getScanned(request);
  const products = new Map((await getProducts(scanned.map((i) => i.productId))).map((p) => [p.id, p]));
  return scanned.flatMap((item) => {
    const product = products.get(item.productId);
    if (!product) return []; // deleted since it was scanned
    const lineCents = toCents(product.sellingPrice) * item.quantity;
    return [
      {
        ...item,
        name: product.name,
        sku: product.sku,
        price: product.sellingPrice,
        total: fromCents(lineCents),
      },
    ];
  });
}

export async function action({ request }: ActionFunctionArgs) {
  await requireUser(request);
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  if (intent === "toQuote" || intent === "toOrder") {
    const user = await requireUser(request, { permission: "order:write" });
    const kind = DOCUMENT_INTENTS[intent];
    return withScannedList(request, () => listToDocument(request, form, kind, user.id));
  }
  return withScannedList(request, () => changeList(request, form));
}

/**
 * The list becomes a new quote or order for the chosen customer, priced as the order screens
 * price it (order.server.ts). Done, the list is emptied and the document opens; refused (credit
 * limit, a product gone, amounts too large), the page comes back with the reason and the list
 * as it was. Inside the list's lock, so a second click of the same list finds it empty.
 */
async function listToDocument(request: Request, form: FormData, kind: DocumentKind, userId: number) {
  const typed = form.get("customer");
  const customerText = typeof typed === "string" ? typed.slice(0, 400) : "";
  const refused = (message: string, values?: Toast["values"]) =>
    data<{ documentError: DocumentError }>(
      { documentError: { message, values, customer: customerText } },
      { status: 400 },
    );
  if (hasControlCharacters(customerText)) return refused(CONTROL_CHARACTERS_MESSAGE);
  // The customer as typed (a label, an e-mail or a name); a bare customerId is taken too.
  const postedId = form.get("customerId");
  const pick =
    !customerText.trim() && typeof postedId === "string" && /^\d{1,9}$/.test(postedId)
      ? { ok: true as const, customer: { id: Number(postedId) } }
      : await pickCustomer(customerText);
  if (!pick.ok) return refused(`orders:errors.${pick.reason}`);
  const customerId = pick.customer?.id ?? null;
  const items = await scannedItems(request);
  // The page shows no form for an empty list (a second click, say): the reason comes as a toast.
  if (items.length === 0) {
    return redirectWithToast("/barcode-scanner", {
      type: "error",
      title: "toast.error",
      description: "scanner:toDocument.empty",
    });
  }
  const input = {
    customerId,
    notes: null,
    version: null,
    lines: items.map((item) => ({ productId: item.productId, quantity: item.quantity, unitPrice: null })),
  };
  const parsed = (kind === "quote" ? quoteSchema : orderSchema).safeParse({ ...input, validUntil: null });
  if (!parsed.success) return refused(parsed.error.issues[0]?.message ?? "validation.invalid");
  const result =
    kind === "quote"
      ? await createQuote({ ...parsed.data, validUntil: null }, userId)
      : await createOrder(parsed.data, userId);
  if (!result.ok) {
    const toast = refusalToast(result);
    return refused(toast.description ?? "toast.error", toast.values);
  }
  const saved = "quote" in result ? result.quote : result.order;
  const headers = { "Set-Cookie": await saveScanned(request, []) };
  return redirectWithToast(
    `/${kind === "quote" ? "quotes" : "orders"}/${saved.id}`,
    {
      type: "success",
      title: "toast.success",
      description: `scanner:toDocument.${kind}Created`,
      values: { number: saved.number },
    },
    { headers },
  );
}

async function changeList(request: Request, form: FormData) {
  const back = `/barcode-scanner${new URL(request.url).search}`;
  const items = await getScanned(request);
  const productId = idParam(String(form.get("productId") ?? ""));
  const save = async (next: typeof items, toast?: Parameters<typeof redirectWithToast>[1]) => {
    const headers = { "Set-Cookie": await saveScanned(request, next) };
    return toast ? redirectWithToast(back, toast, { headers }) : redirect(back, { headers });
  };
  switch (form.get("intent")) {
    case "scan": {
      const code = withoutControlCharacters(String(form.get("code") ?? ""))
        .trim()
        .slice(0, 100);
      const product = code ? await findProductByCode(code) : null;
      if (!product) {
        return redirectWithToast(back, {
          type: "error",
          title: "scanner:toast.notFound",
          description: "scanner:toast.notFoundText",
          values: { code },
        });
      }
      return save(addScanned(items, product.id), {
        type: "success",
        title: "scanner:toast.found",
        description: "scanner:toast.foundText",
        values: { name: product.name },
      });
    }
    case "plus":
    case "minus":
      if (!productId) throw data({ message: "productId is missing or not a number" }, { status: 400 });
      return save(changeQuantity(items, productId, form.get("intent") === "plus" ? 1 : -1));
    case "remove":
      if (!productId) throw data({ message: "productId is missing or not a number" }, { status: 400 });
      return save(items.filter((i) => i.productId !== productId));
    case "clear":
      return save([]);
  }
  throw data({ message: "Unknown intent" }, { status: 400 });
}

export const meta = pageTitle("scanner:title");

const AUTO_SUBMIT_LENGTHS = [8, 12, 13];

export default function ScannerPage() {
  const { t } = useTranslation("scanner");
  const format = useFormat();
  const { items, count, total, canMakeDocument } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const hidden = params.get("scanner") === "hidden";
  const form = useRef<HTMLFormElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  // After each scan the field is empty and focused again, ready for the next code.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the list changes
  useEffect(() => {
    form.current?.reset();
    form.current?.querySelector<HTMLInputElement>("input[name=code]")?.focus();
  }, [count, items.length]);
  return (
    <>
      <PageHeader
        title={t("title")}
        lead={t("lead")}
        actions={
          <Link
            to={hidden ? "/barcode-scanner" : "/barcode-scanner?scanner=hidden"}
            className={buttonClass("secondary")}
          >
            {hidden ? t("show") : t("hide")}
          </Link>
        }
      />
      <div className={dash.columns}>
        {hidden ? null : (
          <Card title={t("panel.title")}>
            <Form
              method="post"
              ref={form}
              onSubmit={(event) => {
                // A manual submit replaces the automatic one still waiting.
                clearTimeout(timer.current);
                // Once sent, the code leaves the field (after the form's data is read): the next
                // scan starts afresh, and pressing Add after an automatic submit adds nothing twice.
                const code = event.currentTarget.elements.namedItem("code");
                setTimeout(() => {
                  if (code instanceof HTMLInputElement) code.value = "";
                });
              }}
              className={list.filters}
              style={{ border: "none", padding: 0 }}
              replace
            >
              <input type="hidden" name="intent" value="scan" />
              <div className={`${list.filter} ${list.grow}`}>
                <Field
                  label={t("panel.code")}
                  inputProps={{
                    id: "scan-code",
                    name: "code",
                    autoFocus: true,
                    autoComplete: "off",
                    required: true,
                    placeholder: t("panel.placeholder"),
                    // A scanner types the whole code at once: submit 100 ms after 8, 12 or 13 characters.
                    onChange: (event) => {
                      clearTimeout(timer.current);
                      const length = event.currentTarget.value.trim().length;
                      if (AUTO_SUBMIT_LENGTHS.includes(length)) {
                        timer.current = setTimeout(() => form.current?.requestSubmit(), 100);
                      }
                    },
                  }}
                />
              </div>
              <Button type="submit">
                <Icon name="scanner" size={16} />
                {t("panel.add")}
              </Button>
            </Form>
            <CameraScanner
              onCode={(code) => {
                // As if typed: the code goes into the field and the form is sent.
                const input = form.current?.querySelector<HTMLInputElement>("input[name=code]");
                if (!input) return;
                input.value = code;
                clearTimeout(timer.current);
                form.current?.requestSubmit();
              }}
            />
          </Card>
        )}
        <Card title={t("help.title")}>
          <ol className={table.muted}>
            <li>{t("help.one")}</li>
            <li>{t("help.two")}</li>
            <li>{t("help.three")}</li>
          </ol>
        </Card>
      </div>
      <Card title={t("list.title")}>
        <p data-testid="scanned-summary">{t("list.summary", { count, total: format.money(total) })}</p>
        {items.length === 0 ? (
          <p className={table.muted}>{t("list.empty")}</p>
        ) : (
          <>
            <DataTable
              label={t("list.title")}
              columns={[
                {
                  key: "product",
                  kind: "primary",
                  label: t("list.product"),
                  cell: (item) => (
                    <>
                      <strong className={table.clamp} title={item.name}>
                        {item.name}
                      </strong>
                      <Code value={item.sku} />
                    </>
                  ),
                },
                {
                  key: "price",
                  kind: "numeric",
                  label: t("list.price"),
                  cell: (item) => format.money(item.price),
                },
                {
                  key: "quantity",
                  kind: "badge",
                  label: t("list.quantity"),
                  cell: (item) => (
                    <Form method="post" className={list.stockCell} replace>
                      <input type="hidden" name="productId" value={item.productId} />
                      <Button
                        type="submit"
                        variant="secondary"
                        name="intent"
                        value="minus"
                        aria-label={`${t("list.minus")}: ${item.name}`}
                      >
                        −
                      </Button>
                      <span data-testid="scanned-quantity">{item.quantity}</span>
                      <Button
                        type="submit"
                        variant="secondary"
                        name="intent"
                        value="plus"
                        aria-label={`${t("list.plus")}: ${item.name}`}
                      >
                        +
                      </Button>
                    </Form>
                  ),
                },
                {
                  key: "total",
                  kind: "numeric",
                  label: t("list.total"),
                  cell: (item) => format.money(item.total),
                },
                {
                  key: "remove",
                  kind: "actions",
                  label: t("list.remove"),
                  cell: (item) => (
                    <Form method="post" replace>
                      <input type="hidden" name="productId" value={item.productId} />
                      <RowButton
                        name="intent"
                        value="remove"
                        icon="trash"
                        tone="danger"
                        label={t("list.remove")}
                        target={item.name}
                      />
                    </Form>
                  ),
                },
              ]}
              rows={items}
              rowKey={(item) => item.productId}
              rowProps={() => ({ "data-testid": "scanned-item" })}
            />
            <Form method="post" replace style={{ marginTop: 16 }}>
              <Button type="submit" variant="secondary" name="intent" value="clear">
                {t("list.clear")}
              </Button>
            </Form>
          </>
        )}
      </Card>
      {canMakeDocument && items.length > 0 ? <ListToDocument /> : null}
    </>
  );
}

/** The list made a new quote or order for a customer: a plain form with two buttons. */
function ListToDocument() {
  const suggestCustomers = useCustomerSuggestions();
  const { t } = useTranslation("scanner");
  const { t: tc } = useTranslation();
  const actionData = useActionData<typeof action>();
  const error = actionData && "documentError" in actionData ? actionData.documentError : null;
  return (
    <Card title={t("toDocument.title")}>
      <p className={table.muted}>{t("toDocument.lead")}</p>
      <Form
        method="post"
        className={list.filters}
        style={{ border: "none", padding: 0 }}
        data-testid="scanner-to-document"
      >
        <div className={`${list.filter} ${list.grow}`}>
          <Field
            label={t("toDocument.customer")}
            inputProps={{
              id: "scanner-customer",
              name: "customer",
              defaultValue: error?.customer ?? "",
              placeholder: t("orders:editor.customerPlaceholder"),
              list: CUSTOMER_SUGGESTIONS_ID,
              autoComplete: "off",
              maxLength: 400,
              onInput: suggestCustomers.onInput,
            }}
          />
          <datalist id={CUSTOMER_SUGGESTIONS_ID}>
            {suggestCustomers.suggestions.map((customer) => (
              <option key={customer.value} value={customer.value} />
            ))}
          </datalist>
        </div>
        <Button type="submit" variant="secondary" name="intent" value="toQuote">
          {t("toDocument.toQuote")}
        </Button>
        <Button type="submit" name="intent" value="toOrder">
          {t("toDocument.toOrder")}
        </Button>
      </Form>
      {error ? (
        <p role="alert" className={field.errors} data-testid="scanner-document-error">
          {tc(error.message, error.values)}
        </p>
      ) : null}
    </Card>
  );
}
