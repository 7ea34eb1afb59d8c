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

  var CELL_STATES = ["current", "pending", "played", "missed", "none"];
  var offset = 0; // the GM's clock less this device's (the timer counts by the GM's)
  var timer = null; // the timer's state: when the turn and round began

  function card(name, detail, side, extra) {
    var item = document.createElement("li");
    var classes = [];
    if (SIDES.indexOf(side) >= 0) { classes.push(side); }
    if (extra) { classes = classes.concat(extra); }
    item.className = classes.join(" ");
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

  function panelRow(row) {
    var extra = [];
    if (row.now) { extra.push("now"); }
    if (row.faded) { extra.push("faded"); }
    var item = card(row.name, row.detail, row.side, extra);
    if (row.value) {
      var value = document.createElement("span");
      value.className = "value";
      value.textContent = row.value;
      item.insertBefore(value, item.firstChild);
    }
    return item;
  }

  function fill(id, items) {
    var list = byId(id);
    while (list.firstChild) { list.removeChild(list.firstChild); }
    items.forEach(function (item) { list.appendChild(item); });
  }

  function cell(tag, text, className) {
    var node = document.createElement(tag);
    node.textContent = text || "";
    if (className) { node.className = className; }
    return node;
  }

  function drawGrid(grid) {
    byId("panel-grid").hidden = !grid;
    if (!grid) { return; }
    var gaps = grid.columns.map(function (c) { return c === ""; });
    fill("grid-head", [cell("th", "")].concat(grid.columns.map(function (c) {
      return cell("th", c, "");
    })));
    fill("grid-rows", grid.rows.map(function (row) {
      var line = document.createElement("tr");
      var side = SIDES.indexOf(row.side) >= 0 ? " " + row.side : "";
      var name = cell("th", row.name, "row-name" + side);
      name.scope = "row";
      line.appendChild(name);
      row.cells.forEach(function (c, column) {
        var state = CELL_STATES.indexOf(c.state) >= 0 ? c.state : "none";
        line.appendChild(cell("td", gaps[column] ? "" : c.text, gaps[column] ? "gap" : state));
      });
      return line;
    }));
  }

  function drawPanel(panel) {
    byId("panel").hidden = !panel;
    if (!panel) { return; }
    fill("panel-lines", panel.lines.map(function (line) {
      return cell("li", line.text, line.caption ? "caption" : "");
    }));
    byId("panel-big").hidden = !panel.big;
    if (panel.big) {
      setText("panel-number", panel.big.number);
      setText("panel-line", panel.big.line);
      setText("panel-acting", panel.big.acting);
    }
    drawGrid(panel.grid);
    setText("panel-rows-caption", panel.rows_caption);
    byId("panel-rows-caption").hidden = !panel.rows_caption;
    fill("panel-rows", panel.rows.map(panelRow));
    setText("panel-empty", panel.empty);
    byId("panel-empty").hidden = panel.rows.length > 0 || !panel.empty || !!panel.grid;
  }

  function duration(ms) {
    var whole = Math.max(0, Math.floor(ms / 1000));
    var hours = Math.floor(whole / 3600);
    var minutes = Math.floor((whole % 3600) / 60);
    var seconds = whole % 60;
    var two = function (n) { return (n < 10 ? "0" : "") + n; };
    return hours ? hours + ":" + two(minutes) + ":" + two(seconds) : minutes + ":" + two(seconds);
  }

  function tick() {
    // The timer counts here, from when the turn began (no event each second).
    byId("timer").hidden = !timer;
    if (!timer) { return; }
    var now = Date.now() + offset;
    setText("timer-turn", "Turn " + duration(now - timer.turn_started_ms));
    setText("timer-round", timer.round_started_ms === null ? "" :
      timer.round_name + " " + duration(now - timer.round_started_ms));
  }

  function draw(state) {
    setText("title", state.title);
    document.title = (state.title ? state.title + " · " : "") + "Roundkeeper";
    setText("round", state.round);
    setText("now-caption", state.now.caption);
    setText("now-name", state.now.name);
    setText("now-detail", state.now.detail);
    setText("up-next", state.up_next);
    byId("up-next").hidden = !state.up_next;
    setText("next-caption", state.next_caption);
    fill("turns", state.turns.map(function (t) { return card(t.name, t.detail, t.side); }));
    drawPanel(state.panel);
    fill("effects", state.effects.map(function (e) {
      return card(e.name, e.left ? e.carrier + " · " + e.left : e.carrier, "");
    }));
    byId("no-effects").hidden = state.effects.length > 0;
    timer = state.timer;
    tick();
  }

  function heardClock(text) {
    var gm = parseInt(text, 10);
    if (!isNaN(gm)) { offset = gm - Date.now(); }
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
    source.addEventListener("ping", function (event) {
      lastHeard = Date.now();
      heardClock(event.data);
    });
    source.addEventListener("clock", function (event) { heardClock(event.data); });
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
  setInterval(tick, 250);
  window.addEventListener("online", function () { if (!finished) { connect(); } });
  document.addEventListener("visibilitychange", function () {
    if (!finished && document.visibilityState === "visible" &&
        Date.now() - lastHeard > STALE_MS / 2) { connect(); }
  });
  connect();
})();
