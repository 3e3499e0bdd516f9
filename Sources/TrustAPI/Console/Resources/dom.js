// trustlistd console, the parts in the order they are joined (Package.swift, consoleResources): dom.js, load.js,
// lists.js, crls.js, statuslists.js, entries.js, timeline.js, history.js, refresh.js. They share one function scope,
// opened before the first and closed after the last (ConsoleAsset.swift). Every value from the API goes in as text
// (textContent, createTextNode, setAttribute), never as HTML.
//
// dom.js: constants, the model, building elements, times, badges and long values.

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

// "in 5 h", "2 d ago"; "just now" for the last 45 s (and the next 5: clocks a moment apart), so that a refresh that
// just ran is not "in 0 s"; "in under a minute" for the rest of the next 45 s.
function relative(value, now) {
  var time = parseTime(value);
  if (time === null) return '';
  var seconds = Math.round((time - now) / 1000);
  var magnitude = Math.abs(seconds);
  if (seconds > -45 && seconds < 5) return 'just now';
  if (seconds >= 5 && seconds < 45) return 'in under a minute';
  var text;
  if (magnitude < 5400) text = Math.max(1, Math.round(magnitude / 60)) + ' min';
  else if (magnitude < 172800) text = Math.round(magnitude / 3600) + ' h';
  else text = Math.round(magnitude / 86400) + ' d';
  return seconds >= 0 ? 'in ' + text : text + ' ago';
}

// A time cell: the date and the clock time (each kept whole; the cell may wrap between them), then how far away.
function timeCell(value, now) {
  var time = parseTime(value);
  if (time === null) return el('td', null, '–');
  var text = formatTime(value).split(' ');
  return el('td', { 'class': 'time', title: String(value) }, [
    el('span', { 'class': 'nowrap' }, text[0]), ' ', el('span', { 'class': 'nowrap' }, text[1] || ''), el('br'),
    el('span', { 'class': 'meta' }, relative(value, now))
  ]);
}

function badge(word, prefix) {
  var text = word === undefined || word === null ? 'unknown' : String(word);
  return el('span', { 'class': 'badge ' + (prefix || 'state-') + text.replace(/[^a-z_]/gi, '') }, text);
}

function now() {
  var time = model.status && parseTime(model.status.time);
  return time === null || time === undefined ? Date.now() : time;
}

// --- Long values -------------------------------------------------------------------------------------------------

// A hash or other long token: its first `keep` characters and an ellipsis, the whole value on hover.
function elided(text, keep) {
  var value = text === undefined || text === null ? '' : String(text);
  var limit = keep || 12;
  if (value.length <= limit + 1) return el('span', { 'class': 'mono' }, value || '–');
  return el('span', { 'class': 'mono', title: value }, value.slice(0, limit) + '…');
}

// Text that may be long (a subject, a URL): wrapped wherever needed, the whole value also on hover.
function wrapping(tag, text, className) {
  var value = text === undefined || text === null || text === '' ? '–' : String(text);
  return el(tag, { 'class': 'wrap' + (className ? ' ' + className : ''), title: value }, value);
}
