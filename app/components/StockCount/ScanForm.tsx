import type { SubmissionResult } from "@conform-to/react";
import { Form, useFetcher } from "@remix-run/react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/Button/Button";
import { CameraScanner } from "~/components/CameraScanner/CameraScanner";
import { Card } from "~/components/Card/Card";
import { Field } from "~/components/Field/Field";
import { Icon } from "~/components/Icon/Icon";
import type { CountActionData, ScanAnswer } from "~/web/stock-count/stock-count-form.server";
import * as s from "./StockCount.css";

type Scan = { code: string; quantity: string };

/**
 * The count's scan field: a code and, optionally, the quantity on the shelf; Enter sends it, so a
 * handheld scanner that types the code and Enter needs nothing else. Without JavaScript it is a
 * plain POST form (the page comes back with the field focused). With JavaScript each scan joins a
 * queue sent one after another in the background: the field empties and keeps its focus at once,
 * no scan is lost while the previous one is on its way, and the lines update as each is answered.
 */
export function ScanForm({
  version,
  lastResult,
  answer,
}: {
  /** the count's version as the page read it, sent with each scan (a stale one is refused) */
  version: number;
  lastResult?: SubmissionResult<string[]>;
  answer?: ScanAnswer;
}) {
  const { t } = useTranslation("stock-count");
  const fetcher = useFetcher<CountActionData>();
  const submit = useRef(fetcher.submit);
  submit.current = fetcher.submit;
  const queue = useRef<Scan[]>([]);
  const busy = useRef(false);
  const [waiting, setWaiting] = useState(0);
  const form = useRef<HTMLFormElement>(null);
  const field = (name: string) => {
    const element = form.current?.elements.namedItem(name);
    return element instanceof HTMLInputElement ? element : null;
  };

  const pump = () => {
    if (busy.current) return;
    const next = queue.current.shift();
    setWaiting(queue.current.length);
    if (!next) return;
    busy.current = true;
    submit.current({ intent: "scan", enhanced: "1", version: String(version), ...next }, { method: "post" });
  };
  // Each answer (and the lines' reload after it) sends the next scan waiting.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the fetcher comes back to idle
  useEffect(() => {
    if (fetcher.state === "idle") {
      busy.current = false;
      pump();
    }
  }, [fetcher.state]);

  const enqueue = (scan: Scan) => {
    if (!scan.code.trim()) return;
    queue.current.push(scan);
    pump();
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const code = field("code");
    const quantity = field("quantity");
    enqueue({ code: code?.value ?? "", quantity: quantity?.value ?? "" });
    if (code) code.value = "";
    if (quantity) quantity.value = "";
    code?.focus();
  };

  const shown = fetcher.data?.scanned ?? answer;
  const errors = lastResult?.error ?? {};
  const initial = (lastResult?.initialValue ?? {}) as Record<string, unknown>;
  return (
    <Card title={t("scan.title")} className={s.section}>
      <Form method="post" ref={form} onSubmit={onSubmit} data-testid="scan-form" aria-label={t("scan.title")}>
        <input type="hidden" name="intent" value="scan" />
        <input type="hidden" name="version" value={version} />
        <div className={s.scanRow}>
          <div className={s.scanCodeCell}>
            <Field
              label={t("scan.code")}
              errors={errors.code}
              inputProps={{
                id: "count-code",
                name: "code",
                // Without JavaScript too: each page after a scan opens with the field ready.
                autoFocus: true,
                autoComplete: "off",
                autoCapitalize: "off",
                spellCheck: false,
                maxLength: 100,
                placeholder: t("scan.placeholder"),
                defaultValue: typeof initial.code === "string" ? initial.code : undefined,
              }}
            />
          </div>
          <Field
            label={t("scan.quantity")}
            errors={errors.quantity}
            inputProps={{
              id: "count-quantity",
              name: "quantity",
              inputMode: "numeric",
              autoComplete: "off",
              maxLength: 20,
              defaultValue: typeof initial.quantity === "string" ? initial.quantity : undefined,
            }}
          />
          <Button type="submit" className={s.scanButton}>
            <Icon name="scanner" size={16} />
            {t("scan.submit")}
          </Button>
        </div>
      </Form>
      <p className={s.answer[shown?.tone ?? "none"]} role="status" data-testid="scan-answer">
        {shown ? t(shown.message, shown.values) : null}
        {waiting ? ` ${t("scan.waiting", { count: waiting })}` : null}
      </p>
      <p className={s.hint}>{t("scan.help")}</p>
      <CameraScanner onCode={(scanned) => enqueue({ code: scanned, quantity: "" })} />
    </Card>
  );
}
