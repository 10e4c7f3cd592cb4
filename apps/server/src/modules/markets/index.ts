// The markets module's front door (docs/CONVENTIONS.md): who may do what at a market (decision 581).
export { findMarket, MARKET_DENIED, type MarketActor, type MarketNeed, type MarketRow, marketAccess } from './markets.access';
