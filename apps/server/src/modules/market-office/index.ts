// The market office's front door (docs/CONVENTIONS.md). The info booth, vendors' reports and the
// market's books (issue 48, decisions 582 and 583) are used only through their routes
// (`market-office.routes.ts`, mounted by modules/index.ts); no other domain calls them.
export {};
