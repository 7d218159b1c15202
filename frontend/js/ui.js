// Tiny DOM helpers: the app builds its screens from plain elements.

/** Create an element: h('button', {class: 'big', onclick}, 'Text', child). */
export function h(tag, props = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(props || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith('on')) el.addEventListener(key.slice(2), value);
    else if (key === 'class') el.className = value;
    else if (key === 'dataset') Object.assign(el.dataset, value);
    else if (key === 'style') el.style.cssText = value;  // a style attribute is inline style, which the CSP refuses
    else if (key in el && key !== 'list' && typeof value !== 'string') el[key] = value;
    else el.setAttribute(key, value === true ? '' : value);
  }
  append(el, children);
  return el;
}

/** Add children to an element, skipping null, undefined and false (as h() does). */
export function append(el, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : String(child));
  }
}

/** Create an SVG element with attributes. */
export function svg(tag, attrs = {}, ...children) {
  const el = document.createElementNS('http://www.w3.org/2000/svg', tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null) continue;
    if (key === 'style') el.style.cssText = value;  // as in h()
    else el.setAttribute(key, value);
  }
  append(el, children);
  return el;
}

/** A place on a drawn board as a button, appended to `parent` (an SVG
 * group): a tap, or Enter or Space on it, calls `pick`. */
export function placeButton(parent, key, label, pick) {
  const button = svg('g', {class: 'place', role: 'button', tabindex: 0, 'aria-label': label, 'data-place': key});
  button.addEventListener('click', pick);
  button.addEventListener('keydown', event => {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    event.preventDefault();
    pick();
  });
  parent.append(button);
  return button;
}

/** Replace the children of an element. */
export function fill(el, ...children) {
  el.replaceChildren();
  append(el, children);
  return el;
}

/** Offer a blob as a download with a file name. */
export function download(blob, name) {
  const url = URL.createObjectURL(blob);
  const a = h('a', {href: url, download: name});
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
