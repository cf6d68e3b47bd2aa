-- Create "suggestions" table
CREATE TABLE `suggestions` (`id` text NOT NULL, `base_revision_id` text NOT NULL, `content` json NOT NULL, `note` text NOT NULL, `state` text NOT NULL DEFAULT ('OPEN'), `decided_by_id` text NULL, `decided_at` datetime NULL, `decline_reason` text NOT NULL DEFAULT (''), `revision_id` text NULL, `created_at` datetime NOT NULL, `author_id` text NOT NULL, `problem_id` text NOT NULL, PRIMARY KEY (`id`), CONSTRAINT `suggestions_accounts_suggestions` FOREIGN KEY (`author_id`) REFERENCES `accounts` (`id`) ON DELETE NO ACTION, CONSTRAINT `suggestions_problems_suggestions` FOREIGN KEY (`problem_id`) REFERENCES `problems` (`id`) ON DELETE NO ACTION);
-- Create index "suggestion_problem_id_created_at" to table: "suggestions"
CREATE INDEX `suggestion_problem_id_created_at` ON `suggestions` (`problem_id`, `created_at`);
-- Create index "suggestion_author_id_created_at" to table: "suggestions"
CREATE INDEX `suggestion_author_id_created_at` ON `suggestions` (`author_id`, `created_at`);
