-- Import row errors carry their message code (docs/decisions/0041, 0045): the web translates a row's
-- error from its code and parameters in the user's language; error_message keeps SPEC 8's English,
-- which the results call answers as before. Rows stored earlier have none (read as the validation kind).
ALTER TABLE import_errors ADD COLUMN error_code text;
ALTER TABLE import_errors ADD COLUMN error_params jsonb;
