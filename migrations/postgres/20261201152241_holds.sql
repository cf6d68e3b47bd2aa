-- Create "holds" table
CREATE TABLE "holds" ("id" character varying NOT NULL, "reason" character varying NOT NULL, "authority" character varying NOT NULL, "note" text NOT NULL DEFAULT '', "opened_by_id" character varying NULL, "opened_at" timestamptz NOT NULL, "released_at" timestamptz NULL, "release_decision_id" character varying NULL, "claim_id" character varying NULL, "problem_id" character varying NOT NULL, PRIMARY KEY ("id"), CONSTRAINT "holds_claims_claim" FOREIGN KEY ("claim_id") REFERENCES "claims" ("id") ON UPDATE NO ACTION ON DELETE SET NULL, CONSTRAINT "holds_problems_holds" FOREIGN KEY ("problem_id") REFERENCES "problems" ("id") ON UPDATE NO ACTION ON DELETE NO ACTION);
-- Create index "hold_problem_id_released_at" to table: "holds"
CREATE INDEX "hold_problem_id_released_at" ON "holds" ("problem_id", "released_at");
-- Create index "hold_released_at_opened_at" to table: "holds"
CREATE INDEX "hold_released_at_opened_at" ON "holds" ("released_at", "opened_at");
