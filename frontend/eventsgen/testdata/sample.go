package sample

import (
	other "example.com/agent"
)

// Mood is how a thing feels.
type Mood string

const (
	Happy Mood = "happy"
	Sad   Mood = "sad" // the second one
	// Untyped is an untyped string: not a Mood.
	Untyped = "untyped"
)

const Borrowed other.Kind = "borrowed"

// Level is a numeric enum: TypeScript keeps it a number.
type Level int

const (
	Low Level = iota
	High
)

// Report is a thing with fields.
type Report struct {
	// Mood is the report's mood.
	Mood Mood `json:"mood"`
	A, B int  // two at once
	other.Base
}
