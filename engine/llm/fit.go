package llm

import (
	"context"
	"fmt"
)

// Machine is what the choice of models depends on. RAM and CPUs come from the OS on the
// first start; GPU is known only once Ollama has loaded a model (GPUFrom).
type Machine struct {
	RAMBytes uint64 `json:"ramBytes"`
	CPUs     int    `json:"cpus"`
	// GPU: Ollama keeps models in GPU memory here. GPUKnown: a loaded model was seen.
	GPU      bool `json:"gpu"`
	GPUKnown bool `json:"gpuKnown"`
}

// Choice is the models picked for a machine and why, as Settings shows it.
type Choice struct {
	Planner string `json:"planner"`
	Fast    string `json:"fast"`
	Reason  string `json:"reason"`
}

// Planners Errand picks from, largest first.
const (
	PlannerGPU = "qwen2.5:7b" // answers in seconds from GPU memory, minutes on a CPU
	PlannerCPU = "qwen2.5:3b" // about 25 tok/s read, 8 written on a 2-core CPU
	SmallModel = "qwen2.5:1.5b"
)

// reservedRAM is left for the OS, Chrome and the app itself.
const reservedRAM = 3 << 30

// ModelRAM estimates the memory a model needs loaded: a Q4 model's weights take about
// 0.7 GB per billion parameters, plus about 0.8 GB of context cache and runtime. A name
// without a size is taken as 7B.
func ModelRAM(model string) uint64 {
	b := paramsB(model)
	if b <= 0 {
		b = 7
	}
	return uint64((0.7*b + 0.8) * (1 << 30))
}

// Recommend picks the planner and the fast model for m. The 7B planner needs a GPU: on a
// CPU it writes 4 tokens a second and a four-call errand takes 5–8 minutes (docs/models.md),
// so without a known GPU the 3B planner is the default. Memory decides the rest: both
// models must fit beside what the OS and Chrome use, else one model serves both roles.
func Recommend(m Machine) Choice {
	avail := int64(m.RAMBytes) - reservedRAM
	fits := func(models ...string) bool {
		var need uint64
		for _, x := range models {
			need += ModelRAM(x)
		}
		return m.RAMBytes == 0 || int64(need) <= avail
	}
	about := machineText(m)
	switch {
	case m.GPU && fits(PlannerGPU, SmallModel):
		return Choice{PlannerGPU, SmallModel, "Ollama keeps models in GPU memory on this machine (" + about +
			"), so the 7B planner answers in seconds."}
	case fits(PlannerCPU, SmallModel):
		why := "No GPU is known on this machine (" + about + "): on a CPU the 3B planner is about twice as fast as the 7B."
		if m.GPUKnown {
			why = "Ollama runs models on the CPU here (" + about + "): the 3B planner is about twice as fast as the 7B."
		}
		return Choice{PlannerCPU, SmallModel, why}
	case fits(PlannerCPU):
		return Choice{PlannerCPU, PlannerCPU, "Memory is short (" + about + "): one 3B model serves both roles, " +
			"so only one is loaded."}
	}
	return Choice{SmallModel, SmallModel, "Memory is short (" + about + "): the 1.5B model serves both roles; " +
		"plans of long errands may need correcting."}
}

// RAMAdvice says, before a pull, when a model is too big for the machine's memory; ""
// when it fits or the memory is unknown.
func RAMAdvice(m Machine, model string) string {
	need := ModelRAM(model)
	if m.RAMBytes == 0 || int64(need) <= int64(m.RAMBytes)-reservedRAM {
		return ""
	}
	return fmt.Sprintf("%s needs about %s of memory and this machine has %s in all, part of it for the system "+
		"and Chrome; it would run very slowly or not at all. Choose a smaller model, such as %s.",
		model, gb(need), gb(m.RAMBytes), Recommend(m).Planner)
}

func machineText(m Machine) string {
	if m.RAMBytes == 0 {
		return fmt.Sprintf("%d cores", m.CPUs)
	}
	return fmt.Sprintf("%d cores, %s RAM", m.CPUs, gb(m.RAMBytes))
}

func gb(b uint64) string { return fmt.Sprintf("%.1f GB", float64(b)/(1<<30)) }

// Loaded is a model Ollama has in memory (/api/ps).
type Loaded struct {
	Name     string `json:"name"`
	Size     int64  `json:"size"`
	SizeVRAM int64  `json:"sizeVram"`
	NumCtx   int    `json:"numCtx"`
}

// Loaded lists the models Ollama has in memory.
func (o *Ollama) Loaded(ctx context.Context) ([]Loaded, error) {
	ps, err := o.client.ListRunning(ctx)
	if err != nil {
		return nil, fmt.Errorf("list loaded models: %w", o.classify(ctx, "", err))
	}
	var out []Loaded
	for _, m := range ps.Models {
		out = append(out, Loaded{Name: m.Name, Size: m.Size, SizeVRAM: m.SizeVRAM, NumCtx: m.ContextLength})
	}
	return out, nil
}

// GPUFrom reads the GPU from Ollama's loaded models: known once any model is loaded, and
// a GPU when at least half of one sits in GPU memory (a model that spills mostly to the
// CPU runs at CPU speed).
func GPUFrom(loaded []Loaded) (known, gpu bool) {
	for _, l := range loaded {
		known = true
		if l.Size > 0 && l.SizeVRAM*2 >= l.Size {
			gpu = true
		}
	}
	return known, gpu
}
