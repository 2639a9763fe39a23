"use strict";

// Slow page: the content arrives from the server a little after load, so
// callers must wait for the page to settle before reading it.
(async () => {
  const box = document.getElementById("slow-content");
  if (!box) {
    return;
  }
  try {
    const data = await clinic.sendJSON("GET", "/api/slow");
    box.textContent = data.message;
  } catch (err) {
    box.textContent = err.message;
  } finally {
    box.removeAttribute("aria-busy");
  }
})();
