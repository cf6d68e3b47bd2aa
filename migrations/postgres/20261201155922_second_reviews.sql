-- Modify "decisions" table
ALTER TABLE "decisions" ADD COLUMN "disagreement" character varying NULL, ADD COLUMN "second_review_selected_at" timestamptz NULL, ADD COLUMN "second_review_of_id" character varying NULL, ADD CONSTRAINT "decisions_decisions_second_reviews" FOREIGN KEY ("second_review_of_id") REFERENCES "decisions" ("id") ON UPDATE NO ACTION ON DELETE SET NULL;
