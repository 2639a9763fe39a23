package agent

// AuditRecord is one line of the audit log (docs/decisions.md D-37): every validation,
// confidence report, question, answer, approval request, announcement, decision and
// correction, with the request id it belongs to (req-… for approvals and dialogs, clar-…
// for questions).
type AuditRecord struct {
	RequestID string `json:"requestId,omitempty"`
	Kind      string `json:"kind"`
	Data      any    `json:"data"`
}

// Audit kinds.
const (
	AuditValidation   = "validation"
	AuditConfidence   = "confidence"
	AuditQuestion     = "question"
	AuditAnswer       = "answer"
	AuditApproval     = "approval_request"
	AuditAnnouncement = "announcement"
	AuditMidExec      = "mid_exec_dialog"
	AuditDecision     = "decision"
	AuditCorrection   = "correction"
)

// auditRecords derives a step's audit lines from the input it took (the person's side)
// and the events it emitted (Errand's side), so nothing is audited that did not happen.
func auditRecords(prev State, in Input, events []Event) []AuditRecord {
	var out []AuditRecord
	switch in.Kind {
	case InputAnswer:
		for k, q := range prev.Questions {
			a := answerFor(q, k, in.Answers)
			out = append(out, AuditRecord{RequestID: q.ID, Kind: AuditAnswer, Data: a})
		}
	case InputDecision:
		out = append(out, AuditRecord{RequestID: prev.openRequestID(), Kind: AuditDecision, Data: map[string]string{"decision": in.Decision}})
	case InputCorrection:
		out = append(out, AuditRecord{RequestID: prev.openRequestID(), Kind: AuditCorrection, Data: in.Correction})
	}
	for _, e := range events {
		switch p := e.Payload.(type) {
		case Validation:
			out = append(out, AuditRecord{Kind: AuditValidation, Data: p})
		case Confidence:
			out = append(out, AuditRecord{Kind: AuditConfidence, Data: p})
		case ClarifyWithOptions:
			out = append(out, AuditRecord{RequestID: p.ID, Kind: AuditQuestion, Data: p.Question})
		case ApprovalPayload:
			out = append(out, AuditRecord{RequestID: p.RequestID, Kind: AuditApproval, Data: p.Approval})
		case AnnouncePayload:
			out = append(out, AuditRecord{RequestID: p.RequestID, Kind: AuditAnnouncement, Data: p.Announcement})
		case MidExecPayload:
			out = append(out, AuditRecord{RequestID: p.RequestID, Kind: AuditMidExec, Data: p.MidExec})
		}
	}
	return out
}

// openRequestID is the id of the dialog the task waits on.
func (st State) openRequestID() string {
	if d := st.openDialog(); d != nil {
		return d.RequestID()
	}
	return ""
}

// openDialog is the dialog the task waits on, as the output that opened it.
func (st State) openDialog() *Output {
	switch {
	case st.Phase.Terminal():
		return nil
	case st.Announcement != nil:
		return &Output{Kind: OutputAnnounce, Announcement: st.Announcement}
	case st.Approval != nil:
		return &Output{Kind: OutputAwaitApproval, Approval: st.Approval}
	case st.MidExec != nil:
		return &Output{Kind: OutputMidExecDialog, MidExec: st.MidExec}
	case len(st.Questions) > 0:
		return &Output{Kind: OutputAsk, Questions: st.Questions}
	}
	return nil
}

// RequestID is the id a reply to this dialog names: the first question's (clar-…) or the
// announcement's, approval's or failed step's (req-…).
func (o Output) RequestID() string {
	switch {
	case len(o.Questions) > 0:
		return o.Questions[0].ID
	case o.Announcement != nil:
		return o.Announcement.RequestID
	case o.Approval != nil:
		return o.Approval.RequestID
	case o.MidExec != nil:
		return o.MidExec.RequestID
	}
	return ""
}

// Decisions are the decisions a reply to this dialog may carry, in the order a UI shows
// them; a question is answered, not decided, and has none.
func (o Output) Decisions() []string {
	switch {
	case o.Announcement != nil:
		return []string{DecisionProceed, DecisionCancel}
	case o.Approval != nil:
		return []string{DecisionApprove, DecisionCancel}
	case o.MidExec != nil:
		return o.MidExec.Options
	}
	return nil
}

// replyKind infers a reply's input kind from what it carries.
func replyKind(in Input) InputKind {
	switch {
	case len(in.Answers) > 0:
		return InputAnswer
	case in.Correction != nil:
		return InputCorrection
	}
	return InputDecision
}
