package frontend

// The window's event types come from the Go payload structs (frontend/eventsgen).
//go:generate go run ./eventsgen -o src/events.gen.ts
