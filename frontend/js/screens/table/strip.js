// The top of the table: the score strip in the players' own colours, whose
// turn it is, and for a finished game who won, with the ways on.
import {h} from '../../ui.js';
import {t, say} from '../../i18n.js';
import {rankReason, seatSymbol, seatColours} from '../../words.js';
import {isLocal} from '../../api.js';
import {namesOf} from './state.js';

/** The players' seat colours by id: as chosen on this phone, else the seat's. */
export const coloursOf = ({game, mine}) => seatColours(game.record.players, mine.colours);

/** A player's colour mark: the symbol of the seat colour (the name beside it
 * says who; the colour is never the only signal). */
export function seatMark(table, player) {
  const colour = coloursOf(table)[player];
  return h('span', {class: `seat-mark c-${colour}`, 'aria-hidden': 'true'}, `${seatSymbol(colour)} `);
}

/** Every player's running total and rank, the current player marked; where
 * the totals do not decide the ranks (Celtica's incomplete amulets), what
 * does, and each player's largest of what decides then. */
export function scoreStrip(table, current) {
  const sheet = table.game.scoresheet;
  const byId = Object.fromEntries(sheet.players.map(p => [p.id, p]));
  const reason = rankReason(sheet, table.ruleset);
  const tie = table.ruleset && table.ruleset.sheet.tie_break;
  const strip = h('ol', {class: 'strip', 'aria-label': t('table.scores'), 'aria-describedby': reason ? 'strip-reason' : null},
    table.game.record.players.map(player => {
      const score = byId[player.id];
      const largest = reason && score.breakdown[tie.then][0];
      return h('li', {class: `player seat-${coloursOf(table)[player.id]}${player.id === current ? ' current' : ''}`,
        dataset: {player: player.id}},
      h('div', {class: 'name'}, seatMark(table, player.id), player.name,
        player.id === current ? h('span', {class: 'sr'}, ` (${t('table.now')})`) : null),
      h('div', {class: 'total'}, String(score.total)),
      h('div', {class: 'hint'}, t('table.rank', {rank: score.rank}),
        largest ? [h('br'), say(tie.largest, {n: largest})] : null));
    }));
  return reason ? [strip, h('p', {class: 'hint strip-reason', id: 'strip-reason'}, reason)] : strip;
}

/** Whose turn it is, large; or, when the game is over, who won and the
 * buttons to the summary and the score sheet. */
export function turnLine(table, current) {
  const sheet = table.game.scoresheet;
  if (sheet.status !== 'finished') {
    return h('p', {class: 'turn-now', id: 'turn-now'}, seatMark(table, current),
      t('table.turn_of', {player: namesOf(table.game)[current]}));
  }
  const winners = sheet.winners.map(id => namesOf(table.game)[id]);
  return h('section', {class: 'panel over', id: 'game-over', 'aria-labelledby': 'over-title'},
    h('h2', {id: 'over-title', class: 'turn-now'}, t('table.over')),
    h('p', {id: 'winners'}, new Intl.ListFormat(document.documentElement.lang, {type: 'conjunction'}).format(winners),
      ' ', t('table.won', {n: winners.length})),
    h('p', {class: 'row'},
      // A game on this phone has no summary: a server's job makes it.
      isLocal(table.id) ? null : h('a', {class: 'button primary', href: `#/summary/${table.id}`}, t('nav.summary')),
      h('a', {class: `button${isLocal(table.id) ? ' primary' : ''}`, href: `#/sheet/${table.id}`}, t('nav.sheet'))));
}
