import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button, buttonClass } from "~/components/Button/Button";
import { Icon } from "~/components/Icon/Icon";
import { useHydrated } from "~/web/use-hydrated";
import { CAMERA_FORMATS, catalogueCode, chooseReader, cleanCode } from "./barcode-formats";

type Detector = { detect: (source: HTMLVideoElement) => Promise<{ rawValue: string; format: string }[]> };
type DetectorClass = {
  new (options: { formats: readonly string[] }): Detector;
  getSupportedFormats: () => Promise<string[]>;
};

/**
 * "Scan with camera" for the scanner page: where the browser offers a camera, reads EAN-13,
 * EAN-8, UPC and Code 128 with the browser's BarcodeDetector, or with the zxing library (loaded
 * only when the button is pressed), and hands the code over as if it had been typed. Without
 * JavaScript or a camera API there is no button: the field and a handheld scanner work as ever.
 */
export function CameraScanner({ onCode }: { onCode: (code: string) => void }) {
  const { t } = useTranslation("scanner");
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const video = useRef<HTMLVideoElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const handed = useRef(onCode);
  handed.current = onCode;

  useEffect(() => {
    if (!open) return;
    let stopped = false;
    let stream: MediaStream | null = null;
    let stopReader: (() => void) | null = null;
    const found = (raw: string, format: string) => {
      const code = catalogueCode(format, cleanCode(raw));
      if (stopped || !code) return;
      setOpen(false);
      handed.current(code);
    };
    (async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: "environment" },
          audio: false,
        });
        if (stopped || !video.current) return;
        const element = video.current;
        element.srcObject = stream;
        await element.play().catch(() => {});
        const Native = (window as unknown as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
        const supported = Native ? await Native.getSupportedFormats().catch(() => []) : [];
        if (Native && chooseReader(true, supported) === "native") {
          const detector = new Native({ formats: CAMERA_FORMATS.filter((f) => supported.includes(f)) });
          const look = async () => {
            if (stopped) return;
            const codes = await detector.detect(element).catch(() => []);
            if (codes[0]) found(codes[0].rawValue, codes[0].format);
            else setTimeout(look, 150);
          };
          void look();
        } else {
          const { readWithLibrary } = await import("./zxing-reader");
          if (stopped) return;
          stopReader = await readWithLibrary(element, stream, found);
        }
      } catch (error) {
        const name = (error as { name?: string }).name;
        setProblem(name === "NotAllowedError" ? "camera.denied" : "camera.unavailable");
      }
    })();
    return () => {
      stopped = true;
      stopReader?.();
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, [open]);

  if (!hydrated || typeof navigator === "undefined" || !navigator.mediaDevices?.getUserMedia) return null;
  const close = () => {
    setOpen(false);
    setProblem(null);
    button.current?.focus();
  };
  return (
    <div>
      {open ? (
        <section
          aria-label={t("camera.title")}
          data-testid="camera-panel"
          onKeyDown={(event) => {
            if (event.key === "Escape") close();
          }}
          style={{ display: "grid", gap: 8, marginTop: 8 }}
        >
          <video
            ref={video}
            muted
            playsInline
            aria-label={t("camera.preview")}
            style={{ width: "100%", maxWidth: 480, borderRadius: 8, background: "#000" }}
          />
          {problem ? (
            <p role="alert" data-testid="camera-problem">
              {t(problem)}
            </p>
          ) : (
            <p role="status">{t("camera.hint")}</p>
          )}
          <div>
            <Button type="button" variant="secondary" onClick={close} autoFocus>
              <Icon name="close" size={16} />
              {t("camera.stop")}
            </Button>
          </div>
        </section>
      ) : (
        <button
          ref={button}
          type="button"
          className={buttonClass("secondary")}
          onClick={() => {
            setProblem(null);
            setOpen(true);
          }}
        >
          <Icon name="scanner" size={16} />
          {t("camera.open")}
        </button>
      )}
    </div>
  );
}
