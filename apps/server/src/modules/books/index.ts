// The books module's front door (docs/CONVENTIONS.md). Books out (issue 50) is used only through its
// routes (`books.routes.ts`, mounted by modules/index.ts); no other domain calls it.
export {};
