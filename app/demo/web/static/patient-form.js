"use strict";

// New patient form: validates the name, saves via the JSON API and keeps the
// page so several patients can be entered in a row.
(() => {
  const form = document.getElementById("patient-form");
  if (!form) {
    return;
  }
  const nameInput = document.getElementById("name");
  let save = document.getElementById("save");
  const status = document.getElementById("form-status");
  const formAlert = document.getElementById("form-error");
  let saving = false;

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    if (saving) {
      return;
    }
    clinic.clearErrors(form);
    status.textContent = "";
    const values = clinic.formValues(form);
    if (values.name === "") {
      clinic.fieldError(form, "name", "Name is required");
      nameInput.focus();
      return;
    }
    saving = true;
    form.setAttribute("aria-busy", "true");
    clinic.setBusy(save, true, "Saving…");
    try {
      const patient = await clinic.sendJSON("POST", "/api/patients", {
        name: values.name,
        dob: values.dob || "",
        gender: values.gender || "",
        phone: values.phone || "",
        notes: values.notes || "",
      });
      form.reset();
      status.textContent = `Patient ${patient.name} saved`;
      nameInput.focus();
    } catch (err) {
      clinic.showError(form, formAlert, err);
    } finally {
      saving = false;
      form.removeAttribute("aria-busy");
      clinic.setBusy(save, false);
    }
  });

  // ?redesign=1 re-renders the form's button on the first keystroke, as single-page apps
  // do: the Save button is replaced by a new "Submit" element in the same place. Errand's
  // mid-execution dialog is tested against it.
  if (new URLSearchParams(location.search).get("redesign") === "1") {
    nameInput.addEventListener("input", () => {
      if (save.id !== "save") {
        return;
      }
      const fresh = document.createElement("button");
      fresh.type = "submit";
      fresh.className = "button";
      fresh.id = "submit-patient";
      fresh.innerHTML = '<span class="spinner" aria-hidden="true"></span><span class="button-label">Submit</span>';
      save.replaceWith(fresh);
      save = fresh;
    });
  }

  // A fresh edit makes the last message stale.
  form.addEventListener("input", (event) => {
    if (event.target === nameInput && nameInput.value.trim() !== "") {
      nameInput.removeAttribute("aria-invalid");
      document.getElementById("name-error").textContent = "";
    }
  });
})();
