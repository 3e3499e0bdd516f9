// refresh.js: "Refresh now" (POST /v1/refresh with the admin token kept in sessionStorage), and the start. A server
// without server.admin sends the page with the button disabled ("refresh disabled: configure server.admin") and no
// token form: then nothing here asks for a token.

function notice(text, isError) {
  var node = $('refresh-result');
  clear(node);
  append(node, text);
  node.setAttribute('class', 'notice' + (isError ? ' error' : ''));
  show(node, true);
}

function askForToken() {
  show($('token-form'), true);
  $('token-input').value = '';
  $('token-input').focus();
}

function refreshNow() {
  var token = sessionStorage.getItem(TOKEN_KEY);
  if (!token) { askForToken(); return; }
  var button = $('refresh-now');
  button.disabled = true;
  notice('Refreshing every list…', false);
  fetch('/v1/refresh', { method: 'POST', cache: 'no-store', credentials: 'omit', headers: { 'Authorization': 'Bearer ' + token } })
    .then(function (response) {
      return response.json().then(function (body) { return { status: response.status, body: body || {} }; },
        function () { return { status: response.status, body: {} }; });
    })
    .then(function (answer) {
      button.disabled = false;
      var body = answer.body;
      if (answer.status === 200) {
        var outcomes = (body.lists || []).map(function (list) { return list.id + ' ' + list.outcome; }).join(', ');
        notice(['Refreshed: ', badge(String(body.status || '').toLowerCase()), ' generation ' + body.snapshotGeneration +
          (body.coalesced ? ' (shared with a refresh that had just run)' : '') + '. ' + outcomes], false);
        return load();
      }
      if (answer.status === 401 || answer.status === 403) {
        if (body.reason !== 'refresh_now_disabled') sessionStorage.removeItem(TOKEN_KEY);
      }
      notice(['Not refreshed (' + answer.status + '): ', el('span', { 'class': 'reason' }, body.reason || 'error'), ' ', String(body.message || '')], true);
      if (body.reason === 'admin_token_missing' || body.reason === 'admin_token_invalid') askForToken();
    })
    .catch(function (failure) {
      button.disabled = false;
      notice('Not refreshed: ' + failure, true);
    });
}

// The button and the token form, when this server offers refresh now (the page has the form only then).
function startRefreshNow() {
  var form = $('token-form');
  if (!form) return;
  $('refresh-now').addEventListener('click', refreshNow);
  form.addEventListener('submit', function (event) {
    event.preventDefault();
    var token = $('token-input').value.trim();
    $('token-input').value = '';
    if (!token) return;
    sessionStorage.setItem(TOKEN_KEY, token);
    show(form, false);
    refreshNow();
  });
  $('token-cancel').addEventListener('click', function () { show(form, false); });
}

function start() {
  $('search').value = queryFromLocation();
  $('search').addEventListener('input', function () { applySearch(true); });
  window.addEventListener('hashchange', function () { $('search').value = queryFromLocation(); model.page = 0; applySearch(false); });
  $('page-prev').addEventListener('click', function () { model.page = Math.max(0, model.page - 1); renderEntries(); });
  $('page-next').addEventListener('click', function () { model.page += 1; applySearch(false); });
  startRefreshNow();
  load();
  setInterval(load, 30000);
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start); else start();
