import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Badge } from "~/components/Badge/Badge";
import { Button } from "~/components/Button/Button";
import { Card } from "~/components/Card/Card";
import { Field, SelectField } from "~/components/Field/Field";
import * as list from "~/components/ProductList/ProductList.css";
import { Cut, DataTable, RowActions, RowButton } from "~/components/Table/DataTable";
import * as table from "~/components/Table/Table.css";
import { useFormat } from "~/i18n/use-format";
import type { ApiTokenRow } from "~/models/api-token/api-token.server";
import { ROLES } from "~/models/user/roles";
import * as s from "./ApiTokens.css";

export type TokenFormResult =
  | { intent: "createToken"; created: { name: string; token: string } }
  | { intent: "createToken"; errors: Record<string, string[]> };

/**
 * API tokens on /users: make one (its text is shown this once), see each one's role and last use,
 * revoke one. Plain forms: they work without JavaScript.
 */
export function ApiTokens({ tokens, result }: { tokens: ApiTokenRow[]; result?: TokenFormResult }) {
  const { t } = useTranslation("users");
  const format = useFormat();
  const errors = result && "errors" in result ? result.errors : undefined;
  return (
    <section aria-labelledby="api-tokens-title">
      <h2 id="api-tokens-title">{t("tokens.title")}</h2>
      <p className={table.muted}>{t("tokens.lead")}</p>
      {result && "created" in result ? (
        <Card title={t("tokens.createdTitle", { name: result.created.name })}>
          <p>{t("tokens.createdLead")}</p>
          <code className={s.token} data-testid="new-api-token">
            {result.created.token}
          </code>
          <p className={table.muted}>{t("tokens.createdUse")}</p>
        </Card>
      ) : null}
      <Form method="post" className={list.filters} preventScrollReset>
        <Field
          label={t("tokens.name")}
          errors={errors?.name}
          inputProps={{ id: "token-name", name: "name", maxLength: 100, required: true, autoComplete: "off" }}
        />
        <SelectField
          label={t("tokens.role")}
          errors={errors?.role}
          selectProps={{ id: "token-role", name: "role", defaultValue: "salesperson" }}
          options={ROLES.map((role) => ({ value: role, label: t(`common:roles.${role}`) }))}
        />
        <Button type="submit" name="intent" value="createToken">
          {t("tokens.create")}
        </Button>
      </Form>
      <DataTable
        label={t("tokens.title")}
        columns={[
          {
            key: "name",
            kind: "primary",
            label: t("tokens.name"),
            cell: (token) => (
              <>
                <Cut text={token.name} max="column" />
                <div className={table.muted}>{token.prefix}…</div>
              </>
            ),
          },
          {
            key: "role",
            kind: "badge",
            label: t("tokens.role"),
            cell: (token) => t(`common:roles.${token.role}`),
          },
          {
            key: "createdBy",
            label: t("tokens.createdBy"),
            optional: true,
            cell: (token) => (
              <>
                <Cut text={token.createdBy} max="14rem" />
                <div className={table.muted}>{format.date(token.createdAt)}</div>
              </>
            ),
          },
          {
            key: "lastUsed",
            label: t("tokens.lastUsed"),
            cell: (token) => (token.lastUsedAt ? format.dateTime(token.lastUsedAt) : t("tokens.neverUsed")),
          },
          {
            key: "status",
            kind: "badge",
            label: t("tokens.status"),
            cell: (token) => (
              <Badge tone={token.revokedAt ? "neutral" : "success"}>
                {token.revokedAt ? t("tokens.revoked") : t("tokens.live")}
              </Badge>
            ),
          },
          {
            key: "actions",
            kind: "actions",
            label: t("table.actions"),
            cell: (token) =>
              token.revokedAt ? null : (
                <RowActions>
                  <Form method="post" preventScrollReset>
                    <input type="hidden" name="tokenId" value={token.id} />
                    <RowButton
                      name="intent"
                      value="revokeToken"
                      icon="trash"
                      label={t("tokens.revoke")}
                      target={token.name}
                    />
                  </Form>
                </RowActions>
              ),
          },
        ]}
        rows={tokens}
        rowKey={(token) => token.id}
        rowProps={(token) => ({
          "data-testid": "token-row",
          "data-revoked": token.revokedAt ? "true" : "false",
        })}
        empty={t("tokens.empty")}
      />
    </section>
  );
}
