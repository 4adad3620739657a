/**
 * The fixture workspace every scenario starts from: a small TypeScript shop with an `AGENTS.md`
 * (the instruction index Tier 1 carries), a `CLAUDE.md` pointer and 26 modules under
 * `src/shop/`. Content is generated deterministically, so scripted tool calls (edits in
 * particular) know the exact text they touch, and the baseline report never moves by itself.
 */
export const SHOP_MODULES = [
  "cart",
  "pricing",
  "tax",
  "inventory",
  "shipping",
  "discounts",
  "checkout",
  "payments",
  "refunds",
  "orders",
  "customers",
  "addresses",
  "catalog",
  "search-index",
  "reviews",
  "wishlist",
  "coupons",
  "currency",
  "invoices",
  "receipts",
  "notifications",
  "analytics",
  "returns",
  "warehouse",
  "suppliers",
  "audit-log",
] as const;

const AGENTS_MD = `# Shop service — agent instructions

TypeScript (ESM, strict) service for a small online shop: catalog, cart, checkout, payments,
fulfilment and the admin API. Node 20; one package, no workspaces. Production runs on two
containers behind a load balancer; PostgreSQL 16 holds orders, Redis holds carts and sessions.

## Commands
- Install: \`npm ci\` (never \`npm install\` in CI; commit package-lock.json)
- Build: \`npm run build\` (tsc to dist/)
- Test: \`npm test\` (vitest; tests live beside code as \`*.test.ts\`); one module: \`npm test -- cart\`
- Lint and format: \`npm run lint\` (biome; 2-space indent, double quotes, width 110); \`npm run fix\` rewrites
- Database: \`npm run db:migrate\` applies migrations; \`npm run db:reset\` rebuilds the local database
- Local run: \`npm run dev\` (port 3000, seeded test catalog; Stripe in test mode)

## Layout
- \`src/shop/<module>.ts\` — one domain concern per module (cart, pricing, tax, inventory, shipping…)
- \`src/shop/index.ts\` — the public surface; nothing else is imported from outside
- \`src/http/\` — routes and request validation (zod); handlers call \`src/shop\` only
- \`migrations/\` — numbered SQL migrations, each with its rollback
- \`docs/\` — design notes, one file per topic

## Invariants
- Money is integer cents everywhere; never floats in totals. Round once, at display.
- Rates (tax, discount) are constants in their module, named \`<MODULE>_RATE\`.
- Every exported function is pure unless its name starts with \`load\` or \`save\`.
- Errors a shopper can fix are \`ShopError\` with a message naming the field.
- Prices shown to shoppers and prices charged come from the same function (\`pricingTotal\`).
- No personal data in logs: log order ids, never names, emails or addresses.

## Routing
| Read | when working on |
| --- | --- |
| docs/pricing.md | prices, discounts, coupons, currency |
| docs/fulfilment.md | inventory, shipping, warehouse, returns |
| docs/payments.md | checkout, payments, refunds, invoices |
| docs/data-model.md | tables, migrations, the order lifecycle |
| docs/http-api.md | routes, validation, error responses, versioning |
| docs/operations.md | deploys, feature flags, alerts, incidents |

## Workflow
Read a module before editing it. Keep changes small and run the tests after each change.
A change to totals needs a test with the exact cents. Update the routed doc when behaviour changes.
Never commit secrets; configuration comes from the environment (\`.env.example\` lists every key).
Pull requests: one concern each, a description that says why, CI green before review.
`;

function moduleSource(name: string, index: number): string {
  const id = name.replace(/-/g, "_");
  const constant = `${id.toUpperCase()}_RATE`;
  const camel = id.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
  const lines = [
    `// ${name}: the ${name.replace(/-/g, " ")} part of the shop.`,
    `import { ShopError } from "./errors.js";`,
    "",
    `export const ${constant} = 0.${(index % 9) + 1}0;`,
    `export const ${constant.replace("_RATE", "_LIMIT")} = ${(index + 1) * 100};`,
    "",
    `export interface ${camel[0]!.toUpperCase()}${camel.slice(1)}Line {`,
    "  sku: string;",
    "  quantity: number;",
    "  unitCents: number;",
    "}",
    "",
    `export function ${camel}Total(lines: readonly { quantity: number; unitCents: number }[]): number {`,
    "  let total = 0;",
    "  for (const line of lines) {",
    `    if (line.quantity <= 0) throw new ShopError("quantity: must be positive");`,
    "    total += line.quantity * line.unitCents;",
    "  }",
    `  return Math.round(total * (1 + ${constant}));`,
    "}",
    "",
    `export function ${camel}WithinLimit(cents: number): boolean {`,
    `  return cents <= ${constant.replace("_RATE", "_LIMIT")} * 100;`,
    "}",
    "",
    `// TODO(${name}): move the limit into configuration once the ${name} service is split out.`,
    "",
  ];
  return lines.join("\n");
}

export function shopWorkspace(): Record<string, string> {
  const files: Record<string, string> = {
    "AGENTS.md": AGENTS_MD,
    "CLAUDE.md": "@AGENTS.md\n",
    "package.json": `${JSON.stringify({ name: "shop", private: true, type: "module", scripts: { test: "vitest run" } }, null, 2)}\n`,
    "src/shop/errors.ts": 'export class ShopError extends Error {\n  override name = "ShopError";\n}\n',
    "docs/pricing.md":
      "# Pricing\n\nPrices are integer cents. Discounts apply before tax; coupons after discounts.\n",
    "docs/payments.md":
      "# Payments\n\nCheckout authorises, fulfilment captures. Refunds go back to the original method.\n",
    "docs/data-model.md":
      "# Data model\n\nOrders move placed → paid → shipped → delivered; cancelled only before shipped.\n",
    "docs/http-api.md": "# HTTP API\n\nRoutes are versioned (/v1); errors are {error: {field, message}}.\n",
    "docs/operations.md":
      "# Operations\n\nDeploys go out on merge to main; flags live in config/flags.json.\n",
  };
  SHOP_MODULES.forEach((name, i) => {
    files[`src/shop/${name}.ts`] = moduleSource(name, i);
  });
  return files;
}

/** The rate line of a module, as written in the fixture (for scripted edits). */
export function rateLine(name: (typeof SHOP_MODULES)[number]): string {
  const i = SHOP_MODULES.indexOf(name);
  return `export const ${name.replace(/-/g, "_").toUpperCase()}_RATE = 0.${(i % 9) + 1}0;`;
}
