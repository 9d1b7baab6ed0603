/* Before the first paint: the large-text choice this device remembers (see app.js). */
try { if (localStorage.getItem("refapp.textsize") === "large") document.documentElement.classList.add("large-text"); } catch (e) { /* no storage */ }
