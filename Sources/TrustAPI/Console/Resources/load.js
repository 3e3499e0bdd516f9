// load.js: reading the API, drawing every part, the header.

function getJSON(path) {
  return fetch(path, { cache: 'no-store', credentials: 'omit', headers: { 'Accept': 'application/json' } })
    .then(function (response) {
      return response.json().then(function (body) { return { status: response.status, body: body }; },
        function () { return { status: response.status, body: null }; });
    });
}

function load() {
  return Promise.all([getJSON('/v1/status'), getJSON('/v1/snapshot'), getJSON('/v1/events')])
    .then(function (answers) {
      var problems = [];
      if (answers[0].status === 200) model.status = answers[0].body; else problems.push('/v1/status answered ' + answers[0].status);
      model.snapshot = answers[1].status === 200 ? answers[1].body : null;
      if (answers[1].status !== 200 && answers[1].body && answers[1].body.reason) {
        problems.push('/v1/snapshot: ' + answers[1].body.reason + ': ' + (answers[1].body.message || ''));
      }
      model.events = answers[2].status === 200 && answers[2].body ? (answers[2].body.events || []) : [];
      var error = $('load-error');
      error.textContent = problems.join('; ');
      show(error, problems.length > 0);
      render();
      document.body.setAttribute('data-console', 'ready');
    })
    .catch(function (failure) {
      var error = $('load-error');
      error.textContent = 'cannot read the API: ' + failure;
      show(error, true);
      document.body.setAttribute('data-console', 'error');
    });
}

function render() {
  renderHeader();
  renderLists();
  renderCRLs();
  renderStatusLists();
  collectEntries();
  renderTimeline();
  applySearch(false);
  renderHistory();
}

function renderHeader() {
  var status = model.status || {};
  var overall = $('overall');
  overall.textContent = status.status || 'unknown';
  overall.setAttribute('class', 'badge state-' + String(status.status || 'unknown').toLowerCase());
  var snapshot = status.snapshot || {};
  $('generation').textContent = snapshot.generation === undefined || snapshot.generation === null ? '–' : String(snapshot.generation);
  $('built-at').textContent = formatTime(snapshot.builtAt);
  $('read-at').textContent = formatTime(status.time);
}

// `network/name` → its parts.
function splitID(id) {
  var text = String(id || '');
  var slash = text.lastIndexOf('/');
  return slash < 0 ? { network: '', kind: text } : { network: text.slice(0, slash), kind: text.slice(slash + 1) };
}

// Rows grouped by network, networks in the order they first appear.
function byNetwork(rows, networkOf) {
  var networks = [];
  var groups = {};
  rows.forEach(function (row) {
    var network = networkOf(row);
    if (!groups[network]) { groups[network] = []; networks.push(network); }
    groups[network].push(row);
  });
  return networks.map(function (network) { return { network: network, rows: groups[network] }; });
}

// A table with a header row of `names` and the body `rows`.
function grid(names, rows) {
  return el('table', { 'class': 'grid' }, [
    el('thead', null, el('tr', null, names.map(function (name) { return el('th', null, name); }))),
    el('tbody', null, rows)
  ]);
}

function errorCell(error) {
  if (!error) return el('td', null, '–');
  var parts = [el('span', { 'class': 'reason' }, error.reason || 'error'), ' ', String(error.message || '')];
  if (error.count > 1) parts.push(el('span', { 'class': 'meta' }, ' (' + error.count + ' times since ' + formatTime(error.first) + ')'));
  return el('td', { 'class': 'error-text wrap' }, parts);
}

// A state badge with the reason a person can act on below it, when the state is not fresh.
function stateCell(state, reason) {
  return el('td', null, [badge(state), reason ? el('div', { 'class': 'meta wrap' }, String(reason)) : null]);
}

function numberCell(value) {
  return el('td', { 'class': 'num' }, value === undefined || value === null ? '–' : String(value));
}
