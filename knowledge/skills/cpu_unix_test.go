//go:build unix

package skills

import (
	"syscall"
	"time"
)

// cpuTime is the process's CPU time so far: on a machine shared with other work, CPU per
// operation says more than wall time.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
