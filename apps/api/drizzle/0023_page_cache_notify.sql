-- The storefront keeps rendered pages and drops them on NOTIFY catalog_changed. Every table a page reads must send
-- it: the menu (menu_items; its category entries come from categories, which already does) and the search
-- vocabulary (the suggestions a search page shows) had no trigger, as only the seed writes them today.
CREATE TRIGGER menu_items_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON menu_items
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_changed();
--> statement-breakpoint
CREATE TRIGGER search_vocabulary_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON search_vocabulary
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_changed();
