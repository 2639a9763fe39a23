-- Errand store schema v1, as written by a fresh Open. Regenerate with go test ./store -run TestSchemaSnapshot -update.
-- Keep old versions: the upgrade test opens a database built from each.

CREATE TABLE schema_version (
	id INTEGER PRIMARY KEY CHECK (id = 1),
	version INTEGER NOT NULL
);

CREATE TABLE sessions (
	id TEXT PRIMARY KEY CHECK (id <> ''),
	title TEXT NOT NULL DEFAULT '',
	created_at INTEGER NOT NULL
);

CREATE TABLE messages (
	id INTEGER PRIMARY KEY,
	session_id TEXT NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
	role TEXT NOT NULL CHECK (role <> ''),
	content TEXT NOT NULL DEFAULT '',
	created_at INTEGER NOT NULL
);

CREATE INDEX idx_messages_session ON messages (session_id, created_at);

CREATE TABLE tasks (
	id TEXT PRIMARY KEY CHECK (id <> ''),
	session_id TEXT NOT NULL DEFAULT '',
	goal TEXT NOT NULL DEFAULT '',
	status TEXT NOT NULL CHECK (status <> ''),
	start_url TEXT NOT NULL DEFAULT '',
	current_url TEXT NOT NULL DEFAULT '',
	steps INTEGER NOT NULL DEFAULT 0,
	model_calls INTEGER NOT NULL DEFAULT 0,
	tokens INTEGER NOT NULL DEFAULT 0,
	created_at INTEGER NOT NULL,
	updated_at INTEGER NOT NULL,
	finished_at INTEGER,
	duration_ms INTEGER NOT NULL DEFAULT 0,
	summary TEXT NOT NULL DEFAULT '',
	state TEXT CHECK (state IS NULL OR json_valid(state))
);

CREATE INDEX idx_tasks_status ON tasks (status, created_at);

CREATE INDEX idx_tasks_session ON tasks (session_id, created_at);

CREATE INDEX idx_tasks_updated ON tasks (updated_at);

CREATE INDEX idx_tasks_created ON tasks (created_at);

CREATE TABLE task_actions (
	task_id TEXT NOT NULL REFERENCES tasks (id) ON DELETE CASCADE,
	step INTEGER NOT NULL CHECK (step >= 0),
	idx INTEGER NOT NULL CHECK (idx >= 0),
	action TEXT NOT NULL DEFAULT '',
	description TEXT NOT NULL DEFAULT '',
	before_url TEXT NOT NULL DEFAULT '',
	after_url TEXT NOT NULL DEFAULT '',
	before_hash TEXT NOT NULL DEFAULT '',
	after_hash TEXT NOT NULL DEFAULT '',
	verified INTEGER NOT NULL DEFAULT 0,
	verification TEXT CHECK (verification IS NULL OR json_valid(verification)),
	error TEXT NOT NULL DEFAULT '',
	duration_ms INTEGER NOT NULL DEFAULT 0,
	created_at INTEGER NOT NULL,
	PRIMARY KEY (task_id, step, idx)
);

CREATE TABLE task_events (
	task_id TEXT NOT NULL REFERENCES tasks (id) ON DELETE CASCADE,
	seq INTEGER NOT NULL CHECK (seq >= 0),
	type TEXT NOT NULL CHECK (type <> ''),
	data TEXT CHECK (data IS NULL OR json_valid(data)),
	created_at INTEGER NOT NULL,
	PRIMARY KEY (task_id, seq)
);

CREATE TABLE model_usage (
	id INTEGER PRIMARY KEY,
	task_id TEXT NOT NULL REFERENCES tasks (id) ON DELETE CASCADE,
	purpose TEXT NOT NULL DEFAULT '',
	model TEXT NOT NULL DEFAULT '',
	prompt_tokens INTEGER NOT NULL DEFAULT 0,
	completion_tokens INTEGER NOT NULL DEFAULT 0,
	duration_ms INTEGER NOT NULL DEFAULT 0,
	cost REAL NOT NULL DEFAULT 0,
	created_at INTEGER NOT NULL,
	UNIQUE (task_id, created_at, purpose, model)
);

CREATE TABLE audit (
	id INTEGER PRIMARY KEY,
	request_id TEXT NOT NULL DEFAULT '',
	task_id TEXT NOT NULL DEFAULT '',
	kind TEXT NOT NULL CHECK (kind <> ''),
	data TEXT CHECK (data IS NULL OR json_valid(data)),
	created_at INTEGER NOT NULL
);

CREATE INDEX idx_audit_task ON audit (task_id, id);

CREATE INDEX idx_audit_request ON audit (request_id);

INSERT INTO schema_version (id, version) VALUES (1, 1);
