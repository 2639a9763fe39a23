// Package round rounds the scores Errand shows and stores (confidences, match scores) to
// two decimals, one way everywhere.
package round

import "math"

// Hundredths rounds f to two decimals, halves away from zero. math.Round is used rather than
// int(f*100+0.5), which truncates negative numbers towards zero and can round up a value
// just under a half once 0.5 is added.
func Hundredths(f float64) float64 { return math.Round(f*100) / 100 }
