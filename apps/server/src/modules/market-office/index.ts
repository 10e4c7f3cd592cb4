// The market office's front door (docs/CONVENTIONS.md). The info booth, vendors' reports and the
// market's books (issue 48, decisions 582 and 583) are used only through their routes
// (`market-office.routes.ts`, mounted by modules/index.ts); no other domain calls them.
// The market's pickup day (issue 49, decision 587) hands out Double Dollars at a basket's checkout
// against the same cap per card per market day as the booth: the market's incentive and that cap.
export { marketIncentive, takeMatchWithinCap } from './booth.service';
