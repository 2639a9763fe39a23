"use strict";

// Contact details form: required fields are checked here, the rest by the
// server; messages are shown next to the field they concern.
(() => {
  const form = document.getElementById("contact-form");
  if (!form) {
    return;
  }
  const save = document.getElementById("submit-contact");
  const status = document.getElementById("contact-status");
  const formAlert = document.getElementById("contact-error");
  const required = [
    ["firstName", "First name"],
    ["lastName", "Last name"],
    ["email", "Email"],
  ];
  let saving = false;

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    if (saving) {
      return;
    }
    clinic.clearErrors(form);
    status.textContent = "";
    const values = clinic.formValues(form);
    // Catch the obvious gaps here; the server checks everything again.
    const missing = required.find(([name]) => !values[name]);
    if (missing) {
      clinic.fieldError(form, missing[0], `${missing[1]} is required`);
      form.elements.namedItem(missing[0]).focus();
      return;
    }
    saving = true;
    clinic.setBusy(save, true, "Submitting…");
    try {
      await clinic.sendJSON("POST", "/api/contacts", {
        firstName: values.firstName || "",
        lastName: values.lastName || "",
        email: values.email || "",
        city: values.city || "",
        country: values.country || "",
      });
      form.reset();
      status.textContent = "Contact saved";
    } catch (err) {
      clinic.showError(form, formAlert, err);
    } finally {
      saving = false;
      clinic.setBusy(save, false);
    }
  });
})();
