-- Create "hero_assets" table
CREATE TABLE `hero_assets` (`id` text NOT NULL, `problem_id` text NOT NULL, `slug` text NOT NULL, `svg` text NOT NULL, `webp` blob NOT NULL, `width` integer NOT NULL, `height` integer NOT NULL, `depicts` text NOT NULL, `rights_basis` text NOT NULL, `registered_by_id` text NOT NULL, `created_at` datetime NOT NULL, `state` text NOT NULL DEFAULT ('REGISTERED'), `reviewed_by_id` text NULL, `reviewed_at` datetime NULL, `review_note` text NOT NULL DEFAULT (''), PRIMARY KEY (`id`));
-- Create index "heroasset_problem_id_created_at" to table: "hero_assets"
CREATE INDEX `heroasset_problem_id_created_at` ON `hero_assets` (`problem_id`, `created_at`);
-- Create index "heroasset_state_created_at" to table: "hero_assets"
CREATE INDEX `heroasset_state_created_at` ON `hero_assets` (`state`, `created_at`);
