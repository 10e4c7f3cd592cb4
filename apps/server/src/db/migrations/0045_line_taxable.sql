-- Each stand sale's line keeps the part that was taxed (decision 586, amended 2026-12-07), so the
-- tax quarter splits taxable sales by rate: Tennessee taxes food at 4 % beside its 7 %, and its return
-- (Form SLS 450) asks for the food part on a line of its own. Lines sold before keep null.
ALTER TABLE "order_items" ADD COLUMN "taxable_cents" integer;
