import { eanCheckDigit } from "~/models/ean";

/**
 * What the camera reads: the codes on the boxes an electronics shop sells (EAN-13, EAN-8, UPC-A,
 * UPC-E) and Code 128 (shelf and warehouse labels), named as the BarcodeDetector API names them.
 */
export const CAMERA_FORMATS = ["ean_13", "ean_8", "upc_a", "upc_e", "code_128"] as const;

/**
 * Which reader to use: the browser's own BarcodeDetector when it reads at least the shop's main
 * formats (EAN-13 and Code 128), else the zxing library, loaded only then.
 */
export function chooseReader(hasDetector: boolean, supported: readonly string[]): "native" | "library" {
  return hasDetector && supported.includes("ean_13") && supported.includes("code_128") ? "native" : "library";
}

/** A code as read: digits and letters only, as the scanner's field takes a typed one. */
export function cleanCode(raw: string): string {
  return raw.trim().replace(/[^\dA-Za-z\-_.]/g, "");
}

/**
 * The code to look up for a barcode read as `format`. The catalogue keeps EANs as 8 or 13 digits,
 * and a UPC-A is an EAN-13 starting with 0 (Apple's, Lenovo's, HP's boxes): readers report those
 * as 12-digit UPC-A, so the 0 goes back in front. A UPC-E is expanded to its UPC-A first (GS1).
 */
export function catalogueCode(format: string, text: string): string {
  if (format === "upc_a" && /^\d{12}$/.test(text)) return `0${text}`;
  if (format === "upc_e" && /^[01]\d{7}$/.test(text)) {
    const upcA = expandUpcE(text);
    if (eanCheckDigit(upcA.slice(0, 11)) === Number(upcA[11])) return `0${upcA}`;
  }
  return text;
}

function expandUpcE(code: string): string {
  const [system, d1, d2, d3, d4, d5, d6, check] = code;
  const body =
    d6 <= "2"
      ? `${d1}${d2}${d6}0000${d3}${d4}${d5}`
      : d6 === "3"
        ? `${d1}${d2}${d3}00000${d4}${d5}`
        : d6 === "4"
          ? `${d1}${d2}${d3}${d4}00000${d5}`
          : `${d1}${d2}${d3}${d4}${d5}0000${d6}`;
  return `${system}${body}${check}`;
}
