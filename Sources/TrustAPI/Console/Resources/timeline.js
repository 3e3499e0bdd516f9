// timeline.js: the SVG timeline: one row per list (its date → nextUpdate window, its signer's end), one per CRL (its
// thisUpdate → nextUpdate window, or "missing"), a row of the listed certificates ending within 90 days, and "now";
// above it, in words, what expires next.

var CHART = { width: 1000, left: 170, right: 20, rowHeight: 26, top: 24, minWindow: 8 };

// The chart's time range: from a week ago (or the earliest list date, at most 60 days back) to 100 days ahead (or the
// latest nextUpdate, at most 400 days ahead).
function chartRange(time, lists) {
  var start = time - 7 * DAY;
  var end = time + 100 * DAY;
  lists.forEach(function (list) {
    var date = parseTime(list.date);
    var next = parseTime(list.nextUpdate);
    if (date !== null) start = Math.min(start, date);
    if (next !== null) end = Math.max(end, next);
  });
  return { start: Math.max(start, time - 60 * DAY), end: Math.min(end, time + 400 * DAY) };
}

// A validity window from `from` to `to`, at least CHART.minWindow wide so that a window of minutes stays visible
// (widened around its middle, kept inside the chart).
function windowRect(x, from, to, y, className, title) {
  var left = x(from);
  var width = x(to) - left;
  if (width < CHART.minWindow) {
    left = Math.max(CHART.left, Math.min(left + width / 2 - CHART.minWindow / 2, CHART.width - CHART.right - CHART.minWindow));
    width = CHART.minWindow;
  }
  return svg('rect', { 'class': className, x: left, y: y + 5, width: width, height: CHART.rowHeight - 10, rx: 3 },
    svg('title', null, title));
}

// A row with no window: a dashed outline across the chart and what is missing, in words.
function missingRow(y, text, title) {
  return [
    svg('rect', { 'class': 'tl-missing', x: CHART.left, y: y + 5, width: CHART.width - CHART.left - CHART.right, height: CHART.rowHeight - 10, rx: 3 },
      svg('title', null, title)),
    svg('text', { 'class': 'tl-missing-label', x: CHART.left + 8, y: y + 16 }, text)
  ];
}

function renderTimeline() {
  var container = $('timeline');
  clear(container);
  var time = now();
  var lists = (model.status && model.status.lists) || [];
  var crls = (model.status && Array.isArray(model.status.crls)) ? model.status.crls : [];
  var expiring = model.entries.filter(function (entry) {
    var end = parseTime(entry.notAfter);
    return end !== null && end >= time - DAY && end <= time + 90 * DAY;
  });
  var range = chartRange(time, lists);
  var start = range.start, end = range.end;
  var height = CHART.top + (lists.length + crls.length + 1) * CHART.rowHeight + 10;
  function x(t) { return CHART.left + (Math.min(Math.max(t, start), end) - start) / (end - start) * (CHART.width - CHART.left - CHART.right); }

  var chart = svg('svg', { viewBox: '0 0 ' + CHART.width + ' ' + height, role: 'img', 'aria-label': 'validity windows and coming expiries', id: 'timeline-svg' });
  // Month ticks.
  var tick = new Date(start);
  tick = Date.UTC(tick.getUTCFullYear(), tick.getUTCMonth() + 1, 1);
  while (tick < end) {
    chart.appendChild(svg('line', { 'class': 'tl-grid', x1: x(tick), x2: x(tick), y1: CHART.top - 6, y2: height - 6 }));
    chart.appendChild(svg('text', { 'class': 'tl-axis', x: x(tick) + 3, y: CHART.top - 10 }, new Date(tick).toISOString().slice(0, 7)));
    var next = new Date(tick);
    tick = Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 1);
  }
  var upcoming = [];
  function remember(at, what) { if (at !== null && at >= time) upcoming.push({ at: at, what: what }); }
  var row = 0;
  lists.forEach(function (list) {
    var y = CHART.top + row * CHART.rowHeight;
    var group = svg('g', { 'class': 'tl-list', 'data-list': list.id });
    group.appendChild(svg('text', { 'class': 'tl-label', x: 4, y: y + 16 }, (list.provider ? list.provider + ' ' : '') + splitID(list.id).kind.toUpperCase()));
    var date = parseTime(list.date), nextUpdate = parseTime(list.nextUpdate);
    if (date !== null && nextUpdate !== null) {
      group.appendChild(windowRect(x, date, nextUpdate, y, 'tl-window state-' + list.state,
        list.id + ' ' + list.state + ': ' + formatTime(list.date) + ' → nextUpdate ' + formatTime(list.nextUpdate)));
    } else {
      append(group, missingRow(y, 'no verified version (' + (list.state || 'no_trust') + ')',
        list.id + ': ' + (list.stateReason || 'no verified version')));
    }
    var signer = parseTime(list.signerNotAfter);
    if (signer !== null) {
      var sx = x(signer);
      group.appendChild(svg('path', { 'class': 'tl-signer', d: 'M' + sx + ' ' + (y + 4) + 'l5 9l-5 9l-5 -9z' },
        svg('title', null, list.id + ' signer certificate ends ' + formatTime(list.signerNotAfter))));
      if (signer > end) {
        group.appendChild(svg('text', { 'class': 'tl-axis', x: sx - 8, y: y + 16, 'text-anchor': 'end' }, 'signer ends ' + formatTime(list.signerNotAfter).slice(0, 10) + ' →'));
      }
    }
    remember(nextUpdate, list.id + ' nextUpdate');
    remember(signer, list.id + ' signer certificate');
    chart.appendChild(group);
    row += 1;
  });
  crls.forEach(function (crl) {
    var y = CHART.top + row * CHART.rowHeight;
    var group = svg('g', { 'class': 'tl-crl', 'data-issuer': crl.issuerSHA256 || '' });
    var label = commonName(crl.issuer) || String(crl.issuerSHA256 || 'CA');
    group.appendChild(svg('text', { 'class': 'tl-label', x: 4, y: y + 16 }, 'CRL ' + (label.length > 22 ? label.slice(0, 21) + '…' : label)));
    var from = parseTime(crl.thisUpdate), nextUpdate = parseTime(crl.nextUpdate);
    if (nextUpdate !== null) {
      group.appendChild(windowRect(x, from === null ? time : from, nextUpdate, y, 'tl-window state-' + (crl.state || 'unknown'),
        'CRL of ' + (crl.issuer || label) + ' ' + (crl.state || '') + ': nextUpdate ' + formatTime(crl.nextUpdate)));
      remember(nextUpdate, 'CRL ' + label + ' nextUpdate');
    } else {
      append(group, missingRow(y, 'no verified CRL (' + (crl.state || 'missing') + ')',
        'CRL of ' + (crl.issuer || label) + ': ' + (crl.stateReason || 'no verified CRL')));
    }
    chart.appendChild(group);
    row += 1;
  });
  var y = CHART.top + row * CHART.rowHeight;
  chart.appendChild(svg('text', { 'class': 'tl-label', x: 4, y: y + 16 }, 'Certificates ≤ 90 d (' + expiring.length + ')'));
  expiring.forEach(function (entry) {
    var at = parseTime(entry.notAfter);
    chart.appendChild(svg('rect', { 'class': 'tl-expiring', x: x(at) - 1.5, y: y + 4, width: 3, height: CHART.rowHeight - 8 },
      svg('title', null, entry.kind + ' ' + entry.subject + ' ends ' + formatTime(entry.notAfter))));
    remember(at, entry.kind + ' ' + (entry.name || entry.subject));
  });
  var nx = x(time);
  chart.appendChild(svg('line', { 'class': 'tl-now', x1: nx, x2: nx, y1: CHART.top - 6, y2: height - 4 }));
  chart.appendChild(svg('text', { 'class': 'tl-now-label', x: nx + 4, y: height - 8 }, 'now'));
  container.appendChild(chart);
  renderNextExpiry(upcoming, time);
}

function renderNextExpiry(upcoming, time) {
  upcoming.sort(function (a, b) { return a.at - b.at; });
  var line = $('next-expiry');
  clear(line);
  if (upcoming.length > 0) {
    var at = new Date(upcoming[0].at).toISOString();
    append(line, ['Expires next: ', el('strong', null, upcoming[0].what), ' ' + relative(at, time) + ' (' + formatTime(at) + ')']);
  } else {
    line.textContent = 'Nothing expires in view.';
  }
}
