"use strict";

// Patient list: client-side search and delete with a confirmation dialog.
(() => {
  const table = document.getElementById("patients");
  if (!table) {
    return;
  }
  const search = document.getElementById("search");
  const status = document.getElementById("list-status");
  const listAlert = document.getElementById("list-error");
  const noPatients = document.getElementById("no-patients");
  const noMatches = document.getElementById("no-matches");
  const dialog = document.getElementById("confirm-delete");
  const title = document.getElementById("confirm-title");
  const dialogAlert = document.getElementById("confirm-error");
  const cancel = document.getElementById("confirm-cancel");
  const confirm = document.getElementById("confirm-ok");
  let pending = null; // the row whose deletion the dialog asks about

  const rows = () => Array.from(table.querySelectorAll("tr.patient-row"));

  function applyFilter() {
    const query = search.value.trim().toLowerCase();
    let shown = 0;
    for (const row of rows()) {
      const match = query === "" || row.dataset.name.toLowerCase().includes(query);
      row.hidden = !match;
      if (match) {
        shown++;
      }
    }
    const total = rows().length;
    noPatients.hidden = total !== 0;
    noMatches.hidden = total === 0 || shown !== 0;
  }

  function openConfirm(row) {
    pending = row;
    title.textContent = `Delete ${row.dataset.name}?`;
    dialogAlert.textContent = "";
    confirm.disabled = false;
    dialog.showModal();
    cancel.focus();
  }

  function closeConfirm() {
    const row = pending;
    pending = null;
    if (dialog.open) {
      dialog.close();
    }
    if (row && row.isConnected) {
      row.querySelector("button[data-delete]").focus();
    } else {
      search.focus();
    }
  }

  async function confirmDelete() {
    if (!pending) {
      return;
    }
    const row = pending;
    confirm.disabled = true;
    try {
      await clinic.sendJSON("DELETE", `/api/patients/${encodeURIComponent(row.dataset.id)}`);
      row.remove();
      pending = null;
      closeConfirm();
      applyFilter();
      status.textContent = "Patient deleted";
    } catch (err) {
      dialogAlert.textContent = err.message;
      confirm.disabled = false;
    }
  }

  table.addEventListener("click", (event) => {
    const button = event.target.closest("button[data-delete]");
    if (!button) {
      return;
    }
    status.textContent = "";
    listAlert.textContent = "";
    openConfirm(button.closest("tr"));
  });
  cancel.addEventListener("click", closeConfirm);
  confirm.addEventListener("click", confirmDelete);
  // Escape closes a modal <dialog> by itself; keep our state in step.
  dialog.addEventListener("cancel", (event) => {
    event.preventDefault();
    closeConfirm();
  });
  search.addEventListener("input", applyFilter);
  applyFilter();
})();
