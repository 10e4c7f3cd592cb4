// The stand module's front door (docs/CONVENTIONS.md). Stand mode (issue 47) is used only through its
// routes (`stand.routes.ts`, mounted by modules/index.ts); no other domain calls it.
export {};
