// The demo shop's suppliers (app/models/supplier/demo.server.ts writes them): data only.

/** The distributors the demo shop buys from: name, contact, e-mail, phone, lead time in days. */
export const DEMO_SUPPLIERS: [string, string, string, string, number][] = [
  ["Tech Data Finland", "Mikaela Nurmi", "tilaukset@techdata.example.fi", "+358 9 8865 2100", 3],
  ["Ingram Micro", "Jukka Salonen", "orders.fi@ingram.example.com", "+358 20 7411 500", 5],
  ["Also Finland", "Riikka Ahonen", "myynti@also.example.fi", "+358 20 1234 567", 4],
  ["Elko", "Tommi Lindholm", "sales@elko.example.fi", "+358 9 2708 700", 7],
  ["Exertis Finland", "Sari Kallio", "asiakaspalvelu@exertis.example.fi", "+358 10 3210 400", 10],
];
