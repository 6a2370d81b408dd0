ALTER TABLE "purchases" DROP CONSTRAINT "purchases_platinum_sign";--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "gold" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_gold_sign" CHECK ("purchases"."gold" <= 0);--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_one_currency" CHECK (("purchases"."platinum" = 0) <> ("purchases"."gold" = 0));--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_platinum_sign" CHECK (("purchases"."kind" = 'platinum') = ("purchases"."platinum" > 0));