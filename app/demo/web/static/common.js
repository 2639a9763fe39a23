"use strict";

// Helpers shared by the page scripts. One namespace object keeps the page
// scripts small without scattering globals.
window.clinic = (() => {
  // RequestError carries the server's message and, for a bad field, its
  // JSON key, which is also the input's name attribute.
  class RequestError extends Error {
    constructor(message, field) {
      super(message);
      this.field = field || "";
    }
  }

  async function sendJSON(method, url, body) {
    const init = { method, headers: { Accept: "application/json" } };
    if (body !== undefined) {
      init.headers["Content-Type"] = "application/json";
      init.body = JSON.stringify(body);
    }
    let res;
    try {
      res = await fetch(url, init);
    } catch (err) {
      throw new RequestError("Could not reach the server. Try again.");
    }
    if (res.status === 204) {
      return null;
    }
    let payload = null;
    try {
      payload = await res.json();
    } catch (err) {
      payload = null;
    }
    if (!res.ok) {
      const message = payload && payload.error ? payload.error : `Request failed (${res.status})`;
      throw new RequestError(message, payload && payload.field);
    }
    return payload;
  }

  // formValues reads a form's fields as strings keyed by name attribute.
  function formValues(form) {
    const values = {};
    for (const [key, value] of new FormData(form).entries()) {
      values[key] = typeof value === "string" ? value.trim() : "";
    }
    return values;
  }

  function clearErrors(form) {
    form.querySelectorAll("[aria-invalid]").forEach((el) => el.removeAttribute("aria-invalid"));
    form.querySelectorAll(".field-error, .alert").forEach((el) => {
      el.textContent = "";
    });
  }

  // fieldError marks the named input invalid and writes the message into
  // its own error slot; it reports whether a slot was found.
  function fieldError(form, name, message) {
    const input = form.elements.namedItem(name);
    if (!(input instanceof HTMLElement)) {
      return false;
    }
    input.setAttribute("aria-invalid", "true");
    const slot = document.getElementById(`${input.id}-error`);
    if (!slot) {
      return false;
    }
    slot.textContent = message;
    return true;
  }

  // showError puts a failed request's message next to its field when the
  // server named one, else into the form-level alert.
  function showError(form, formAlert, err) {
    const message = err && err.message ? err.message : "Something went wrong. Try again.";
    if (err && err.field && fieldError(form, err.field, message)) {
      form.elements.namedItem(err.field).focus();
      return;
    }
    formAlert.textContent = message;
  }

  function setBusy(button, busy, busyLabel) {
    const label = button.querySelector(".button-label");
    if (busy) {
      button.dataset.idleLabel = label.textContent;
      label.textContent = busyLabel;
      button.disabled = true;
      button.classList.add("busy");
      return;
    }
    if (button.dataset.idleLabel) {
      label.textContent = button.dataset.idleLabel;
    }
    button.disabled = false;
    button.classList.remove("busy");
  }

  return { RequestError, sendJSON, formValues, clearErrors, fieldError, showError, setBusy };
})();
