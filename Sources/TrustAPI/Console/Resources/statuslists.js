// statuslists.js: the status lists the service keeps (shown when the status has them, `statusLists` of
// GET /v1/status): URI, Issuer (the signer's subject), Bits, Count, Issued (iat), Expires (exp), State, Last error.

function renderStatusLists() {
  var lists = (model.status && Array.isArray(model.status.statusLists)) ? model.status.statusLists : [];
  show($('status-lists-section'), lists.length > 0);
  var container = $('status-lists');
  clear(container);
  if (lists.length === 0) return;
  var time = now();
  var rows = lists.map(function (list) {
    return el('tr', { 'class': 'status-list', 'data-uri': list.uri || '' }, [
      el('td', { 'class': 'issuer' }, [
        wrapping('div', list.uri || '–', 'mono'),
        el('div', { 'class': 'meta' }, 'format ' + (list.format || '–'))
      ]),
      el('td', { 'class': 'issuer' }, list.issuer ? wrapping('div', commonName(list.issuer)) : '–'),
      numberCell(list.bits),
      numberCell(list.count),
      timeCell(list.iat, time),
      timeCell(list.exp, time),
      stateCell(list.state, null),
      errorCell(list.lastError)
    ]);
  });
  container.appendChild(grid(['URI', 'Issuer', 'Bits', 'Count', 'Issued', 'Expires', 'State', 'Last error'], rows));
}
