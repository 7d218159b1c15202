// Figures as tokens in the player's colour with the player's initial, read
// across the table: shared by the three boards and the table display.
import {svg} from '../ui.js';

/** Initials per player id: the first letter, two where first letters clash. */
export function initials(names) {
  const first = Object.fromEntries(Object.entries(names).map(([id, name]) => [id, name.trim().slice(0, 1).toUpperCase()]));
  const clash = letter => Object.values(first).filter(l => l === letter).length > 1;
  return Object.fromEntries(Object.entries(names).map(([id, name]) =>
    [id, clash(first[id]) ? name.trim().slice(0, 2).replace(/^./, c => c.toUpperCase()) : first[id]]));
}

/** One token at (x, y): a disc in the seat colour with a label; a large
 * figure is a bigger disc with a ring around it; `moving` outlines it (the
 * figure the turn being composed moves), `landed` draws it faded where that
 * turn takes it. */
export function token(x, y, {colour, label, large = false, moving = false, landed = false, r = 15}) {
  const kind = `${large ? ' large' : ''}${moving ? ' moving' : ''}${landed ? ' landed' : ''}`;
  return svg('g', {class: `token on-${colour}${kind}`},
    svg('circle', {cx: x, cy: y, r, class: `disc fill-${colour}`}),
    // The large figure: a light ring inside its disc (★ is purple's symbol).
    large ? svg('circle', {cx: x, cy: y, r: r - 3, class: 'ring'}) : null,
    // A counted label ("Be3") is set narrower so it stays inside its disc, as tall as the others.
    svg('text', {x, y: y + 5, 'text-anchor': 'middle', class: 'token-label',
      ...(label.length > 2 ? {textLength: 2 * r - 4, lengthAdjust: 'spacingAndGlyphs'} : {})}, label));
}

/** Tokens side by side within `width` from (x, y), in `rows` rows upwards;
 * more than fit end in one counted token ("+2") so nothing spills over its
 * field. */
export function tokens(x, y, width, items, r = 15, rows = 1) {
  const step = 2 * r + 2;
  const perRow = Math.max(1, Math.floor((width + 2) / step));
  const room = perRow * rows;
  const shown = items.length > room ? items.slice(0, room - 1) : items;
  const at = i => [x + r + (i % perRow) * step, y - Math.floor(i / perRow) * step];
  const out = shown.map((item, i) => token(...at(i), {...item, r}));
  if (items.length > shown.length) {
    const [cx, cy] = at(shown.length);
    out.push(svg('g', {class: 'token more'}, svg('circle', {cx, cy, r, class: 'disc'}),
      svg('text', {x: cx, y: cy + 6, 'text-anchor': 'middle', class: 'token-label'}, `+${items.length - shown.length}`)));
  }
  return out;
}
