-- Create "hero_assets" table
CREATE TABLE "hero_assets" ("id" character varying NOT NULL, "problem_id" character varying NOT NULL, "slug" character varying NOT NULL, "svg" text NOT NULL, "webp" bytea NOT NULL, "width" bigint NOT NULL, "height" bigint NOT NULL, "depicts" text NOT NULL, "rights_basis" text NOT NULL, "registered_by_id" character varying NOT NULL, "created_at" timestamptz NOT NULL, "state" character varying NOT NULL DEFAULT 'REGISTERED', "reviewed_by_id" character varying NULL, "reviewed_at" timestamptz NULL, "review_note" text NOT NULL DEFAULT '', PRIMARY KEY ("id"));
-- Create index "heroasset_problem_id_created_at" to table: "hero_assets"
CREATE INDEX "heroasset_problem_id_created_at" ON "hero_assets" ("problem_id", "created_at");
-- Create index "heroasset_state_created_at" to table: "hero_assets"
CREATE INDEX "heroasset_state_created_at" ON "hero_assets" ("state", "created_at");
