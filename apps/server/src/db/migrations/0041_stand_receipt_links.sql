-- A receipt by text link (issue 47 item 1, decision 580): `/receipt/<action id>` looks a walk-up
-- sale up by its action id alone, which the unique (farm, action id) index does not lead with.
CREATE INDEX IF NOT EXISTS "stand_actions_action_idx" ON "stand_actions" USING btree ("action_id");
