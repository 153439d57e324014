-- The gallery's filter bar setting (docs/spec.md §2 As built, "Filters"): `filterCategories` lives in
-- the site settings' JSON value like the appearance settings (lib/validation/appearance.ts). An
-- existing site gets today's filter bar, the contract's three categories ("spec"), written into its
-- row explicitly; `defaults || value` keeps every key the row already has.
UPDATE "site_settings"
SET "value" = '{"filterCategories":"spec"}'::jsonb || "value"
WHERE "key" = 'site';
