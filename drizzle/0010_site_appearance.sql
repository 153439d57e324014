-- The site's appearance settings (issue 18 items 6 and 7; docs/spec.md §2 As built, "Appearance"):
-- card titles, type pairing, accent colour and content width live in the site settings' JSON
-- value like every other setting (lib/validation/appearance.ts). An existing site gets today's look
-- written into its row explicitly; `defaults || value` keeps every key the row already has.
UPDATE "site_settings"
SET "value" = '{"cardTitles":"hover","typePairing":"inter","accentColor":"#c2410c","contentWidth":"standard"}'::jsonb || "value"
WHERE "key" = 'site';
