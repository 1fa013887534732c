import type { EntityManager } from "@mikro-orm/postgresql";
import { seedSampleRules } from "~/models/automation/automation.server";
import { Campaign, CampaignProduct } from "~/models/campaign/campaign.entity";
import { Category } from "~/models/category/category.entity";
import { checkDigit } from "~/models/customer/business-id";
import { insertCustomers } from "~/models/customer/customer.server";
import { customerSchema } from "~/models/customer/customer-schema";
import { eanCheckDigit } from "~/models/ean";
import { fromCents, toCents } from "~/models/money";
import { createOrders, moveOrderIn, movePaymentIn } from "~/models/order/order.server";
import { Product } from "~/models/product/product.entity";
import { createProducts } from "~/models/product/product.server";
import type { ProductInput } from "~/models/product/product-schema";
import { insertSupplier } from "~/models/supplier/supplier.server";
import { supplierSchema } from "~/models/supplier/supplier-schema";

/**
 * The demo catalogue an empty database gets (SEED_DEMO=false turns it off), and synthetic
 * products for benchmarks. Deterministic: a seeded generator gives the same catalogue on every
 * machine, so that screenshots, bug reports and tests talk about the same products. No users: the
 * first account created is the admin.
 */

type Rng = () => number;

/** mulberry32: small, fast and good enough for demo data. */
function seededRandom(seed: number): Rng {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const between = (rng: Rng, min: number, max: number) => min + Math.floor(rng() * (max - min + 1));
const pick = <T>(rng: Rng, items: readonly T[]): T => items[Math.floor(rng() * items.length)];

function shuffled<T>(rng: Rng, items: readonly T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy;
}

// ---------------------------------------------------------------------------------------------
// Demo data

const CATEGORIES: { name: string; description: string; children: [string, string][] }[] = [
  {
    name: "Computers",
    description: "Laptops, desktops and displays for home and office",
    children: [
      ["Laptops", "Portable computers for work, study and gaming"],
      ["Desktops", "Desktop computers, mini PCs and all-in-ones"],
      ["Monitors", "Office, creative and gaming displays"],
    ],
  },
  {
    name: "Phones & Tablets",
    description: "Mobile devices",
    children: [
      ["Smartphones", "Android and iOS phones"],
      ["Tablets", "Tablets for entertainment and work"],
    ],
  },
  {
    name: "Audio",
    description: "Sound at home and on the go",
    children: [
      ["Headphones", "Over-ear headphones, earbuds and headsets"],
      ["Speakers", "Bluetooth, smart and party speakers"],
    ],
  },
  {
    name: "TV & Home Cinema",
    description: "Televisions and home cinema",
    children: [["Televisions", "LED, QLED and OLED televisions"]],
  },
  {
    name: "Accessories",
    description: "Cables, chargers and power",
    children: [
      ["Cables", "USB, HDMI, DisplayPort and network cables"],
      ["Chargers", "Wall chargers, wireless chargers and power banks"],
    ],
  },
];

/** [subcategory, brand, model, consumer price in euros incl. VAT] */
type DemoProduct = [string, string, string, number];

const PRODUCTS: DemoProduct[] = [
  ["Laptops", "Lenovo", 'ThinkPad E14 Gen 5 14" i5/16GB/512GB', 949],
  ["Laptops", "Lenovo", 'ThinkPad T14 Gen 4 14" i7/32GB/1TB', 1649],
  ["Laptops", "Lenovo", 'IdeaPad Slim 5 14" Ryzen 7/16GB/1TB', 849],
  ["Laptops", "Lenovo", 'Legion 5 15" Ryzen 7/RTX 4060', 1499],
  ["Laptops", "Lenovo", 'ThinkBook 16 G6 16" i7/32GB/1TB', 1199],
  ["Laptops", "Apple", 'MacBook Air 13" M3 8GB/256GB', 1199],
  ["Laptops", "Apple", 'MacBook Air 15" M3 16GB/512GB', 1749],
  ["Laptops", "Apple", 'MacBook Pro 14" M4 Pro 24GB/512GB', 2499],
  ["Laptops", "Dell", 'XPS 13 9340 13.4" Ultra 7/16GB/512GB', 1599],
  ["Laptops", "Dell", 'Latitude 5440 14" i5/16GB/256GB', 1099],
  ["Laptops", "Dell", 'Inspiron 15 3530 15.6" i3/8GB/256GB', 499],
  ["Laptops", "HP", 'EliteBook 840 G10 14" i7/16GB/512GB', 1599],
  ["Laptops", "HP", 'Pavilion 15 15.6" Ryzen 5/16GB/512GB', 699],
  ["Laptops", "HP", 'Victus 16 16.1" i5/RTX 4050', 999],
  ["Laptops", "Asus", 'Zenbook 14 OLED 14" Ultra 5/16GB/1TB', 1099],
  ["Laptops", "Asus", 'Vivobook 15 15.6" i5/8GB/512GB', 599],
  ["Laptops", "Asus", 'ROG Strix G16 16" i9/RTX 4070', 2199],
  ["Laptops", "Asus", 'TUF Gaming A15 15.6" Ryzen 7/RTX 4060', 1199],
  ["Laptops", "Acer", 'Aspire 5 15.6" i5/16GB/512GB', 649],
  ["Laptops", "Acer", 'Swift Go 14 OLED 14" Ultra 7/16GB/1TB', 1049],
  ["Laptops", "Acer", 'Nitro V 15 15.6" i5/RTX 4050', 899],
  ["Laptops", "Microsoft", 'Surface Laptop 7 13.8" Snapdragon X Plus/16GB', 1299],
  ["Laptops", "Samsung", 'Galaxy Book4 Pro 14" Ultra 7/16GB/512GB', 1499],
  ["Laptops", "MSI", 'Katana 15 15.6" i7/RTX 4060', 1299],

  ["Desktops", "HP", "ProDesk 400 G9 SFF i5/16GB/512GB", 799],
  ["Desktops", "HP", "Omen 25L Gaming i7/RTX 4070", 1799],
  ["Desktops", "HP", 'All-in-One 24" Ryzen 5/16GB/512GB', 799],
  ["Desktops", "Lenovo", "ThinkCentre M70q Tiny Gen 4 i5/16GB", 749],
  ["Desktops", "Lenovo", 'IdeaCentre AIO 3 24" i5/16GB/512GB', 849],
  ["Desktops", "Lenovo", "Legion Tower 5 Ryzen 7/RTX 4070 Super", 1999],
  ["Desktops", "Apple", "Mac mini M4 16GB/256GB", 729],
  ["Desktops", "Apple", 'iMac 24" M4 16GB/256GB', 1599],
  ["Desktops", "Dell", "OptiPlex 7010 Micro i5/16GB/512GB", 899],
  ["Desktops", "Asus", "ROG Strix G13CH i7/RTX 4060 Ti", 1599],

  ["Monitors", "Samsung", 'Odyssey G5 27" QHD 165Hz', 299],
  ["Monitors", "Samsung", 'ViewFinity S6 32" 4K', 449],
  ["Monitors", "Samsung", 'Smart Monitor M7 32" 4K', 399],
  ["Monitors", "Samsung", 'Odyssey OLED G8 34" UWQHD', 1099],
  ["Monitors", "LG", 'UltraGear 27GR75Q 27" QHD 180Hz', 279],
  ["Monitors", "LG", '27UP850N 27" 4K USB-C', 449],
  ["Monitors", "LG", 'UltraWide 34WR50QC 34" Curved', 349],
  ["Monitors", "Dell", 'P2423D 24" QHD', 259],
  ["Monitors", "Dell", 'UltraSharp U2724D 27" QHD', 479],
  ["Monitors", "Asus", 'ProArt PA278CV 27" QHD', 449],
  ["Monitors", "Acer", 'Nitro XV272U 27" QHD 170Hz', 279],
  ["Monitors", "Philips", '24E1N1300A 24" Full HD', 129],
  ["Monitors", "Philips", 'Evnia 27M2N3200S 27" 180Hz', 199],
  ["Monitors", "HP", 'E24 G5 24" Full HD', 229],

  ["Smartphones", "Samsung", "Galaxy S25 128GB", 969],
  ["Smartphones", "Samsung", "Galaxy S25+ 256GB", 1219],
  ["Smartphones", "Samsung", "Galaxy S25 Ultra 256GB", 1499],
  ["Smartphones", "Samsung", "Galaxy A55 5G 128GB", 449],
  ["Smartphones", "Samsung", "Galaxy A35 5G 128GB", 349],
  ["Smartphones", "Samsung", "Galaxy A16 128GB", 199],
  ["Smartphones", "Samsung", "Galaxy Z Flip6 256GB", 1249],
  ["Smartphones", "Apple", "iPhone 16 128GB", 979],
  ["Smartphones", "Apple", "iPhone 16 Plus 128GB", 1129],
  ["Smartphones", "Apple", "iPhone 16 Pro 256GB", 1399],
  ["Smartphones", "Apple", "iPhone 16 Pro Max 256GB", 1549],
  ["Smartphones", "Apple", "iPhone 15 128GB", 849],
  ["Smartphones", "Xiaomi", "Redmi Note 14 Pro 5G 256GB", 399],
  ["Smartphones", "Xiaomi", "14T 256GB", 649],
  ["Smartphones", "Xiaomi", "Redmi 14C 128GB", 149],
  ["Smartphones", "OnePlus", "13 256GB", 1049],
  ["Smartphones", "OnePlus", "Nord 4 5G 256GB", 449],
  ["Smartphones", "Google", "Pixel 9 128GB", 899],
  ["Smartphones", "Google", "Pixel 9a 128GB", 549],
  ["Smartphones", "Nokia", "G42 5G 128GB", 229],

  ["Tablets", "Apple", 'iPad 10.9" Wi-Fi 64GB', 429],
  ["Tablets", "Apple", 'iPad Air 11" M2 Wi-Fi 128GB', 719],
  ["Tablets", "Apple", 'iPad Pro 13" M4 Wi-Fi 256GB', 1729],
  ["Tablets", "Apple", "iPad mini A17 Pro Wi-Fi 128GB", 619],
  ["Tablets", "Samsung", "Galaxy Tab S9 FE 128GB", 449],
  ["Tablets", "Samsung", "Galaxy Tab S10+ 256GB", 1099],
  ["Tablets", "Samsung", "Galaxy Tab A9+ 64GB", 229],
  ["Tablets", "Lenovo", "Tab P12 128GB", 349],
  ["Tablets", "Lenovo", "Tab M11 128GB", 219],
  ["Tablets", "Xiaomi", "Pad 6 128GB", 349],

  ["Headphones", "Sony", "WH-1000XM5 Wireless", 399],
  ["Headphones", "Sony", "WF-1000XM5 True Wireless", 299],
  ["Headphones", "Sony", "WH-CH720N Wireless", 129],
  ["Headphones", "Bose", "QuietComfort Ultra Headphones", 499],
  ["Headphones", "Bose", "QuietComfort Ultra Earbuds", 349],
  ["Headphones", "Bose", "QuietComfort Headphones", 379],
  ["Headphones", "Sennheiser", "Momentum 4 Wireless", 349],
  ["Headphones", "Sennheiser", "Accentum Plus Wireless", 229],
  ["Headphones", "Sennheiser", "HD 660S2", 599],
  ["Headphones", "Apple", "AirPods Pro 2 USB-C", 279],
  ["Headphones", "Apple", "AirPods 4 ANC", 199],
  ["Headphones", "Apple", "AirPods Max USB-C", 579],
  ["Headphones", "JBL", "Tune 770NC", 129],
  ["Headphones", "JBL", "Live Beam 3", 199],
  ["Headphones", "Samsung", "Galaxy Buds3 Pro", 249],
  ["Headphones", "Logitech", "G Pro X 2 Lightspeed Gaming Headset", 279],

  ["Speakers", "JBL", "Flip 6", 129],
  ["Speakers", "JBL", "Charge 5", 179],
  ["Speakers", "JBL", "Boombox 3", 499],
  ["Speakers", "JBL", "Go 4", 49],
  ["Speakers", "JBL", "PartyBox 110", 399],
  ["Speakers", "Sonos", "Era 100", 279],
  ["Speakers", "Sonos", "Era 300", 499],
  ["Speakers", "Sonos", "Move 2", 499],
  ["Speakers", "Bose", "SoundLink Flex", 169],
  ["Speakers", "Bose", "SoundLink Max", 449],
  ["Speakers", "Sony", "ULT Field 1", 149],
  ["Speakers", "Logitech", "Z407 Bluetooth Computer Speakers", 89],

  ["Televisions", "Samsung", '55" QN90D Neo QLED 4K', 1599],
  ["Televisions", "Samsung", '65" CU7172 4K', 649],
  ["Televisions", "Samsung", '43" Q60D QLED 4K', 449],
  ["Televisions", "Samsung", '77" S90D OLED 4K', 2999],
  ["Televisions", "LG", '55" OLED C4 4K', 1499],
  ["Televisions", "LG", '65" QNED81 4K', 999],
  ["Televisions", "LG", '48" OLED B4 4K', 999],
  ["Televisions", "LG", '43" UR78 4K', 379],
  ["Televisions", "Philips", '50" PUS8509 Ambilight 4K', 599],
  ["Televisions", "Philips", '55" OLED809 Ambilight 4K', 1399],
  ["Televisions", "Sony", 'Bravia 7 65" Mini LED 4K', 1799],
  ["Televisions", "Sony", 'Bravia 55" X75WL 4K', 749],
  ["Televisions", "TCL", '55" C805 Mini LED 4K', 699],
  ["Televisions", "Xiaomi", 'TV A Pro 55" 4K', 449],

  ["Cables", "Belkin", "USB-C to USB-C Cable 2 m", 24.9],
  ["Cables", "Belkin", "HDMI 2.1 Ultra High Speed Cable 2 m", 39.9],
  ["Cables", "Belkin", "Cat 6 Network Cable 5 m", 14.9],
  ["Cables", "Anker", "PowerLine III USB-C to Lightning 1.8 m", 24.9],
  ["Cables", "Anker", "USB-C to USB-C 240W Cable 1.8 m", 19.9],
  ["Cables", "Anker", "3-in-1 USB Cable 1.2 m", 17.9],
  ["Cables", "Apple", "USB-C to Lightning Cable 1 m", 25],
  ["Cables", "Apple", "240W USB-C Charge Cable 2 m", 35],
  ["Cables", "Logitech", "USB Receiver Extension Cable", 9.9],
  ["Cables", "Samsung", "USB-C to USB-C 5A Cable 1.8 m", 24.9],
  ["Cables", "Philips", "HDMI Cable 3 m", 14.9],
  ["Cables", "Deltaco", "DisplayPort 1.4 Cable 2 m", 19.9],
  ["Cables", "Ugreen", "USB-C to HDMI 4K Cable 1.5 m", 22.9],

  ["Chargers", "Anker", "Nano 65W USB-C Charger", 49.9],
  ["Chargers", "Anker", "PowerCore 20000 Power Bank", 49.9],
  ["Chargers", "Anker", "Prime 100W GaN Charger", 89.9],
  ["Chargers", "Anker", "737 Power Bank 24000mAh", 129],
  ["Chargers", "Belkin", "BoostCharge Pro 3-in-1 MagSafe", 149.9],
  ["Chargers", "Belkin", "25W USB-C Wall Charger", 29.9],
  ["Chargers", "Belkin", "BoostCharge Pro 2-in-1 Qi2", 99.9],
  ["Chargers", "Samsung", "45W Super Fast Charger", 49.9],
  ["Chargers", "Samsung", "15W Wireless Charger Pad", 39.9],
  ["Chargers", "Apple", "20W USB-C Power Adapter", 25],
  ["Chargers", "Apple", "MagSafe Charger 1 m", 49],
  ["Chargers", "Xiaomi", "67W GaN Charger", 34.9],
  ["Chargers", "Xiaomi", "Power Bank 20000mAh 33W", 39.9],
  ["Chargers", "Philips", "30W USB-C Car Charger", 19.9],
  ["Chargers", "Ugreen", "Nexode 100W 4-Port Charger", 69.9],
  ["Chargers", "OnePlus", "SUPERVOOC 80W Charger", 39.9],
  ["Chargers", "Logitech", "Powered Wireless Charging Stand", 89.9],
];

// SKU prefixes as a buyer would abbreviate the brand; others get their first three letters.
const BRAND_CODES: Record<string, string> = {
  Apple: "APL",
  Samsung: "SAM",
  Lenovo: "LEN",
  Dell: "DEL",
  Acer: "ACR",
  OnePlus: "ONP",
  Sonos: "SNS",
  Microsoft: "MS",
  Deltaco: "DLC",
  Philips: "PHI",
};

// Real GS1 company prefixes of each brand's range, so that the EANs look like the boxes' ones.
const EAN_PREFIXES: Record<string, string> = {
  Apple: "0194253",
  Samsung: "8806095",
  Lenovo: "0197529",
  Dell: "5397184",
  HP: "0196548",
  Asus: "4711387",
  Acer: "4711121",
  Sony: "4548736",
  Bose: "0017817",
  JBL: "6925281",
  LG: "8806087",
  Philips: "8718863",
  Logitech: "5099206",
  Anker: "0194644",
  Belkin: "0745883",
  Sennheiser: "4044155",
  Xiaomi: "6941812",
  OnePlus: "6921815",
  Google: "0840244",
  Nokia: "6438409",
  Sonos: "8717755",
  TCL: "5901292",
  Microsoft: "0196388",
  MSI: "4711377",
  Deltaco: "7333048",
  Ugreen: "6957303",
};

/** The distributors the demo shop buys from: name, contact, e-mail, phone, lead time in days. */
const DEMO_SUPPLIERS: [string, string, string, string, number][] = [
  ["Tech Data Finland", "Mikaela Nurmi", "tilaukset@techdata.example.fi", "+358 9 8865 2100", 3],
  ["Ingram Micro", "Jukka Salonen", "orders.fi@ingram.example.com", "+358 20 7411 500", 5],
  ["Also Finland", "Riikka Ahonen", "myynti@also.example.fi", "+358 20 1234 567", 4],
  ["Elko", "Tommi Lindholm", "sales@elko.example.fi", "+358 9 2708 700", 7],
  ["Exertis Finland", "Sari Kallio", "asiakaspalvelu@exertis.example.fi", "+358 10 3210 400", 10],
];
const SUPPLIERS = DEMO_SUPPLIERS.map(([name]) => name);

const COUNTS = {
  lowMargin: 12,
  mediumMargin: 15,
  lowStock: 15,
  outOfStock: 3,
  eol: 3,
  inactive: 5,
};

type SeedProduct = {
  name: string;
  sku: string;
  brand: string;
  category: string;
  purchasePrice: string;
  sellingPrice: string;
  stockLevel: number;
  supplier: string;
  /** A reorder point and quantity of its own, or null for the shop's. */
  reorderPoint: number | null;
  reorderQuantity: number | null;
  ean: string;
  status: "active" | "inactive" | "eol";
};

/** "ThinkPad E14 Gen 5 ..." -> "TPE14G": capitals of words, acronyms and model numbers whole. */
function modelCode(model: string): string {
  let code = "";
  for (const token of model.split(/[\s/]+/)) {
    const clean = token.replace(/[^A-Za-z0-9]/g, "");
    if (!clean) continue;
    if (/\d/.test(clean)) code += clean.slice(0, 6);
    else if (/^[A-Z]+$/.test(clean)) code += clean.slice(0, 4);
    else code += (clean.match(/[A-Z]/g)?.join("") ?? clean[0]).slice(0, 3);
    if (code.length >= 6) break;
  }
  return code.toUpperCase().slice(0, 10);
}

function demoSku(brand: string, model: string, index: number): string {
  const brandCode = BRAND_CODES[brand] ?? brand.slice(0, 3).toUpperCase();
  return `${brandCode}-${modelCode(model)}-${String(index + 1).padStart(3, "0")}`;
}

/** A valid EAN-13 under the brand's company prefix; item numbers never repeat. */
function demoEan(rng: Rng, brand: string, used: Set<string>): string {
  const prefix = EAN_PREFIXES[brand] ?? `64${between(rng, 10000, 99999)}`;
  for (;;) {
    const first12 = prefix + String(between(rng, 0, 99999)).padStart(5, "0");
    if (used.has(first12)) continue;
    used.add(first12);
    return first12 + eanCheckDigit(first12);
  }
}

/** The margin a product gets: exact numbers of low and medium ones, the rest 21-35 %. */
function marginFraction(rng: Rng, band: "low" | "medium" | "high"): number {
  if (band === "low") return 0.02 + rng() * 0.07;
  if (band === "medium") return 0.11 + rng() * 0.08;
  // From 21 %, so that rounding the purchase price to the cent cannot drop it under 20 %.
  return 0.21 + rng() * 0.14;
}

function buildDemoProducts(rng: Rng): SeedProduct[] {
  const indexes = PRODUCTS.map((_, i) => i);
  const byMargin = shuffled(rng, indexes);
  const lowMargin = new Set(byMargin.slice(0, COUNTS.lowMargin));
  const mediumMargin = new Set(byMargin.slice(COUNTS.lowMargin, COUNTS.lowMargin + COUNTS.mediumMargin));
  const byStock = shuffled(rng, indexes);
  const outOfStock = new Set(byStock.slice(0, COUNTS.outOfStock));
  const lowStock = new Set(byStock.slice(COUNTS.outOfStock, COUNTS.lowStock));
  const byStatus = shuffled(rng, indexes);
  const eol = new Set(byStatus.slice(0, COUNTS.eol));
  const inactive = new Set(byStatus.slice(COUNTS.eol, COUNTS.eol + COUNTS.inactive));

  const supplierOf = new Map<string, string>();
  const usedEans = new Set<string>();
  const reorderRng = seededRandom(20261515);
  return PRODUCTS.map(([category, brand, model, price], i) => {
    // A brand comes mostly through one distributor, as in real purchasing.
    if (!supplierOf.has(brand)) supplierOf.set(brand, pick(rng, SUPPLIERS));
    const supplier = rng() < 0.85 ? (supplierOf.get(brand) as string) : pick(rng, SUPPLIERS);
    const band = lowMargin.has(i) ? "low" : mediumMargin.has(i) ? "medium" : "high";
    const sellingCents = Math.round(price * 100);
    const purchaseCents = Math.round(sellingCents * (1 - marginFraction(rng, band)));
    const stockLevel = outOfStock.has(i) ? 0 : lowStock.has(i) ? between(rng, 1, 10) : between(rng, 11, 120);
    // One product in six has reorder figures of its own (fast movers are reordered earlier and in
    // larger lots); the others take the shop's.
    // (A generator of their own, so the rest of the demo stays as it was.)
    const ownReorder = reorderRng() < 1 / 6;
    return {
      name: `${brand} ${model}`,
      sku: demoSku(brand, model, i),
      brand,
      category,
      purchasePrice: fromCents(purchaseCents),
      sellingPrice: fromCents(sellingCents),
      stockLevel,
      supplier,
      reorderPoint: ownReorder ? between(reorderRng, 3, 25) : null,
      reorderQuantity: ownReorder ? 5 * between(reorderRng, 1, 6) : null,
      ean: demoEan(rng, brand, usedEans),
      status: eol.has(i) ? "eol" : inactive.has(i) ? "inactive" : "active",
    };
  });
}

/** [first name, last name, street address, postal code, city, country, company or null, VIP] */
type DemoCustomer = [string, string, string, string, string, string, string | null, boolean];

const CUSTOMERS: DemoCustomer[] = [
  ["Aino", "Virtanen", "Mannerheimintie 24 B 12", "00100", "Helsinki", "Finland", null, true],
  ["Mikko", "Korhonen", "Tapiolantie 5 A 3", "02100", "Espoo", "Finland", null, false],
  ["Laura", "Mäkinen", "Hämeenkatu 18 C 21", "33100", "Tampere", "Finland", null, false],
  ["Juha", "Nieminen", "Aurakatu 9 A 7", "20100", "Turku", "Finland", null, false],
  ["Emilia", "Mäkelä", "Kirkkokatu 30 B 4", "90100", "Oulu", "Finland", null, false],
  ["Antti", "Hämäläinen", "Tikkurilantie 44", "01300", "Vantaa", "Finland", null, false],
  ["Sanna", "Laine", "Kauppakatu 12 A 2", "40100", "Jyväskylä", "Finland", null, true],
  ["Timo", "Heikkinen", "Aleksanterinkatu 7 C 15", "15100", "Lahti", "Finland", null, false],
  ["Johanna", "Koskinen", "Puijonkatu 21 B 9", "70100", "Kuopio", "Finland", null, false],
  ["Ville", "Järvinen", "Hämeentie 48 A 10", "00530", "Helsinki", "Finland", null, false],
  ["Elina", "Lehtonen", "Leppävaarankatu 3 D 40", "02600", "Espoo", "Finland", null, false],
  ["Jari", "Lehtinen", "Sammonkatu 55", "33540", "Tampere", "Finland", null, false],
  ["Hanna", "Saarinen", "Yliopistonkatu 14 A 6", "20100", "Turku", "Finland", null, false],
  ["Petri", "Salminen", "Kaarnatie 6", "90530", "Oulu", "Finland", null, false],
  ["Noora", "Heinonen", "Lapinlahdenkatu 1 B 8", "00180", "Helsinki", "Finland", null, false],
  ["Erik", "Lindqvist", "Storgatan 12", "114 55", "Stockholm", "Sweden", null, false],
  ["Mart", "Tamm", "Narva mnt 5", "10117", "Tallinn", "Estonia", null, false],
  ["Kari", "Rantanen", "Bulevardi 22", "00120", "Helsinki", "Finland", "Nordic Office Oy", true],
  [
    "Päivi",
    "Ahonen",
    "Hatanpään valtatie 26",
    "33100",
    "Tampere",
    "Finland",
    "Tampereen IT-Palvelut Oy",
    false,
  ],
  ["Markku", "Leinonen", "Keilaranta 1", "02150", "Espoo", "Finland", "Kasvu Media Oy", true],
  ["Tiina", "Kettunen", "Teknologiantie 14", "90590", "Oulu", "Finland", "Oulun Insinööritoimisto Oy", false],
  ["Jussi", "Mustonen", "Itäinen Pitkäkatu 33", "20520", "Turku", "Finland", "Turun Kuvaamo Oy", false],
  [
    "Riikka",
    "Laaksonen",
    "Porthaninkatu 3",
    "00530",
    "Helsinki",
    "Finland",
    "Kallion Lakitoimisto Oy",
    false,
  ],
  ["Anna", "Lindberg", "Kungsgatan 8", "111 43", "Stockholm", "Sweden", "Stockholm Events AB", false],
  ["Kadri", "Saar", "Rüütli 11", "51007", "Tartu", "Estonia", "Baltic Trade OÜ", true],
];

/** "Päivi Hämäläinen" -> "paivi.hamalainen" */
function emailLocalPart(first: string, last: string): string {
  return `${first}.${last}`
    .toLowerCase()
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9.]/g, "");
}

function companyDomain(company: string): string {
  const name = company.replace(/\s+(Oy|AB|OÜ)$/u, "");
  return `${emailLocalPart(name, "").replace(/\./g, "")}.example`;
}

function demoPhone(rng: Rng, country: string): string {
  const digits = (n: number) => String(between(rng, 10 ** (n - 1), 10 ** n - 1));
  if (country === "Sweden") return `+46 70 ${digits(3)} ${digits(2)} ${digits(2)}`;
  if (country === "Estonia") return `+372 5${digits(3)} ${digits(4)}`;
  return `+358 ${pick(rng, ["40", "44", "45", "50"])} ${digits(3)} ${digits(4)}`;
}

/** A Finnish business ID (Y-tunnus) with a valid check digit, as a VAT number "FI12345678". */
function finnishVatNumber(rng: Rng): string {
  for (;;) {
    const body = String(between(rng, 1_000_000, 3_499_999));
    const check = checkDigit(body);
    // Seven digits whose remainder is 1 have no check digit: such numbers are never issued.
    if (check !== null) return `FI${body}${check}`;
  }
}

function vatNumber(rng: Rng, country: string): string {
  if (country === "Sweden") return `SE556${between(rng, 1_000_000, 9_999_999)}01`;
  if (country === "Estonia") return `EE10${between(rng, 1_000_000, 9_999_999)}`;
  return finnishVatNumber(rng);
}

function buildDemoCustomers(rng: Rng) {
  const topLevel: Record<string, string> = { Finland: "fi", Sweden: "se", Estonia: "ee" };
  return CUSTOMERS.map(([first, last, address, postalCode, city, country, company, vip]) => {
    const business = company !== null;
    const email = business
      ? `${emailLocalPart(first, last)}@${companyDomain(company)}`
      : `${emailLocalPart(first, last)}@example.${topLevel[country]}`;
    return {
      firstName: first,
      lastName: last,
      email,
      phone: demoPhone(rng, country),
      company,
      vatNumber: business ? vatNumber(rng, country) : null,
      address,
      city,
      postalCode,
      country,
      customerType: business ? "business" : "individual",
      vipStatus: vip,
      discountPercentage: vip ? "5.00" : business ? "3.00" : "0.00",
      creditLimit: business ? fromCents(between(rng, 1, 4) * 500_000) : "0.00",
    };
  });
}

/** "YYYY-MM-DD" of a UTC day. */
function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

function todayPlus(days: number): string {
  const now = new Date();
  return isoDate(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + days)));
}

/** A day of last month; 0 is the last day of it. */
function lastMonthDay(day: number): string {
  const now = new Date();
  const month = day === 0 ? now.getUTCMonth() : now.getUTCMonth() - 1;
  return isoDate(new Date(Date.UTC(now.getUTCFullYear(), month, day)));
}

type DemoCampaign = {
  name: string;
  description: string;
  startDate: string;
  endDate: string;
  categories: string[];
  products: number;
};

function demoCampaigns(): DemoCampaign[] {
  return [
    {
      name: "Laptop Days",
      description: "Selected laptops and monitors at campaign prices",
      startDate: todayPlus(-5),
      endDate: todayPlus(9),
      categories: ["Laptops", "Monitors"],
      products: 6,
    },
    {
      name: "Audio Weeks",
      description: "Headphones and speakers on offer",
      startDate: todayPlus(-12),
      endDate: todayPlus(23),
      categories: ["Headphones", "Speakers"],
      products: 5,
    },
    {
      name: "Phone Upgrade Days",
      description: "New phones and tablets with chargers to match",
      startDate: todayPlus(10),
      endDate: todayPlus(24),
      categories: ["Smartphones", "Tablets", "Chargers"],
      products: 4,
    },
    {
      name: "Home Cinema Sale",
      description: "Televisions and speakers for the living room",
      startDate: lastMonthDay(1),
      endDate: lastMonthDay(14),
      categories: ["Televisions", "Speakers"],
      products: 3,
    },
    {
      name: "Accessories Week",
      description: "Cables and chargers at small prices",
      startDate: lastMonthDay(15),
      endDate: lastMonthDay(0),
      categories: ["Cables", "Chargers"],
      products: 6,
    },
  ];
}

/** The category tree, through the ORM's unit of work (one flush); ids by name. */
async function insertCategories(tx: EntityManager): Promise<Map<string, number>> {
  const created = CATEGORIES.flatMap((c) => {
    const root = tx.create(Category, { name: c.name, description: c.description });
    const children = c.children.map(([name, description]) =>
      tx.create(Category, { name, description, parent: root }),
    );
    return [root, ...children];
  });
  await tx.flush();
  return new Map(created.map((category) => [category.name, category.id]));
}

/** The demo suppliers, through the suppliers' write path, before the products that name them. */
async function insertDemoSuppliers(tx: EntityManager) {
  for (const [name, contactName, email, phone, leadTimeDays] of DEMO_SUPPLIERS) {
    const created = await insertSupplier(
      tx,
      supplierSchema.parse({ name, contactName, email, phone, leadTimeDays }),
    );
    if (!created.ok) throw new Error(`The demo supplier ${name} was refused: ${created.reason}`);
  }
}

/** The demo products, written as staff would write them: through the product write path. */
async function insertProducts(
  tx: EntityManager,
  products: SeedProduct[],
  categoryIds: Map<string, number>,
): Promise<Map<string, number>> {
  const created = await createProducts(
    tx,
    products.map((p) => ({
      name: p.name,
      sku: p.sku,
      brand: p.brand,
      categoryId: categoryIds.get(p.category) ?? null,
      purchasePrice: p.purchasePrice,
      sellingPrice: p.sellingPrice,
      vatInclusive: true,
      vatRate: null,
      stockLevel: p.stockLevel,
      supplier: p.supplier,
      reorderPoint: p.reorderPoint,
      reorderQuantity: p.reorderQuantity,
      ean: p.ean,
      imageUrl: null,
      barcode: null,
      status: p.status,
      version: null,
    })),
    null,
  );
  if (!created.ok)
    throw new Error(`The demo product ${products[created.index].sku} was refused: ${created.reason}`);
  return new Map(products.map((p, index) => [p.sku, created.ids[index]]));
}

async function insertCampaigns(
  tx: EntityManager,
  rng: Rng,
  products: SeedProduct[],
  productIds: Map<string, number>,
) {
  for (const campaign of demoCampaigns()) {
    const created = tx.create(Campaign, {
      name: campaign.name,
      description: campaign.description,
      startDate: campaign.startDate,
      endDate: campaign.endDate,
      isActive: true,
    });
    const candidates = products.filter(
      (p) => p.status === "active" && campaign.categories.includes(p.category),
    );
    for (const p of shuffled(rng, candidates).slice(0, campaign.products)) {
      const discountCents = Math.round(toCents(p.sellingPrice) * (1 - between(rng, 5, 25) / 100));
      tx.create(CampaignProduct, {
        campaign: created,
        product: tx.getReference(Product, productIds.get(p.sku) as number),
        discountPrice: fromCents(discountCents),
        originalPrice: p.sellingPrice,
      });
    }
  }
  await tx.flush();
}

/** Seeds the demo catalogue into an empty database; false (and nothing done) when there is one. */
export async function seedDemoCatalogue(em: EntityManager): Promise<boolean> {
  return em.transactional(async (tx) => {
    // One seeder at a time: two processes starting on one empty database must not both seed.
    await tx.execute("select pg_advisory_xact_lock(42002)");
    const [{ found }] = await tx.execute<{ found: boolean }[]>(
      "select exists (select 1 from product) or exists (select 1 from category) as found",
    );
    if (found) return false;

    const rng = seededRandom(20261122);
    const categoryIds = await insertCategories(tx);
    await insertDemoSuppliers(tx);
    const products = buildDemoProducts(rng);
    const productIds = await insertProducts(tx, products, categoryIds);
    // The customers' write path, their fields checked as the form checks them.
    const customers = await insertCustomers(
      tx,
      buildDemoCustomers(rng).map((customer) => customerSchema.parse(customer)),
    );
    if (!customers.ok) throw new Error(`The demo customers were refused: ${customers.reason}`);
    await insertCampaigns(tx, rng, products, productIds);
    await insertDemoOrders(tx, rng);
    // The spec's three sample rules, set up after the catalogue (a rule acts on later changes).
    await seedSampleRules(tx, null);
    return true;
  });
}

/**
 * Three months of sales orders through the orders' write path (priced, numbered, stock taken by
 * the ledger's sale movements, customer totals kept), each moved as far as its age allows: the
 * sales report, the customers' totals and the ledger have something to show on the first day.
 */
async function insertDemoOrders(tx: EntityManager, rng: Rng) {
  const products = (
    await tx.execute<{ id: number }[]>(
      "select id from product where status = 'active' and stock_level >= 20 order by id",
    )
  ).map((row) => row.id);
  const customers = (await tx.execute<{ id: number }[]>("select id from customer order by id")).map(
    (row) => row.id,
  );
  if (products.length === 0) return;
  const now = Date.now();
  const hour = 3_600_000;
  for (let i = 0; i < 60; i++) {
    const daysAgo = between(rng, 0, 89);
    const placedAt = new Date(now - daysAgo * 24 * hour - between(rng, 0, 8) * hour);
    const lineCount = between(rng, 1, 3);
    const picked = new Set<number>();
    while (picked.size < Math.min(lineCount, products.length))
      picked.add(products[between(rng, 0, products.length - 1)]);
    const lines = [...picked].map((productId) => ({
      productId,
      quantity: between(rng, 1, 2),
      unitPrice: null,
    }));
    const customerId =
      rng() < 0.85 && customers.length ? customers[between(rng, 0, customers.length - 1)] : null;
    const made = await createOrders(tx, [{ customerId, notes: null, lines, placedAt }], null);
    // A business customer's credit limit may refuse one: the demo goes on without it.
    if (!made.ok) continue;
    const id = made.orderIds[0];
    const moves =
      rng() < 0.08
        ? ["cancelled"]
        : daysAgo > 14
          ? ["confirmed", "shipped", "delivered"]
          : daysAgo > 3
            ? ["confirmed", "shipped"]
            : daysAgo > 0
              ? ["confirmed"]
              : [];
    let at = placedAt.getTime();
    for (const to of moves) {
      at = Math.min(now, at + between(rng, 1, 48) * hour);
      if (!(await moveOrderIn(tx, id, to, null, null, new Date(at))).ok) break;
    }
    if (moves.includes("delivered")) await movePaymentIn(tx, id, "paid");
  }
}

// ---------------------------------------------------------------------------------------------
// Synthetic products for benchmarks

const SYNTHETIC_BRANDS = [
  "Lenovo",
  "Samsung",
  "Apple",
  "Dell",
  "HP",
  "Asus",
  "Acer",
  "Sony",
  "Bose",
  "JBL",
  "LG",
  "Philips",
  "Logitech",
  "Anker",
  "Belkin",
  "Sennheiser",
  "Xiaomi",
  "OnePlus",
];
const SYNTHETIC_SERIES = [
  "Pro",
  "Air",
  "Max",
  "Lite",
  "Ultra",
  "Plus",
  "Mini",
  "Neo",
  "Edge",
  "Go",
  "Studio",
  "One",
];
const SYNTHETIC_KINDS = [
  "Laptop",
  "Monitor",
  "Headphones",
  "Earbuds",
  "Speaker",
  "Phone",
  "Tablet",
  "Charger",
  "Cable",
  "Keyboard",
  "Mouse",
  "Webcam",
  "Router",
  "Television",
  "Power Bank",
  "Smartwatch",
];
const SYNTHETIC_COLOURS = ["Black", "White", "Silver", "Blue", "Graphite", "Green"];
const SYNTHETIC_BATCH = 5_000;

/**
 * The n-th synthetic product of a run. Different moduli vary brand, series, kind and colour
 * independently, so that trigram searches find realistic subsets; purchase prices are 55-94 % of
 * the price (margins 6-45 %, a few under the 10 % line).
 */
function syntheticProduct(run: string, i: number, categoryIds: number[]): ProductInput {
  const pick = (values: readonly string[], index: number) => values[index % values.length];
  const brand = pick(SYNTHETIC_BRANDS, i);
  const priceCents = 990 + ((i * 7919) % 249000);
  const purchaseCents = Math.round((priceCents * (55 + (i % 40))) / 100);
  return {
    name: `${brand} ${pick(SYNTHETIC_SERIES, Math.floor(i / 3))} ${pick(SYNTHETIC_KINDS, Math.floor(i / 7) + i)} ${100 + ((i * 37) % 9900)} ${pick(SYNTHETIC_COLOURS, Math.floor(i / 11))}`,
    sku: `SYN-${run}-${String(i).padStart(7, "0")}`,
    brand,
    categoryId: i % 17 === 0 || categoryIds.length === 0 ? null : categoryIds[i % categoryIds.length],
    purchasePrice: fromCents(purchaseCents),
    sellingPrice: fromCents(priceCents),
    vatInclusive: true,
    vatRate: null,
    stockLevel: ((i % 201) * 79) % 201,
    supplier: pick(SUPPLIERS, Math.floor(i / 5)),
    // One in thirteen with reorder figures of its own (the reorder list's second index).
    reorderPoint: i % 13 === 0 ? 5 + (i % 30) : null,
    reorderQuantity: i % 13 === 0 ? 12 : null,
    ean: null,
    imageUrl: null,
    barcode: null,
    status: i % 23 === 0 ? "inactive" : i % 31 === 0 ? "eol" : "active",
    version: null,
  };
}

/**
 * Adds `count` synthetic products (SKUs "SYN-<run>-<n>", unique per run) through the product
 * write path, a batch per transaction: each with its price history row and the alerts it raises,
 * like products staff enter. Returns how many.
 */
export async function seedSyntheticProducts(em: EntityManager, count: number): Promise<number> {
  if (!Number.isInteger(count) || count < 0) throw new RangeError("count must be a whole number from 0");
  // A run id of its own keeps SKUs apart from earlier runs and from anything staff created.
  const run = Date.now().toString(36).toUpperCase();
  const categoryIds = (await em.execute<{ id: number }[]>("select id from category order by id")).map(
    (r) => r.id,
  );
  for (let first = 1; first <= count; first += SYNTHETIC_BATCH) {
    const last = Math.min(count, first + SYNTHETIC_BATCH - 1);
    const inputs = Array.from({ length: last - first + 1 }, (_, k) =>
      syntheticProduct(run, first + k, categoryIds),
    );
    // A fresh unit of work per batch keeps the identity map small.
    const created = await em.fork().transactional((tx) => createProducts(tx, inputs, null));
    if (!created.ok)
      throw new Error(`Synthetic product ${inputs[created.index].sku} refused: ${created.reason}`);
  }
  // Fresh statistics, or the planner keeps treating the catalogue as the small one it was.
  if (count > 0) await em.execute("analyze product");
  return count;
}
