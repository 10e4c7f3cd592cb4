-- Unhandled orders are never counted as sales unasked (decision 518): a farm that has not chosen
-- closes them as no-shows. Farms that saved their rules keep their choice.
ALTER TABLE "pickup_settings" ALTER COLUMN "close_as" SET DEFAULT 'no_show';
