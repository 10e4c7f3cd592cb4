-- Double Dollars belong to the market where the food was picked up: a pickup place names the
-- participating market it is (one of the running incentive's markets), or none (a farm stand).
ALTER TABLE "pickup_points" ADD COLUMN "incentive_market" text;
