-- A product's sales-tax class (issue 47, decision 574): food | candy | soft_drink | prepared_food |
-- non_food. Existing products get the class of their category by the rule of
-- `defaultTaxClass` (packages/shared/src/tax/questions.ts): crafts ("other") and pet food are not
-- food for people, every other category is food. Only those rows are rewritten.
ALTER TABLE "products" ADD COLUMN "tax_class" text DEFAULT 'food' NOT NULL;--> statement-breakpoint
UPDATE "products" SET "tax_class" = 'non_food' WHERE "category" IN ('other', 'pet_food');--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_tax_class_check" CHECK ("products"."tax_class" IN ('food', 'candy', 'soft_drink', 'prepared_food', 'non_food'));
