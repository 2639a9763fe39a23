package sqlitedb

import (
	"context"
	"database/sql"
	"fmt"
)

// Scanner is a row to scan: *sql.Row or *sql.Rows.
type Scanner interface{ Scan(dest ...any) error }

// All runs query and scans every row with scan. what names the work in errors ("list
// skills").
func All[T any](ctx context.Context, db *sql.DB, what string, scan func(Scanner) (T, error), query string, args ...any) ([]T, error) {
	rows, err := db.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", what, err)
	}
	defer rows.Close()
	var out []T
	for rows.Next() {
		v, err := scan(rows)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", what, err)
		}
		out = append(out, v)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", what, err)
	}
	return out, nil
}

// Affected checks a statement that must change a row: err as it came, or notFound when
// it changed none. what names the work in errors.
func Affected(res sql.Result, err error, what string, notFound error) error {
	if err != nil {
		return fmt.Errorf("%s: %w", what, err)
	}
	if n, err := res.RowsAffected(); err != nil {
		return fmt.Errorf("%s: %w", what, err)
	} else if n == 0 {
		return fmt.Errorf("%s: %w", what, notFound)
	}
	return nil
}
