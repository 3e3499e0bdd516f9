// crls.js: the CRLs of the listed CAs (shown when the status has them), grouped by network, with the Lists table's
// words: Issuer, State, CRL number, This update, Next update, Revoked, Last success, Last error.

// The issuer's common name (`CN=…` of an RFC 4514 name), else the whole name.
function commonName(name) {
  var match = /(?:^|,)CN=((?:\\.|[^,])*)/.exec(String(name || ''));
  return match ? match[1].replace(/\\(.)/g, '$1') : String(name || '');
}

function crlIssuerCell(crl) {
  var urls = Array.isArray(crl.urls) ? crl.urls : [];
  return el('td', { 'class': 'issuer' }, [
    wrapping('div', crl.issuer || crl.issuerSHA256),
    el('div', { 'class': 'meta' }, ['CA ', elided(crl.issuerSHA256, 16)]),
    urls.length > 0
      ? el('div', { 'class': 'meta' }, urls.map(function (url) { return wrapping('div', url, 'mono'); }))
      : el('div', { 'class': 'meta' }, 'no CRL URL'),
    el('div', { 'class': 'meta' }, 'mode ' + (crl.mode || '–') + ' · source ' + (crl.source || '–'))
  ]);
}

function renderCRLs() {
  var crls = (model.status && Array.isArray(model.status.crls)) ? model.status.crls : [];
  show($('crls-section'), crls.length > 0);
  var container = $('crls');
  clear(container);
  var time = now();
  byNetwork(crls, function (crl) { return String(crl.network || ''); }).forEach(function (group) {
    var rows = group.rows.map(function (crl) {
      return el('tr', { 'class': 'crl', 'data-issuer': crl.issuerSHA256 || '' }, [
        crlIssuerCell(crl),
        stateCell(crl.state, crl.stateReason),
        el('td', { 'class': 'num' }, crl.crlNumber === undefined || crl.crlNumber === null ? '–' : elided(crl.crlNumber, 20)),
        timeCell(crl.thisUpdate, time),
        timeCell(crl.nextUpdate, time),
        numberCell(crl.revoked),
        timeCell(crl.lastSuccess, time),
        errorCell(crl.lastError)
      ]);
    });
    container.appendChild(el('div', { 'class': 'network' }, [
      el('h3', null, 'Network ' + (group.network || '–')),
      grid(['Issuer', 'State', 'CRL number', 'This update', 'Next update', 'Revoked', 'Last success', 'Last error'], rows)
    ]));
  });
}
