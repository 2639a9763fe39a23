package main

import (
	"github.com/errand-app/errand/app/ui"
	"github.com/errand-app/errand/engine/agent"
	"github.com/errand-app/errand/engine/llm"
)

// event pairs an event type with a zero value of the payload it carries.
type event struct {
	Type    agent.EventType
	Payload any
}

// events is every event the window receives, in the order the generated union lists them.
// engine/agent keeps no registry from event type to payload, so the list lives here; the
// generator fails when a constant of type agent.EventType is missing from it, so a new
// event cannot be forgotten.
func events() []event {
	return []event{
		{agent.EventStateChanged, agent.StateChanged{}},
		{agent.EventValidation, agent.Validation{}},
		{agent.EventPlanReady, agent.PlanReady{}},
		{agent.EventStepStarted, agent.StepStarted{}},
		{agent.EventStepVerified, agent.StepVerified{}},
		{agent.EventConfidenceReport, agent.Confidence{}},
		{agent.EventClarifyWithOptions, agent.ClarifyWithOptions{}},
		{agent.EventQuestionTimer, agent.QuestionTimer{}},
		{agent.EventAssumeAnnounce, agent.AnnouncePayload{}},
		{agent.EventApprovalRequest, agent.ApprovalPayload{}},
		{agent.EventMidExecDialog, agent.MidExecPayload{}},
		{agent.EventSelfRefineUpdate, agent.SelfRefineUpdate{}},
		{agent.EventUsage, agent.UsagePayload{}},
		{agent.EventModelProgress, llm.CallProgress{}},
		{agent.EventMemory, agent.MemoryNote{}},
		{agent.EventGoalVerified, agent.GoalVerified{}},
		{agent.EventReplanned, agent.Replanned{}},
		{agent.EventSelfCorrection, agent.SelfCorrection{}},
		{agent.EventTaskFinished, agent.TaskFinished{}},
		// The Bridge's own (app/ui): the run's goroutine returned; a model download's progress;
		// sources being added to the knowledge base.
		{ui.EventRunEnded, ui.RunEnded{}},
		{ui.EventPullProgress, ui.PullProgress{}},
		{ui.EventIngestProgress, ui.IngestProgress{}},
	}
}
