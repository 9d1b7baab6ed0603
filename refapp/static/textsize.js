/* Before the first paint: the large-text choice this device remembers (see app.js), and the
   mark that scripts run (html.js: the player's stage, drawn by the server, is shown at once). */
document.documentElement.classList.add("js");
try { if (localStorage.getItem("refapp.textsize") === "large") document.documentElement.classList.add("large-text"); } catch (e) { /* no storage */ }
