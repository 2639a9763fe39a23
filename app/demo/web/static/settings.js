"use strict";

// Settings: the welcome modal shown once per tab, and saving via the API.
(() => {
  const dismissedKey = "clinic.settingsWelcomeDismissed";
  const overlay = document.getElementById("welcome");
  const gotIt = document.getElementById("welcome-ok");
  const form = document.getElementById("settings-form");
  const save = document.getElementById("save-settings");
  const status = document.getElementById("settings-status");
  const formAlert = document.getElementById("settings-error");

  // sessionStorage can be unavailable (privacy modes); then the modal simply
  // shows on every visit.
  function wasDismissed() {
    try {
      return sessionStorage.getItem(dismissedKey) === "1";
    } catch (err) {
      return false;
    }
  }

  function dismiss() {
    overlay.hidden = true;
    try {
      sessionStorage.setItem(dismissedKey, "1");
    } catch (err) {
      // Nothing to remember it in; it comes back on reload.
    }
  }

  if (overlay) {
    if (wasDismissed()) {
      overlay.hidden = true;
    } else {
      gotIt.focus();
    }
    gotIt.addEventListener("click", dismiss);
    document.addEventListener("keydown", (event) => {
      if (event.key === "Escape" && !overlay.hidden) {
        dismiss();
      }
    });
  }

  if (!form) {
    return;
  }
  let saving = false;
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    if (saving) {
      return;
    }
    clinic.clearErrors(form);
    status.textContent = "";
    saving = true;
    clinic.setBusy(save, true, "Saving…");
    try {
      await clinic.sendJSON("POST", "/api/settings", {
        emailReminders: document.getElementById("email-reminders").checked,
        rememberMe: document.getElementById("remember-me").checked,
        language: document.getElementById("language").value,
      });
      status.textContent = "Settings saved";
    } catch (err) {
      clinic.showError(form, formAlert, err);
    } finally {
      saving = false;
      clinic.setBusy(save, false);
    }
  });
})();
