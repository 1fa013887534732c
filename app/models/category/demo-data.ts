/** The demo shop's category tree (app/models/category/demo.server.ts writes it): data only. */

export const CATEGORIES: { name: string; description: string; children: [string, string][] }[] = [
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
