// The players' view: follows the fight over server-sent events and draws each state it
// is sent. Every text is set as text (textContent), never as markup.
"use strict";
(function () {
  var SIDES = ["party", "ally", "enemy", "neutral"];
  var STALE_MS = 40000; // the server says something every 15 s: silence means a dead link
  var source = null;
  var lastHeard = Date.now();
  var finished = false;

  function byId(id) { return document.getElementById(id); }

  function setText(id, text) { byId(id).textContent = text || ""; }

  function status(text, trouble) {
    var node = byId("status");
    node.textContent = text;
    node.className = trouble ? "status trouble" : "status";
  }

  function card(name, detail, side) {
    var item = document.createElement("li");
    if (SIDES.indexOf(side) >= 0) { item.className = side; }
    var first = document.createElement("span");
    first.className = "name";
    first.textContent = name || "";
    item.appendChild(first);
    if (detail) {
      var second = document.createElement("span");
      second.className = "detail";
      second.textContent = detail;
      item.appendChild(second);
    }
    return item;
  }

  function fill(id, items) {
    var list = byId(id);
    while (list.firstChild) { list.removeChild(list.firstChild); }
    items.forEach(function (item) { list.appendChild(item); });
  }

  function draw(state) {
    setText("title", state.title);
    document.title = (state.title ? state.title + " · " : "") + "Roundkeeper";
    setText("round", state.round);
    setText("now-caption", state.now.caption);
    setText("now-name", state.now.name);
    setText("now-detail", state.now.detail);
    setText("next-caption", state.next_caption);
    fill("turns", state.turns.map(function (t) { return card(t.name, t.detail, t.side); }));
    var lines = state.panel.lines.map(function (line) {
      var item = document.createElement("li");
      item.textContent = line.text;
      if (line.caption) { item.className = "caption"; }
      return item;
    });
    fill("panel-lines", lines);
    fill("panel-rows", state.panel.rows.map(function (r) { return card(r.name, r.detail, ""); }));
    byId("panel").hidden = lines.length === 0 && state.panel.rows.length === 0;
    fill("effects", state.effects.map(function (e) { return card(e.name, e.detail, ""); }));
    byId("no-effects").hidden = state.effects.length > 0;
  }

  function checkLink() {
    // The stream closed: an old link (401) ends here; anything else tries again.
    fetch("state", { cache: "no-store" }).then(function (answer) {
      if (answer.status === 401) {
        finished = true;
        status("This link is no longer valid. Scan the new code on the game master's screen.", true);
      } else {
        setTimeout(connect, 2000);
      }
    }, function () {
      status("Reconnecting…", true);
      setTimeout(connect, 3000);
    });
  }

  function connect() {
    if (finished) { return; }
    if (source) { source.close(); }
    lastHeard = Date.now();
    source = new EventSource("events");
    source.onmessage = function (event) {
      lastHeard = Date.now();
      draw(JSON.parse(event.data));
      status("Live", false);
    };
    source.addEventListener("ping", function () { lastHeard = Date.now(); });
    source.addEventListener("full", function (event) {
      lastHeard = Date.now();
      status(event.data, true);
    });
    source.addEventListener("closed", function (event) {
      source.close();
      if (event.data === "stopped") {
        status("The game master stopped sharing. This page follows again when it restarts.", true);
        setTimeout(connect, 5000);
      } else {
        checkLink();
      }
    });
    source.onerror = function () {
      if (source.readyState === EventSource.CLOSED) {
        checkLink();
      } else {
        status("Reconnecting…", true);
      }
    };
  }

  // A phone asleep or a laptop that slept may keep a dead connection open: listen again.
  setInterval(function () {
    if (!finished && Date.now() - lastHeard > STALE_MS) { connect(); }
  }, 5000);
  window.addEventListener("online", function () { if (!finished) { connect(); } });
  document.addEventListener("visibilitychange", function () {
    if (!finished && document.visibilityState === "visible" &&
        Date.now() - lastHeard > STALE_MS / 2) { connect(); }
  });
  connect();
})();
