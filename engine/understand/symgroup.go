package understand

import "github.com/errand-app/errand/internal/round"

// symbolsAlone scores a name whose symbols the person wrote while the words said with
// them are not the name's: "★★★★ overall", "🌶🌶🌶 spice". The symbols are part of a
// match; the words may still name the element's group (groupExplains), as "size M" does.
func symbolsAlone(syms, all int) float64 {
	return round.Hundredths(0.9 * float64(syms) / float64(all))
}
