// The market basket module's front door (docs/CONVENTIONS.md): a market's offer for a market day, a
// shopper's basket placed as one market order of one order per farm, read and cancelled as one (decision 584).
export { cancelMarketOrder, getMarketOrder, listMine, marketOffer, placeBasket } from './market-basket.service';
