CREATE TABLE replay_scripts (
	id INTEGER PRIMARY KEY,
	site TEXT NOT NULL,
	pattern TEXT NOT NULL,
	key TEXT NOT NULL CHECK (key <> ''),
	lead TEXT NOT NULL,
	goal TEXT NOT NULL,
	vars TEXT NOT NULL CHECK (json_valid(vars)),
	steps TEXT NOT NULL CHECK (json_valid(steps)),
	uses INTEGER NOT NULL DEFAULT 0,
	created_at INTEGER NOT NULL,
	updated_at INTEGER NOT NULL,
	last_used INTEGER NOT NULL,
	UNIQUE (pattern, key)
);

CREATE INDEX replay_scripts_lookup ON replay_scripts (pattern, lead);

CREATE INDEX replay_scripts_site ON replay_scripts (site, last_used);

CREATE TABLE schema_versions (
		name TEXT PRIMARY KEY CHECK (name <> ''),
		version INTEGER NOT NULL CHECK (version >= 0));

