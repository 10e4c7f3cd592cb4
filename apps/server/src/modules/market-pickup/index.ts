// The market pickup day's front door (docs/CONVENTIONS.md). Grower check-in and customer checkout
// (issue 49, decision 587) are used only through their routes (`market-pickup.routes.ts`, mounted by
// modules/index.ts); no other domain calls them.
export {};
