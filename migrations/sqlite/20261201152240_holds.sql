-- Create "holds" table
CREATE TABLE `holds` (`id` text NOT NULL, `reason` text NOT NULL, `authority` text NOT NULL, `note` text NOT NULL DEFAULT (''), `opened_by_id` text NULL, `opened_at` datetime NOT NULL, `released_at` datetime NULL, `release_decision_id` text NULL, `claim_id` text NULL, `problem_id` text NOT NULL, PRIMARY KEY (`id`), CONSTRAINT `holds_claims_claim` FOREIGN KEY (`claim_id`) REFERENCES `claims` (`id`) ON DELETE SET NULL, CONSTRAINT `holds_problems_holds` FOREIGN KEY (`problem_id`) REFERENCES `problems` (`id`) ON DELETE NO ACTION);
-- Create index "hold_problem_id_released_at" to table: "holds"
CREATE INDEX `hold_problem_id_released_at` ON `holds` (`problem_id`, `released_at`);
-- Create index "hold_released_at_opened_at" to table: "holds"
CREATE INDEX `hold_released_at_opened_at` ON `holds` (`released_at`, `opened_at`);
