// history.js: the recent refresh runs, newest first, with the certificates each added and removed.

// The subjects added or removed, folded; `count` is the whole number when the event shows only the first ones.
function names(list, count, className, sign) {
  if (!list || list.length === 0) return null;
  var summary = sign + count + (count > list.length ? ' (first ' + list.length + ' shown)' : '');
  return el('details', { 'class': className }, [el('summary', null, summary), el('ul', null, list.map(function (name) { return el('li', { 'class': 'wrap' }, name); }))]);
}

function renderHistory() {
  var container = $('history');
  clear(container);
  if (model.events.length === 0) {
    container.appendChild(el('p', { 'class': 'meta' }, 'No refresh since the daemon started.'));
    return;
  }
  var time = now();
  model.events.forEach(function (event) {
    var items = (event.lists || []).map(function (list) {
      var version = list.previousIssueID !== undefined && list.previousIssueID !== null && list.previousIssueID !== list.issueID
        ? 'issue ' + list.previousIssueID + ' → ' + list.issueID
        : (list.issueID === undefined || list.issueID === null ? 'no version' : 'issue ' + list.issueID);
      var added = list.addedCount !== undefined ? list.addedCount : (list.added || []).length;
      var removed = list.removedCount !== undefined ? list.removedCount : (list.removed || []).length;
      return el('li', { 'class': 'event-list wrap' }, [
        el('span', { 'class': 'mono' }, list.id), ' ', badge(list.outcome, 'outcome-'), ' ', version,
        list.reason ? [' ', el('span', { 'class': 'reason' }, list.reason), ' ', String(list.message || '')] : null,
        ' ', el('span', { 'class': 'changes' }, [
          added || removed ? '' : 'no membership change',
          names(list.added, added, 'added', '+'),
          names(list.removed, removed, 'removed', '−')
        ])
      ].flat());
    });
    container.appendChild(el('div', { 'class': 'event', 'data-trigger': event.trigger }, [
      el('div', { 'class': 'event-head' }, [
        el('strong', null, formatTime(event.time)), el('span', { 'class': 'meta' }, relative(event.time, time)),
        el('span', null, 'trigger ' + event.trigger), badge(String(event.status || '').toLowerCase()),
        el('span', { 'class': 'meta' }, 'generation ' + event.snapshotGeneration)
      ]),
      el('ul', null, items)
    ]));
  });
}
