// entries.js: the entries of the snapshot (IACAs, reader CAs, LoTE services, and any other table it holds), the
// search (kept in the address as #q=…), pages, and the details of one entry.

var KIND_NAMES = { issuers: 'IACA', verifiers: 'reader CA', services: 'LoTE service' };

// A snapshot member of entries as objects: an array of objects, or a table {fields: [names], rows: [[values]]}.
function rowsOf(value) {
  if (Array.isArray(value)) return value;
  if (value && Array.isArray(value.fields) && Array.isArray(value.rows)) {
    return value.rows.map(function (row) {
      var entry = {};
      value.fields.forEach(function (field, index) { entry[field] = Array.isArray(row) ? row[index] : undefined; });
      return entry;
    });
  }
  return null;
}

// A LoTE service that is not listed any more (`listed` false: its ServiceStatus ends it, e.g. withdrawn): the status's
// last word and since when; null for everything else.
function endedStatus(entry) {
  if (entry.listed !== false) return null;
  var words = String(entry.status || '').split(/[\/#]/).filter(function (word) { return word.length > 0; });
  var word = words.length > 0 ? words[words.length - 1].toLowerCase() : 'not listed';
  return { word: word, since: entry.statusStartingTime };
}

function collectEntries() {
  var snapshot = model.snapshot || {};
  var entries = [];
  Object.keys(snapshot).forEach(function (key) {
    var value = rowsOf(snapshot[key]);
    if (key === 'sources' || value === null) return;
    value.forEach(function (entry) {
      if (!entry || typeof entry !== 'object') return;
      var name = entry.issuingAuthority || entry.name || entry.entityName || entry.providerName || '';
      var docTypes = Array.isArray(entry.docTypes) ? entry.docTypes : [];
      var country = entry.issuingCountry || entry.country || '';
      var source = typeof entry.source === 'object' && entry.source !== null ? (entry.source.list || JSON.stringify(entry.source)) : (entry.source || '');
      var ended = endedStatus(entry);
      var sha256 = entry.sha256 || (Array.isArray(entry.certificates) && entry.certificates.length > 0 ? entry.certificates[0] : '');
      entries.push({
        kind: KIND_NAMES[key] || key, raw: entry, subject: entry.subject || entry.entity || '', name: String(name),
        country: String(country), docTypes: docTypes, notBefore: entry.notBefore, notAfter: entry.notAfter,
        source: String(source), sha256: String(sha256), ended: ended,
        text: [KIND_NAMES[key] || key, entry.subject, name, country, docTypes.join(' '), sha256, entry.ski, source,
          entry.stateOrProvinceName, entry.entity, entry.type, entry.status, ended ? ended.word : ''].join(' ').toLowerCase()
      });
    });
  });
  model.entries = entries;
}

function queryFromLocation() {
  var hash = window.location.hash.replace(/^#/, '');
  var match = /(?:^|&)q=([^&]*)/.exec(hash);
  if (!match) return '';
  try { return decodeURIComponent(match[1].replace(/\+/g, ' ')); } catch (ignored) { return ''; }
}

function applySearch(fromInput) {
  var query = $('search').value.trim().toLowerCase();
  if (fromInput) {
    var hash = query ? '#q=' + encodeURIComponent($('search').value.trim()) : ' ';
    history.replaceState(null, '', hash === ' ' ? window.location.pathname : hash);
    model.page = 0;
  }
  var words = query.split(/\s+/).filter(function (word) { return word.length > 0; });
  model.filtered = model.entries.filter(function (entry) {
    return words.every(function (word) { return entry.text.indexOf(word) >= 0; });
  });
  var pages = Math.max(1, Math.ceil(model.filtered.length / PAGE_SIZE));
  if (model.page >= pages) model.page = pages - 1;
  renderEntries();
}

// The kind, and for a service its status when that ends it: "LoTE service [withdrawn]", since when on hover.
function kindCell(entry) {
  if (!entry.ended) return el('td', null, entry.kind);
  var since = entry.ended.since ? ' since ' + formatTime(entry.ended.since) : '';
  return el('td', { 'class': 'ended', title: String(entry.raw.status || '') + since }, [
    entry.kind, ' ', badge(entry.ended.word, 'status-'),
    since ? el('div', { 'class': 'meta' }, since.trim()) : null
  ]);
}

function renderEntries() {
  var body = $('entries-body');
  clear(body);
  var start = model.page * PAGE_SIZE;
  var shown = model.filtered.slice(start, start + PAGE_SIZE);
  var time = now();
  shown.forEach(function (entry) {
    var expiresSoon = parseTime(entry.notAfter) !== null && parseTime(entry.notAfter) - time < 90 * DAY;
    var row = el('tr', { 'class': 'entry' + (model.selected === entry ? ' selected' : ''), 'data-sha256': entry.sha256 }, [
      kindCell(entry),
      el('td', { 'class': 'subject', title: entry.subject }, entry.subject),
      el('td', { 'class': 'name' }, entry.name || '–'),
      el('td', null, entry.country || '–'),
      el('td', null, entry.docTypes.join(', ') || '–'),
      el('td', null, formatTime(entry.notBefore)),
      el('td', { 'class': expiresSoon ? 'error-text' : null }, formatTime(entry.notAfter)),
      el('td', null, entry.source),
      el('td', null, elided(entry.sha256, 16))
    ]);
    row.addEventListener('click', function () { select(entry); });
    body.appendChild(row);
  });
  var total = model.entries.length;
  $('entry-count').textContent = model.filtered.length === total ? total + ' entries' : model.filtered.length + ' of ' + total + ' entries';
  var pages = Math.max(1, Math.ceil(model.filtered.length / PAGE_SIZE));
  $('page-info').textContent = 'page ' + (model.page + 1) + ' of ' + pages;
  $('page-prev').disabled = model.page === 0;
  $('page-next').disabled = model.page >= pages - 1;
}

function scalarText(value) {
  if (value === undefined || value === null) return '–';
  if (typeof value === 'object') {
    if (value.reason) return value.reason + (value.message ? ': ' + value.message : '');
    return JSON.stringify(value);
  }
  return String(value);
}

// Every field of the entry, and its certificate (base64 DER).
function select(entry) {
  model.selected = entry;
  var details = $('details');
  clear(details);
  var items = [];
  Object.keys(entry.raw).forEach(function (key) {
    if (key === 'certificate') return;
    var value = entry.raw[key];
    items.push(el('dt', null, key));
    items.push(el('dd', { 'class': /DER$|sha256|ski|aki|certificates|Thumbprints/.test(key) ? 'mono' : null },
      Array.isArray(value) ? value.join(', ') : scalarText(value)));
  });
  details.appendChild(el('h3', { 'class': 'wrap' }, entry.kind + ': ' + (entry.subject || entry.name)));
  details.appendChild(el('dl', null, items));
  if (entry.raw.certificate) {
    details.appendChild(el('h3', null, 'Certificate (base64 DER)'));
    details.appendChild(el('pre', { 'class': 'mono' }, String(entry.raw.certificate)));
  }
  show(details, true);
  renderEntries();
}
