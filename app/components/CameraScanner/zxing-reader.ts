import { BrowserMultiFormatReader } from "@zxing/browser";
import { BarcodeFormat, DecodeHintType } from "@zxing/library";

/**
 * The library reader for browsers without BarcodeDetector (loaded by CameraScanner only when the
 * button is pressed): reads the stream shown in `video` until a code is found or `stop` is called.
 */
/** ZXing's format, in the names BarcodeDetector uses (barcode-formats.ts). */
const FORMAT_NAMES: Partial<Record<BarcodeFormat, string>> = {
  [BarcodeFormat.EAN_13]: "ean_13",
  [BarcodeFormat.EAN_8]: "ean_8",
  [BarcodeFormat.UPC_A]: "upc_a",
  [BarcodeFormat.UPC_E]: "upc_e",
  [BarcodeFormat.CODE_128]: "code_128",
};

export async function readWithLibrary(
  video: HTMLVideoElement,
  stream: MediaStream,
  onCode: (code: string, format: string) => void,
) {
  const hints = new Map();
  hints.set(DecodeHintType.POSSIBLE_FORMATS, [
    BarcodeFormat.EAN_13,
    BarcodeFormat.EAN_8,
    BarcodeFormat.UPC_A,
    BarcodeFormat.UPC_E,
    BarcodeFormat.CODE_128,
  ]);
  const reader = new BrowserMultiFormatReader(hints);
  const controls = await reader.decodeFromStream(stream, video, (result) => {
    if (result) onCode(result.getText(), FORMAT_NAMES[result.getBarcodeFormat()] ?? "");
  });
  return () => controls.stop();
}
