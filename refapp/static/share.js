/* Share a ruling: the Web Share API where the device has it, else copy the link. A link that
   names a ruling (?r=<id>) without the #fragment still opens scrolled to it and highlighted. */
(function () {
  "use strict";
  var params = new URLSearchParams(location.search);
  var rid = params.get("r");
  if (rid && !location.hash && document.getElementById(rid)) location.replace("#" + rid);

  function copy(text) {
    if (navigator.clipboard && navigator.clipboard.writeText) return navigator.clipboard.writeText(text);
    return new Promise(function (resolve, reject) {
      var box = document.createElement("textarea");
      box.value = text; box.setAttribute("readonly", ""); box.style.position = "fixed"; box.style.opacity = "0";
      document.body.appendChild(box); box.select();
      var ok = document.execCommand && document.execCommand("copy");
      box.remove();
      if (ok) resolve(); else reject(new Error("copy"));
    });
  }

  document.querySelectorAll("button.share[data-url]").forEach(function (btn) {
    btn.hidden = false;
    btn.addEventListener("click", function () {
      var url = new URL(btn.getAttribute("data-url"), location.href).href;
      var status = btn.nextElementSibling;
      var data = { title: btn.getAttribute("data-title"), text: btn.getAttribute("data-text"), url: url };
      if (navigator.share && (!navigator.canShare || navigator.canShare(data))) {
        navigator.share(data).catch(function () {});
        return;
      }
      copy(url).then(function () {
        if (status) status.textContent = btn.getAttribute("data-copied");
        btn.setAttribute("data-copied-url", url);
      }).catch(function () { window.prompt("", url); });
    });
  });
})();
