package app

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"

	"github.com/pbnjay/memory"

	"github.com/errand-app/errand/engine/llm"
)

// machineFile holds what Errand measured about this machine, apart from settings.json,
// which holds what the person chose: the machine (RAM and CPUs from the OS on the first
// start, the GPU once Ollama has loaded a model) and each model's measured speed.
const machineFile = "machine.json"

type machineFacts struct {
	Machine llm.Machine          `json:"machine"`
	Speeds  map[string]llm.Speed `json:"speeds,omitempty"`
}

// DetectMachine reads the machine's memory and CPU count from the OS. Whether it has a
// GPU Ollama can use is not asked here: only Ollama knows, once it has loaded a model.
func DetectMachine() llm.Machine {
	return llm.Machine{RAMBytes: memory.TotalMemory(), CPUs: runtime.NumCPU()}
}

// loadFacts reads machine.json; on the first start there is none and detect fills it.
func loadFacts(dir string, detect func() llm.Machine) (machineFacts, error) {
	b, err := os.ReadFile(filepath.Join(dir, machineFile))
	if errors.Is(err, os.ErrNotExist) {
		f := machineFacts{Machine: detect()}
		return f, writeJSONFile(dir, machineFile, f)
	}
	if err != nil {
		return machineFacts{}, fmt.Errorf("read %s: %w", machineFile, err)
	}
	var f machineFacts
	if err := json.Unmarshal(b, &f); err != nil {
		// Measurements are not worth refusing to start for: measure again.
		return machineFacts{Machine: detect()}, nil
	}
	return f, nil
}

// writeJSONFile replaces dir/name whole, so a crash mid-write leaves the old file.
func writeJSONFile(dir, name string, v any) error {
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return fmt.Errorf("save %s: %w", name, err)
	}
	tmp, err := os.CreateTemp(dir, name+".*")
	if err != nil {
		return fmt.Errorf("save %s: %w", name, err)
	}
	_, werr := tmp.Write(append(b, '\n'))
	cerr := tmp.Close()
	if err := errors.Join(werr, cerr); err != nil {
		_ = os.Remove(tmp.Name())
		return fmt.Errorf("save %s: %w", name, err)
	}
	if err := os.Rename(tmp.Name(), filepath.Join(dir, name)); err != nil {
		_ = os.Remove(tmp.Name())
		return fmt.Errorf("save %s: %w", name, err)
	}
	return nil
}
