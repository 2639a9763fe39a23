package cli

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"strconv"
	"text/tabwriter"
	"time"

	"github.com/errand-app/errand/app"
	"github.com/errand-app/errand/internal/clip"
	"github.com/errand-app/errand/knowledge/replay"
	"github.com/errand-app/errand/knowledge/skills"
)

// memoryFlags are the flags of `errand skills` and `errand replays`.
type memoryFlags struct {
	json    bool
	dataDir string
	site    string
	all     bool
}

func (m *memoryFlags) register(fs *flag.FlagSet, what string) {
	fs.BoolVar(&m.json, "json", false, "print NDJSON, one object a line")
	fs.StringVar(&m.dataDir, "data-dir", "", "data directory (default: ERRAND_DATA_DIR or the per-user data directory)")
	fs.StringVar(&m.site, "site", "", "only this site's "+what+" (host[:port], as listed)")
	fs.BoolVar(&m.all, "all", false, "forget: every site's "+what)
}

// memoryCmd parses `errand skills|replays list|forget …` and opens the memory.
func memoryCmd(ctx context.Context, name string, args []string, env Env,
	run func(ctx context.Context, mem *app.Memory, verb string, ids []int64, f memoryFlags) int) int {
	fs := flagSet("errand "+name, env)
	var f memoryFlags
	f.register(fs, name)
	fs.Usage = func() {
		fmt.Fprintf(env.Stderr, "usage: errand %s list [--site S] [--json]\n       errand %s forget ID…|--site S|--all\n", name, name)
		fs.PrintDefaults()
	}
	pos, err := parse(fs, args)
	if err != nil {
		return ExitUsage
	}
	verb := "list"
	if len(pos) > 0 {
		verb, pos = pos[0], pos[1:]
	}
	ids, err := parseIDs(pos)
	switch {
	case err != nil:
		fmt.Fprintf(env.Stderr, "errand %s: %v\n", name, err)
		return ExitUsage
	case verb != "list" && verb != "forget":
		fmt.Fprintf(env.Stderr, "errand %s: unknown %q; use list or forget\n", name, verb)
		return ExitUsage
	case verb == "list" && (len(ids) > 0 || f.all):
		fmt.Fprintf(env.Stderr, "errand %s list: takes only --site and --json\n", name)
		return ExitUsage
	case verb == "forget" && (len(ids) > 0) == (f.site != "" || f.all) || f.site != "" && f.all:
		fmt.Fprintf(env.Stderr, "errand %s forget: say what: IDs, --site S or --all\n", name)
		return ExitUsage
	}
	cfg := app.FromEnv(env.Getenv)
	if f.dataDir != "" {
		cfg.DataDir = f.dataDir
	}
	dir, err := app.ResolveDataDir(cfg, env.Getenv)
	if err != nil {
		fmt.Fprintf(env.Stderr, "errand %s: %v\n", name, err)
		return ExitFailed
	}
	mem, err := app.OpenMemory(ctx, dir, env.Clock)
	if err != nil {
		fmt.Fprintf(env.Stderr, "errand %s: %v\n", name, err)
		return ExitFailed
	}
	defer mem.Close()
	return run(ctx, mem, verb, ids, f)
}

func parseIDs(args []string) ([]int64, error) {
	ids := make([]int64, 0, len(args))
	for _, a := range args {
		id, err := strconv.ParseInt(a, 10, 64)
		if err != nil || id <= 0 {
			return nil, fmt.Errorf("%q is not an ID (the numbers the list shows)", a)
		}
		ids = append(ids, id)
	}
	return ids, nil
}

// forget runs a forget verb: each id, or a site, or everything.
func forgetMemory(ctx context.Context, env Env, name string, ids []int64, f memoryFlags,
	one func(context.Context, int64) error, site func(context.Context, string) (int, error)) int {
	if len(ids) == 0 {
		n, err := site(ctx, f.site)
		if err != nil {
			fmt.Fprintf(env.Stderr, "errand %s: %v\n", name, err)
			return ExitFailed
		}
		fmt.Fprintf(env.Stdout, "Forgot %d %s.\n", n, plural(n, name))
		return ExitOK
	}
	code, n := ExitOK, 0
	for _, id := range ids {
		if err := one(ctx, id); err != nil {
			fmt.Fprintf(env.Stderr, "errand %s: %v\n", name, err)
			code = ExitFailed
			continue
		}
		n++
	}
	fmt.Fprintf(env.Stdout, "Forgot %d %s.\n", n, plural(n, name))
	return code
}

func plural(n int, name string) string {
	if n == 1 {
		return name[:len(name)-1]
	}
	return name
}

func skillsCmd(ctx context.Context, args []string, env Env) int {
	return memoryCmd(ctx, "skills", args, env, func(ctx context.Context, mem *app.Memory, verb string, ids []int64, f memoryFlags) int {
		if verb == "forget" {
			return forgetMemory(ctx, env, "skills", ids, f, mem.Skills.Forget, mem.Skills.ForgetSite)
		}
		return listMemory(ctx, env, f, memoryTable[skills.Skill]{name: "skills", kind: "skill", list: mem.Skills.List,
			empty:  "No skills yet. Errand learns one when a corrected step works.",
			header: "ID\tSITE\tWORKED\tLAST USED\tGOAL\tWHAT WORKED\tINSTEAD OF",
			row: func(k skills.Skill) string {
				return fmt.Sprintf("%d\t%s\t%d of %d\t%s\t%s\t%s\t%s", k.ID, k.Site, k.Successes, k.Successes+k.Failures,
					when(k.LastUsed), clip.Runes(k.Goal, 40), clip.Runes(k.Succeeded.String(), 40), clip.Runes(k.Failed.String(), 40))
			}})
	})
}

func replaysCmd(ctx context.Context, args []string, env Env) int {
	return memoryCmd(ctx, "replays", args, env, func(ctx context.Context, mem *app.Memory, verb string, ids []int64, f memoryFlags) int {
		if verb == "forget" {
			return forgetMemory(ctx, env, "replays", ids, f, mem.Replays.Forget, mem.Replays.ForgetSite)
		}
		return listMemory(ctx, env, f, memoryTable[replay.Script]{name: "replays", kind: "replay", list: mem.Replays.List,
			empty:  "No replays yet. A completed errand is kept to run again without a model.",
			header: "ID\tSTART PAGE\tSTEPS\tREPLAYED\tLAST USED\tINSTRUCTION",
			row: func(sc replay.Script) string {
				return fmt.Sprintf("%d\t%s\t%d\t%d\t%s\t%s", sc.ID, sc.Pattern, len(sc.Steps), sc.Uses, when(sc.LastUsed), clip.Runes(sc.Key, 60))
			}})
	})
}

// memoryTable is how one kind of memory is listed.
type memoryTable[T any] struct {
	name, kind    string // "skills", "skill"
	empty, header string
	list          func(ctx context.Context, site string) ([]T, error)
	row           func(T) string
}

// listMemory prints a site's memories of one kind as a table, or as JSON lines.
func listMemory[T any](ctx context.Context, env Env, f memoryFlags, t memoryTable[T]) int {
	list, err := t.list(ctx, f.site)
	if err != nil {
		fmt.Fprintf(env.Stderr, "errand %s: %v\n", t.name, err)
		return ExitFailed
	}
	if f.json {
		return encodeAll(env.Stdout, t.kind, list)
	}
	if len(list) == 0 {
		fmt.Fprintln(env.Stdout, t.empty)
		return ExitOK
	}
	tw := tabwriter.NewWriter(env.Stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, t.header)
	for _, v := range list {
		fmt.Fprintln(tw, t.row(v))
	}
	_ = tw.Flush()
	return ExitOK
}

// encodeAll prints one object a line: the item's fields with "type": kind.
func encodeAll[T any](w io.Writer, kind string, items []T) int {
	enc := json.NewEncoder(w)
	for _, it := range items {
		b, err := json.Marshal(it)
		if err != nil {
			return ExitFailed
		}
		var m map[string]any
		if err := json.Unmarshal(b, &m); err != nil {
			return ExitFailed
		}
		m["type"] = kind
		if err := enc.Encode(m); err != nil {
			return ExitFailed
		}
	}
	return ExitOK
}

func when(t time.Time) string { return t.Local().Format("Jan 2 15:04") }
