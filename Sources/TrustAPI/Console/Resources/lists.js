// lists.js: the Lists table, every kind the status names, grouped by network.

function listKindName(list) {
  var name = splitID(list.id).kind;
  return list.kind === 'lote' ? 'LoTE ' + name : name.toUpperCase();
}

function renderLists() {
  var container = $('lists');
  clear(container);
  var lists = (model.status && model.status.lists) || [];
  var time = now();
  byNetwork(lists, function (list) { return splitID(list.id).network; }).forEach(function (group) {
    var rows = group.rows.map(function (list) {
      return el('tr', { 'class': 'list', 'data-list': list.id }, [
        el('td', null, listKindName(list)),
        el('td', { 'class': 'provider' }, list.provider || '–'),
        stateCell(list.state, list.stateReason),
        numberCell(list.issueID),
        timeCell(list.date, time),
        timeCell(list.nextUpdate, time),
        numberCell(list.entries),
        el('td', null, [list.url ? wrapping('div', list.url, 'mono') : null, el('div', { 'class': 'meta' }, list.source || '–')]),
        timeCell(list.lastSuccess, time),
        timeCell(list.lastAttempt, time),
        errorCell(list.lastError)
      ]);
    });
    container.appendChild(el('div', { 'class': 'network' }, [
      el('h3', null, 'Network ' + (group.network || '–')),
      grid(['Kind', 'Provider', 'State', 'Issue', 'Date', 'Next update', 'Entries', 'Source', 'Last success',
        'Last attempt', 'Last error'], rows)
    ]));
  });
  if (lists.length === 0) container.appendChild(el('p', { 'class': 'meta' }, 'No list configured.'));
}
