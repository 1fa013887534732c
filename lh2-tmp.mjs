import { launch } from "chrome-launcher";
import lighthouse from "lighthouse";

const [url, cookie] = [process.argv[2], process.argv[3] ?? ""];
const chrome = await launch({
  chromePath: "/usr/bin/chromium",
  chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu"],
});
const r = await lighthouse(url, {
  port: chrome.port,
  output: "json",
  logLevel: "error",
  onlyCategories: ["performance"],
  extraHeaders: cookie ? { cookie } : {},
});
const a = r.lhr.audits;
for (const [k, v] of Object.entries(a))
  if (v.score !== null && v.score < 1 && v.details)
    console.log(
      k,
      v.score,
      v.displayValue ?? "",
      JSON.stringify(
        (v.details.items ?? [])
          .slice(0, 12)
          .map((i) => [
            i.url ?? i.node?.snippet ?? i.label,
            i.wastedMs ?? i.totalBytes ?? i.transferSize ?? i.duration,
          ]),
      ).slice(0, 900),
    );
const net = a["network-requests"].details.items.map((i) => [
  i.url.replace(/http:\/\/127.0.0.1:\d+/, ""),
  i.transferSize,
  Math.round(i.networkEndTime - i.networkRequestTime),
  i.resourceType,
  i.priority,
]);
console.log(net.map((n) => n.join(" ")).join("\n"));
await chrome.kill();
