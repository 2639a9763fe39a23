CREATE TABLE schema_versions (
		name TEXT PRIMARY KEY CHECK (name <> ''),
		version INTEGER NOT NULL CHECK (version >= 0));

CREATE TABLE skills (
	id INTEGER PRIMARY KEY,
	fingerprint TEXT NOT NULL UNIQUE,
	site TEXT NOT NULL CHECK (site <> ''),
	goal TEXT NOT NULL,
	failed TEXT NOT NULL CHECK (json_valid(failed)),
	succeeded TEXT NOT NULL CHECK (json_valid(succeeded)),
	page TEXT NOT NULL,
	successes INTEGER NOT NULL DEFAULT 0 CHECK (successes >= 0),
	failures INTEGER NOT NULL DEFAULT 0 CHECK (failures >= 0),
	created_at INTEGER NOT NULL,
	last_used INTEGER NOT NULL
);

CREATE TRIGGER skills_deleted AFTER DELETE ON skills BEGIN
	UPDATE skills_generation SET n = n + 1 WHERE id = 1;
END;

CREATE TABLE skills_generation (
	id INTEGER PRIMARY KEY CHECK (id = 1),
	n INTEGER NOT NULL
);

CREATE TRIGGER skills_inserted AFTER INSERT ON skills BEGIN
	UPDATE skills_generation SET n = n + 1 WHERE id = 1;
END;

CREATE INDEX skills_last_used ON skills (last_used);

CREATE INDEX skills_site ON skills (site, last_used);

