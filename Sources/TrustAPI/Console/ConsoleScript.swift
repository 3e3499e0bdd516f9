extension ConsoleText {
    /// The script: reads `/v1/status`, `/v1/snapshot` and `/v1/events` and draws the lists, CRLs, entries (search,
    /// pages, details), the SVG timeline and the history; "refresh now" posts `/v1/refresh` with the admin token kept in
    /// `sessionStorage`. Every value from the API is inserted as text (`textContent`, `setAttribute`), never as HTML.
    static let script = #"""
        // trustlistd console: reads the JSON API and fills the page. Every value from the API goes in as text
        // (textContent, createTextNode, setAttribute), never as HTML.
        'use strict';
        (function () {
          var PAGE_SIZE = 200;
          var TOKEN_KEY = 'trustlistd.adminToken';
          var DAY = 86400000;
          var SVG = 'http://www.w3.org/2000/svg';
          var model = { status: null, snapshot: null, events: [], entries: [], filtered: [], page: 0, selected: null };

          function $(id) { return document.getElementById(id); }

          // An element with attributes (set with setAttribute) and children (strings become text nodes).
          function el(tag, attributes, children) {
            var node = document.createElement(tag);
            setAttributes(node, attributes);
            append(node, children);
            return node;
          }

          function svg(tag, attributes, children) {
            var node = document.createElementNS(SVG, tag);
            setAttributes(node, attributes);
            append(node, children);
            return node;
          }

          function setAttributes(node, attributes) {
            if (!attributes) return;
            Object.keys(attributes).forEach(function (name) {
              var value = attributes[name];
              if (value !== undefined && value !== null && value !== false) node.setAttribute(name, String(value));
            });
          }

          function append(node, children) {
            if (children === undefined || children === null) return;
            if (!Array.isArray(children)) children = [children];
            children.forEach(function (child) {
              if (child === undefined || child === null) return;
              node.appendChild(typeof child === 'object' ? child : document.createTextNode(String(child)));
            });
          }

          function clear(node) { while (node.firstChild) node.removeChild(node.firstChild); }

          function show(node, visible) { if (visible) node.removeAttribute('hidden'); else node.setAttribute('hidden', ''); }

          // --- Times -------------------------------------------------------------------------------------------------------

          function parseTime(value) {
            if (value === undefined || value === null || value === '') return null;
            var time = Date.parse(value);
            return isNaN(time) ? null : time;
          }

          function formatTime(value) {
            var time = parseTime(value);
            if (time === null) return '–';
            return new Date(time).toISOString().replace('T', ' ').replace(/:\d\d(\.\d+)?Z$/, 'Z');
          }

          function relative(value, now) {
            var time = parseTime(value);
            if (time === null) return '';
            var seconds = Math.round((time - now) / 1000);
            var magnitude = Math.abs(seconds);
            var text;
            if (magnitude < 90) text = magnitude + ' s';
            else if (magnitude < 5400) text = Math.round(magnitude / 60) + ' min';
            else if (magnitude < 172800) text = Math.round(magnitude / 3600) + ' h';
            else text = Math.round(magnitude / 86400) + ' d';
            return seconds >= 0 ? 'in ' + text : text + ' ago';
          }

          function timeCell(value, now) {
            var time = parseTime(value);
            if (time === null) return el('td', null, '–');
            return el('td', { 'class': 'time', title: String(value) }, [formatTime(value), el('br'), el('span', { 'class': 'meta' }, relative(value, now))]);
          }

          function badge(word, prefix) {
            var text = word === undefined || word === null ? 'unknown' : String(word);
            return el('span', { 'class': 'badge ' + (prefix || 'state-') + text.replace(/[^a-z_]/gi, '') }, text);
          }

          function now() {
            var time = model.status && parseTime(model.status.time);
            return time === null || time === undefined ? Date.now() : time;
          }

          // --- Loading -----------------------------------------------------------------------------------------------------

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
            collectEntries();
            renderTimeline();
            applySearch(false);
            renderHistory();
          }

          // --- Header ------------------------------------------------------------------------------------------------------

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

          // --- Lists (every kind, grouped by network) ---------------------------------------------------------------------

          function splitID(id) {
            var text = String(id || '');
            var slash = text.lastIndexOf('/');
            return slash < 0 ? { network: '', kind: text } : { network: text.slice(0, slash), kind: text.slice(slash + 1) };
          }

          function errorCell(error) {
            if (!error) return el('td', null, '–');
            var parts = [el('span', { 'class': 'reason' }, error.reason || 'error'), ' ', String(error.message || '')];
            if (error.count > 1) parts.push(el('span', { 'class': 'meta' }, ' (' + error.count + ' times since ' + formatTime(error.first) + ')'));
            return el('td', { 'class': 'error-text' }, parts);
          }

          function renderLists() {
            var container = $('lists');
            clear(container);
            var lists = (model.status && model.status.lists) || [];
            var time = now();
            var networks = [];
            var byNetwork = {};
            lists.forEach(function (list) {
              var network = splitID(list.id).network;
              if (!byNetwork[network]) { byNetwork[network] = []; networks.push(network); }
              byNetwork[network].push(list);
            });
            networks.forEach(function (network) {
              var rows = byNetwork[network].map(function (list) {
                return el('tr', { 'class': 'list', 'data-list': list.id }, [
                  el('td', null, list.kind === 'lote' ? 'LoTE ' + splitID(list.id).kind : splitID(list.id).kind.toUpperCase()),
                  el('td', { 'class': 'provider' }, list.provider || '–'),
                  el('td', null, [badge(list.state), list.stateReason ? el('div', { 'class': 'meta' }, list.stateReason) : null]),
                  el('td', { 'class': 'num' }, list.issueID === undefined || list.issueID === null ? '–' : String(list.issueID)),
                  timeCell(list.date, time),
                  timeCell(list.nextUpdate, time),
                  el('td', { 'class': 'num' }, list.entries === undefined || list.entries === null ? '–' : String(list.entries)),
                  el('td', null, [list.url ? el('div', { 'class': 'mono' }, list.url) : null, el('div', { 'class': 'meta' }, list.source || '–')]),
                  timeCell(list.lastSuccess, time),
                  timeCell(list.lastAttempt, time),
                  errorCell(list.lastError)
                ]);
              });
              var table = el('table', { 'class': 'grid' }, [
                el('thead', null, el('tr', null, ['Kind', 'Provider', 'State', 'Issue', 'Date', 'Next update', 'Entries',
                  'Source', 'Last success', 'Last attempt', 'Last error'].map(function (name) { return el('th', null, name); }))),
                el('tbody', null, rows)
              ]);
              container.appendChild(el('div', { 'class': 'network' }, [el('h3', null, 'Network ' + (network || '–')), table]));
            });
            if (lists.length === 0) container.appendChild(el('p', { 'class': 'meta' }, 'No list configured.'));
          }

          // --- CRLs (shown when the status has them) ----------------------------------------------------------------------

          var CRL_ORDER = ['id', 'issuer', 'issuerSubject', 'url', 'state', 'crlNumber', 'thisUpdate', 'nextUpdate', 'revoked',
            'lastSuccess', 'lastAttempt', 'lastError'];

          function scalarText(value) {
            if (value === undefined || value === null) return '–';
            if (typeof value === 'object') {
              if (value.reason) return value.reason + (value.message ? ': ' + value.message : '');
              return JSON.stringify(value);
            }
            return String(value);
          }

          function renderCRLs() {
            var crls = (model.status && Array.isArray(model.status.crls)) ? model.status.crls : [];
            show($('crls-section'), crls.length > 0);
            var container = $('crls');
            clear(container);
            if (crls.length === 0) return;
            var keys = [];
            CRL_ORDER.forEach(function (key) { if (crls.some(function (crl) { return crl && crl[key] !== undefined; })) keys.push(key); });
            crls.forEach(function (crl) {
              Object.keys(crl || {}).forEach(function (key) {
                var value = crl[key];
                if (keys.indexOf(key) < 0 && (value === null || typeof value !== 'object' || key === 'lastError')) keys.push(key);
              });
            });
            var time = now();
            var rows = crls.map(function (crl) {
              return el('tr', { 'class': 'crl' }, keys.map(function (key) {
                var value = crl[key];
                if (key === 'state') return el('td', null, badge(value));
                if (key === 'lastError') return errorCell(value);
                if (/(Update|At|Success|Attempt|After|Before)$/.test(key) && typeof value === 'string' && parseTime(value) !== null) return timeCell(value, time);
                if (Array.isArray(value)) return el('td', { 'class': 'num' }, String(value.length));
                return el('td', null, scalarText(value));
              }));
            });
            container.appendChild(el('table', { 'class': 'grid' }, [
              el('thead', null, el('tr', null, keys.map(function (key) { return el('th', null, key); }))),
              el('tbody', null, rows)
            ]));
          }

          // --- Entries -----------------------------------------------------------------------------------------------------

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
                entries.push({
                  kind: KIND_NAMES[key] || key, raw: entry, subject: entry.subject || '', name: String(name), country: String(country),
                  docTypes: docTypes, notBefore: entry.notBefore, notAfter: entry.notAfter, source: String(source),
                  sha256: entry.sha256 || '',
                  text: [KIND_NAMES[key] || key, entry.subject, name, country, docTypes.join(' '), entry.sha256, entry.ski, source,
                    entry.stateOrProvinceName, entry.entity, entry.type, entry.status].join(' ').toLowerCase()
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

          function renderEntries() {
            var body = $('entries-body');
            clear(body);
            var start = model.page * PAGE_SIZE;
            var shown = model.filtered.slice(start, start + PAGE_SIZE);
            var time = now();
            shown.forEach(function (entry) {
              var expiresSoon = parseTime(entry.notAfter) !== null && parseTime(entry.notAfter) - time < 90 * DAY;
              var row = el('tr', { 'class': 'entry' + (model.selected === entry ? ' selected' : ''), 'data-sha256': entry.sha256 }, [
                el('td', null, entry.kind),
                el('td', { 'class': 'subject' }, entry.subject),
                el('td', { 'class': 'name' }, entry.name || '–'),
                el('td', null, entry.country || '–'),
                el('td', null, entry.docTypes.join(', ') || '–'),
                el('td', null, formatTime(entry.notBefore)),
                el('td', { 'class': expiresSoon ? 'error-text' : null }, formatTime(entry.notAfter)),
                el('td', null, entry.source),
                el('td', { 'class': 'mono', title: entry.sha256 }, entry.sha256.slice(0, 16) + '…')
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

          function select(entry) {
            model.selected = entry;
            var details = $('details');
            clear(details);
            var items = [];
            Object.keys(entry.raw).forEach(function (key) {
              if (key === 'certificate') return;
              var value = entry.raw[key];
              items.push(el('dt', null, key));
              items.push(el('dd', { 'class': /DER$|sha256|ski|aki/.test(key) ? 'mono' : null },
                Array.isArray(value) ? value.join(', ') : scalarText(value)));
            });
            details.appendChild(el('h3', null, entry.kind + ': ' + (entry.subject || entry.name)));
            details.appendChild(el('dl', null, items));
            if (entry.raw.certificate) {
              details.appendChild(el('h3', null, 'Certificate (base64 DER)'));
              details.appendChild(el('pre', { 'class': 'mono' }, String(entry.raw.certificate)));
            }
            show(details, true);
            renderEntries();
          }

          // --- Timeline ----------------------------------------------------------------------------------------------------

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
            var start = time - 7 * DAY;
            var end = time + 100 * DAY;
            lists.forEach(function (list) {
              var date = parseTime(list.date);
              var next = parseTime(list.nextUpdate);
              if (date !== null) start = Math.min(start, date);
              if (next !== null) end = Math.max(end, next);
            });
            start = Math.max(start, time - 60 * DAY);
            end = Math.min(end, time + 400 * DAY);
            var width = 1000, left = 170, right = 20, rowHeight = 26, top = 24;
            var rows = lists.length + crls.length + 1;
            var height = top + rows * rowHeight + 10;
            function x(t) { return left + (Math.min(Math.max(t, start), end) - start) / (end - start) * (width - left - right); }

            var chart = svg('svg', { viewBox: '0 0 ' + width + ' ' + height, role: 'img', 'aria-label': 'validity windows and coming expiries', id: 'timeline-svg' });
            // Month ticks.
            var tick = new Date(start);
            tick = Date.UTC(tick.getUTCFullYear(), tick.getUTCMonth() + 1, 1);
            while (tick < end) {
              chart.appendChild(svg('line', { 'class': 'tl-grid', x1: x(tick), x2: x(tick), y1: top - 6, y2: height - 6 }));
              chart.appendChild(svg('text', { 'class': 'tl-axis', x: x(tick) + 3, y: top - 10 }, new Date(tick).toISOString().slice(0, 7)));
              var next = new Date(tick);
              tick = Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 1);
            }
            var upcoming = [];
            function remember(at, what) { if (at !== null && at >= time) upcoming.push({ at: at, what: what }); }
            var row = 0;
            lists.forEach(function (list) {
              var y = top + row * rowHeight;
              var group = svg('g', { 'class': 'tl-list', 'data-list': list.id });
              group.appendChild(svg('text', { 'class': 'tl-label', x: 4, y: y + 16 }, (list.provider ? list.provider + ' ' : '') + splitID(list.id).kind.toUpperCase()));
              var date = parseTime(list.date), next = parseTime(list.nextUpdate);
              if (date !== null && next !== null) {
                group.appendChild(svg('rect', { 'class': 'tl-window state-' + list.state, x: x(date), y: y + 5, width: Math.max(4, x(next) - x(date)), height: rowHeight - 10, rx: 3 },
                  svg('title', null, list.id + ' ' + list.state + ': ' + formatTime(list.date) + ' → nextUpdate ' + formatTime(list.nextUpdate))));
              } else {
                group.appendChild(svg('rect', { 'class': 'tl-missing', x: left, y: y + 5, width: width - left - right, height: rowHeight - 10, rx: 3 },
                  svg('title', null, list.id + ': ' + (list.state || 'no version') + ', no verified version')));
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
              remember(next, list.id + ' nextUpdate');
              remember(signer, list.id + ' signer certificate');
              chart.appendChild(group);
              row += 1;
            });
            crls.forEach(function (crl) {
              var y = top + row * rowHeight;
              var group = svg('g', { 'class': 'tl-crl' });
              var label = String(crl.id || crl.issuer || crl.url || 'CRL');
              group.appendChild(svg('text', { 'class': 'tl-label', x: 4, y: y + 16 }, 'CRL ' + (label.length > 22 ? label.slice(0, 21) + '…' : label)));
              var from = parseTime(crl.thisUpdate), next = parseTime(crl.nextUpdate);
              if (next !== null) {
                var from2 = from === null ? time : from;
                group.appendChild(svg('rect', { 'class': 'tl-window state-' + (crl.state || 'unknown'), x: x(from2), y: y + 5, width: Math.max(2, x(next) - x(from2)), height: rowHeight - 10, rx: 3 },
                  svg('title', null, 'CRL ' + label + ': nextUpdate ' + formatTime(crl.nextUpdate))));
                remember(next, 'CRL ' + label + ' nextUpdate');
              }
              chart.appendChild(group);
              row += 1;
            });
            var y = top + row * rowHeight;
            chart.appendChild(svg('text', { 'class': 'tl-label', x: 4, y: y + 16 }, 'Certificates ≤ 90 d (' + expiring.length + ')'));
            expiring.forEach(function (entry) {
              var at = parseTime(entry.notAfter);
              chart.appendChild(svg('rect', { 'class': 'tl-expiring', x: x(at) - 1.5, y: y + 4, width: 3, height: rowHeight - 8 },
                svg('title', null, entry.kind + ' ' + entry.subject + ' ends ' + formatTime(entry.notAfter))));
              remember(at, entry.kind + ' ' + (entry.name || entry.subject));
            });
            var nx = x(time);
            chart.appendChild(svg('line', { 'class': 'tl-now', x1: nx, x2: nx, y1: top - 6, y2: height - 4 }));
            chart.appendChild(svg('text', { 'class': 'tl-now-label', x: nx + 4, y: height - 8 }, 'now'));
            container.appendChild(chart);

            upcoming.sort(function (a, b) { return a.at - b.at; });
            var line = $('next-expiry');
            clear(line);
            if (upcoming.length > 0) {
              append(line, ['Expires next: ', el('strong', null, upcoming[0].what), ' ' + relative(new Date(upcoming[0].at).toISOString(), time) +
                ' (' + formatTime(new Date(upcoming[0].at).toISOString()) + ')']);
            } else {
              line.textContent = 'Nothing expires in view.';
            }
          }

          // --- History -----------------------------------------------------------------------------------------------------

          // The subjects added or removed, folded; `count` is the whole number when the event shows only the first ones.
          function names(list, count, className, sign) {
            if (!list || list.length === 0) return null;
            var summary = sign + count + (count > list.length ? ' (first ' + list.length + ' shown)' : '');
            return el('details', { 'class': className }, [el('summary', null, summary), el('ul', null, list.map(function (name) { return el('li', null, name); }))]);
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
                return el('li', { 'class': 'event-list' }, [
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

          // --- Refresh now -------------------------------------------------------------------------------------------------

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

          function start() {
            $('search').value = queryFromLocation();
            $('search').addEventListener('input', function () { applySearch(true); });
            window.addEventListener('hashchange', function () { $('search').value = queryFromLocation(); model.page = 0; applySearch(false); });
            $('page-prev').addEventListener('click', function () { model.page = Math.max(0, model.page - 1); renderEntries(); });
            $('page-next').addEventListener('click', function () { model.page += 1; applySearch(false); });
            $('refresh-now').addEventListener('click', refreshNow);
            $('token-form').addEventListener('submit', function (event) {
              event.preventDefault();
              var token = $('token-input').value.trim();
              $('token-input').value = '';
              if (!token) return;
              sessionStorage.setItem(TOKEN_KEY, token);
              show($('token-form'), false);
              refreshNow();
            });
            $('token-cancel').addEventListener('click', function () { show($('token-form'), false); });
            load();
            setInterval(load, 30000);
          }

          if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start); else start();
        })();

        """#
}
