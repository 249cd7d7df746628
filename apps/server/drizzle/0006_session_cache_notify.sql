-- Every change to a user or a session row announces the user id on channel `jq_user_changed`,
-- so a process that caches signed-in users (PGlite: the session cache in the account module)
-- drops that user's entries whatever code, CLI or SQL made the change.
CREATE OR REPLACE FUNCTION jq_notify_user_changed() RETURNS trigger AS $$
BEGIN
  IF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('jq_user_changed', OLD.id::text);
  ELSE
    PERFORM pg_notify('jq_user_changed', OLD.user_id::text);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER users_notify_changed AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION jq_notify_user_changed();
--> statement-breakpoint
CREATE TRIGGER sessions_notify_changed AFTER UPDATE OR DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION jq_notify_user_changed();
