export const PRODUCER_ONLY_BILLING = 'Only producer accounts have a subscription';
