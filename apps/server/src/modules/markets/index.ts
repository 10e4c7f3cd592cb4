// The markets module's front door (docs/CONVENTIONS.md): who may do what at a market (decision 581),
// and the markets a farm attends (its card and page).
// The public list and page also feed the storefront's head tags and inlined answers (decisions 151, 168).
export { farmMarkets, listMarkets, marketPage } from './market-pages.service';
export {
  findMarket,
  MARKET_DENIED,
  type MarketActor,
  type MarketNeed,
  type MarketRow,
  managesVendor,
  marketAccess,
  marketGate,
  staffRoleOf,
} from './markets.access';
