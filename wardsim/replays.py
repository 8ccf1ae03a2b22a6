"""Replays: game k of a run, turn by turn in plain English, from the kernel's event trace.

`replay` plays the game again with a trace buffer. Its dice come from (seed, k) alone,
so it is the very game that `simulate` counted as game k.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from wardsim.bosses import Boss
from wardsim.catalog import Catalog, default_catalog
from wardsim.decks import Deck
from wardsim.effects import render
from wardsim.kernel.duel.enums import StrikeResult
from wardsim.kernel.enums import Action, CardCol, EffectCol, Scale, Status, Trigger
from wardsim.kernel.game.enums import BossPlay, EndReason, Event, FizzleReason, GlobCol
from wardsim.kernel.game.match import new_game_arrays, new_seats_arrays, play_game_nb, table_seats
from wardsim.kernel.game.rerolls import ATK_ROLL, HIT_ROLL
from wardsim.kernel.game.trace import TRACE_WIDTH
from wardsim.kernel.rng import RNG_WORDS
from wardsim.policies import BOSS_POLICY, policy_arrays
from wardsim.rules import DECK_SIZE, Rules
from wardsim.simulation import RunConfig, duel_odds_table, odds_table

TRACE_CAPACITY = 20_000
SEAT_LETTERS = "ABCDEF"  # a card's seat, after its name: Knight (C)
_STRIKE_WORDS = {
    StrikeResult.none: "cannot strike",
    StrikeResult.negated: "is negated",
    StrikeResult.miss: "misses",
    StrikeResult.critical_miss: "critically misses",
    StrikeResult.hit: "hits",
    StrikeResult.critical_hit: "lands a critical hit",
}
_FIZZLE_WORDS = {
    FizzleReason.negated: "it was negated",
    FizzleReason.nothing_to_do: "it found nothing to act on",
    FizzleReason.no_battle: "it left the field before any battle used it",
    FizzleReason.full_hp: "the creature was at full HP",
    FizzleReason.resisted: "the boss resisted it",
}
_END_WORDS = {
    EndReason.cemetery: "{threshold} or more HP in the cemetery",
    EndReason.no_creature: "no creature can be placed",
    EndReason.turn_cap: "the turn cap of {max_turns} turns was reached",
    EndReason.both_lost: "both cemeteries reached the threshold together",
    EndReason.returned_alone: "a card came back to an empty hand and deck",
    EndReason.points: "the most points after the last round",
    EndReason.deciding_fight: "the deciding fight",
    EndReason.boss_defeated: "the boss's HP reached 0",
}
_BOSS_PLAY_WORDS = {
    BossPlay.over_cap: "its magic cap is full",
    BossPlay.no_play: "it cannot resolve now",
}


@dataclass
class Replay:
    """One game told turn by turn: `text()` starts with the rules it was played by."""

    lines: list[str]
    winner: int  # the winning team (1v1: 0 = deck A, 1 = deck B); the number of teams: a draw
    trace: np.ndarray
    rules: Rules = Rules()
    rounds: int = 0  # an AL Ladder's rounds (0: another game)

    def text(self) -> str:
        return "\n".join([f"Rules: {self.rules.describe(self.rounds)}.", *self.lines])


def replay(
    deck_a: Deck,
    deck_b: Deck,
    seed: int,
    game: int,
    policy_a: str = "heuristic",
    policy_b: str | None = None,
    rules: Rules | None = None,
    catalog: Catalog | None = None,
) -> Replay:
    """Play game `game` of `seed` again (with the run's policies and rules) and describe it."""
    catalog = catalog or default_catalog()
    rules = rules or Rules()
    tables = catalog.tables()
    a, b = deck_a.card_indices(catalog), deck_b.card_indices(catalog)
    config = RunConfig(a.tolist(), b.tolist(), policy_a, policy_b or policy_a, seed, 1, rules)
    effects = rules.effects_table(tables.effects)
    ids, params = policy_arrays(config.policy_a, config.policy_b)
    arrays = new_game_arrays(a, b, rules.to_array())
    table = duel_odds_table(config, catalog)
    names = (deck_a.name, deck_b.name)
    return _told(tables.cards, effects, arrays, ids, params, seed, game, table, catalog, rules, names)


def replay_table(
    decks: Sequence[Deck],
    mode: str,
    teams: Sequence[int] | None,
    seed: int,
    game: int,
    policy: str = "heuristic",
    rules: Rules | None = None,
    catalog: Catalog | None = None,
) -> tuple[Replay, list[str]]:
    """Play game `game` of a `wardsim.multiplayer.simulate_table` run again, seated as that run
    seated it, and describe it; also the deck name in each seat."""
    from wardsim.multiplayer import TableConfig, table_odds, table_teams

    catalog = catalog or default_catalog()
    rules = rules or Rules()
    tables = catalog.tables()
    player_teams = table_teams(mode, len(decks), teams)
    seat_of = table_seats(seed, game, len(decks))
    order = np.argsort(seat_of)  # order[seat] = the player sitting there
    seat_decks = np.array([decks[k].card_indices(catalog) for k in order])
    seat_teams = np.array([player_teams[k] for k in order])
    effects = rules.effects_table(tables.effects)
    ids, params = policy_arrays(*[policy] * len(decks))
    config = TableConfig(mode, seat_decks.tolist(), seat_teams.tolist(), [policy] * len(decks), seed, 1, rules)
    arrays = new_seats_arrays(seat_decks, seat_teams, rules.to_array(), config.rounds)
    table = odds_table(table_odds(config, catalog))
    names = [decks[k].name for k in order]
    seated = (names, seat_teams.tolist(), config.rounds)
    return _told(tables.cards, effects, arrays, ids, params, seed, game, table, catalog, rules, *seated), names


def replay_boss(
    boss: Boss,
    decks: Sequence[Deck],
    seed: int,
    game: int,
    policy: str = "heuristic",
    boss_policy: str = BOSS_POLICY,
    rules: Rules | None = None,
    catalog: Catalog | None = None,
) -> tuple[Replay, list[str]]:
    """Play game `game` of a `wardsim.raids.simulate_boss` run again, seated as that run seated
    it, and describe it: the boss's primary and mini turns, its target rolls, the players'
    resistance rolls. Also the name in each seat."""
    from wardsim.multiplayer import table_odds
    from wardsim.raids import boss_config

    rules = rules or Rules()
    cards = boss.catalog(catalog or default_catalog())
    config = boss_config(boss, decks, cards, 1, seed, policy, boss_policy, rules)
    players = len(config.decks)
    seat_of = table_seats(seed, game, players)
    order = np.argsort(seat_of)  # order[seat] = the player sitting there
    seat_decks = np.array([config.decks[k] for k in order])
    seat_teams = np.array([config.teams[k] for k in order])
    tables = cards.tables()
    effects = rules.effects_table(tables.effects)
    ids, params = policy_arrays(*[config.policies[k] for k in order])
    boss_seat = int(seat_of[config.boss_player])
    arrays = new_seats_arrays(seat_decks, seat_teams, rules.to_array(), 0, boss_seat)
    table = odds_table(table_odds(config, cards))
    everyone = [*(deck.name for deck in decks), boss.name]
    names = [everyone[k] for k in order]
    told = _told(
        tables.cards,
        effects,
        arrays,
        ids,
        params,
        seed,
        game,
        table,
        cards,
        rules,
        names,
        seat_teams.tolist(),
        0,
        boss_seat,
    )
    return told, names


def _told(
    cards, effects, arrays, ids, params, seed, game, table, catalog, rules, names, teams=None, rounds=0, boss=-1
) -> Replay:
    """Play game `game` of `seed` on the fresh state `arrays` (an AL Ladder's with `rounds`; a
    Boss Battle's against seat `boss`) with a trace, and tell it, the seats named `names` and in
    `teams`."""
    inst, fighters, players, glob, decks = arrays
    trace = np.zeros((TRACE_CAPACITY, TRACE_WIDTH), dtype=np.int64)
    winner = play_game_nb(
        cards,
        effects,
        inst,
        fighters,
        players,
        glob,
        decks,
        ids,
        params,
        np.uint64(seed),
        np.uint64(game),
        np.zeros(RNG_WORDS, dtype=np.uint64),
        np.zeros(0, dtype=np.int64),
        trace,
        table,
    )
    n = int(glob[GlobCol.trace_n])
    lines = describe(trace[:n], inst[:, 0], catalog, names, effects, rules, teams, boss)
    return Replay(lines, int(winner), trace[:n], rules, rounds)


def _health(hp: int) -> str:
    """A creature's HP as the trace gives it: -1 for a Limited Summon, which has no health pool."""
    return f"HP {hp}" if hp >= 0 else "has no health pool (a Limited Summon)"


def _dice(packed: int) -> list[int]:
    """Dice packed base 8 by the kernel, lowest digit first (faces 1..6: a 0 digit ends them)."""
    dice = []
    while packed:
        dice.append(packed & 7)
        packed >>= 3
    return dice


def _reading_order(rows: list[list[int]]) -> list[list[int]]:
    """The trace's rows in the order a player saw them: a re-roll of an Atk roll is traced as it
    is made, in the middle of the strike, before the strike's Hit roll is traced; it is told
    after that Hit roll, with the line of the card that gave it."""
    out = list(rows)
    k = 0
    while k < len(out):
        event, striker, roll = out[k][2], out[k][3], out[k][5]
        if event != Event.reroll or roll != ATK_ROLL:
            k += 1
            continue
        start = k - 1 if k > 0 and out[k - 1][2] == Event.effect else k
        hit = next((m for m in range(k + 1, len(out)) if out[m][2] == Event.hit_dice and out[m][3] == striker), -1)
        if hit < 0:
            k += 1
            continue
        block = out[start : k + 1]
        del out[start : k + 1]
        hit -= len(block)
        out[hit + 1 : hit + 1] = block
        k = hit + 1 + len(block)
    return out


def describe(
    trace: np.ndarray,
    slot_cards: np.ndarray,
    catalog: Catalog,
    names: Sequence[str],
    effects: np.ndarray,
    rules: Rules | None = None,
    teams: Sequence[int] | None = None,
    boss: int = -1,
) -> list[str]:
    """The trace in plain English, one line per event; `names` are the seats' (1v1: A, then B),
    `teams` their teams (1v1: each its own); `boss`: the boss's seat in a Boss Battle."""
    rules = rules or Rules()
    teams = list(teams) if teams is not None else list(range(len(names)))
    two = len(names) == 2 and boss < 0
    out_seats: set[int] = set()  # Boss Battles: the players out of the game
    last_turns = dict.fromkeys(range(len(names)), -1)  # each seat's last turn so far
    boss_primary = -1  # the boss's last primary turn

    def mini_turn(turn: int) -> bool:
        """The boss's turn `turn` is a mini turn: a player still in has had no turn since the
        boss's last primary turn (kernel.game.boss.begin_boss_turn_nb)."""
        nonlocal boss_primary
        if boss_primary >= 0 and any(
            last_turns[q] <= boss_primary for q in range(len(names)) if q != boss and q not in out_seats
        ):
            return True
        boss_primary = turn
        return False

    def card(i: int) -> str:
        if i < 0:
            return "nothing"
        side = SEAT_LETTERS[i // DECK_SIZE]
        return f"{catalog.cards[int(slot_cards[i])].name} ({side})"

    starts = catalog.tables().cards[:, CardCol.effect_start]

    def row_text(user: int, row: int) -> str:
        """Effect row `row` in English, naming the card it is printed on when `user` (an
        instance) borrowed it (Hell Skeleton copies its opponent's rows)."""
        owner = int(np.searchsorted(starts, row, side="right")) - 1  # the last card starting at or before it
        sentence = render(catalog.cards[owner].effects[row - int(starts[owner])]).rstrip(".")
        borrowed = "" if owner == int(slot_cards[user]) else f" ({catalog.cards[owner].name}'s effect)"
        return f"{sentence[:1].lower()}{sentence[1:]}{borrowed}."

    def rolled_row(row: int, die: int) -> int:
        """The row a die roll chose: `row` is the first of a card's roll table (The Alchemist:
        1-2 heal, 3-4 damage, 5-6 self-damage); the row of the same trigger whose range holds
        the die is the one that acted."""
        lo, hi = effects[row, EffectCol.roll_lo], effects[row, EffectCol.roll_hi]
        if lo == 0 or lo <= die <= hi:
            return row
        owner = int(np.searchsorted(starts, row, side="right")) - 1
        first = int(starts[owner])
        for other in range(first, first + len(catalog.cards[owner].effects)):
            same = effects[other, EffectCol.trigger] == effects[row, EffectCol.trigger]
            if same and effects[other, EffectCol.roll_lo] <= die <= effects[other, EffectCol.roll_hi]:
                return other
        return row

    def stops_damage(row: int, die: int) -> bool:
        """Whether `die`, rolled for row `row`, sets off its card's row that stops the opponent's
        damage for the turn (Omega Titan: one die for its two rows, the first row traced)."""
        owner = int(np.searchsorted(starts, row, side="right")) - 1
        return any(
            e.action == "no_damage" and e.roll is not None and e.roll[0] <= die <= e.roll[1]
            for e in catalog.cards[owner].effects
        )

    def same_die_rows(row: int, die: int) -> list[int]:
        """The rows after the rolled row `row`, which acted on `die`, that read the same die and act
        on it too (Omega Titan: on 1-3 no magic card and no damage; the trace names the first row only)."""
        owner = int(np.searchsorted(starts, row, side="right")) - 1
        first = int(starts[owner])
        found = []
        for other in range(row + 1, first + len(catalog.cards[owner].effects)):
            e = catalog.cards[owner].effects[other - first]
            if "same_roll" not in e.flags:
                break
            if e.roll is not None and e.roll[0] <= die <= e.roll[1]:
                found.append(other)
        return found

    def last_turn(i: int, played: int) -> int:
        """The last turn of magic card i played in turn `played`, where its rows last turn
        cycles (Steam Armor: 2 turn cycles, this turn and 3 more); -1 if none. A card for "this
        turn" is left out: leaving in the turn it was played, it may as well have done nothing."""
        cycles = [row.duration for row in catalog.cards[int(slot_cards[i])].effects if isinstance(row.duration, int)]
        return played + 2 * max(cycles) - 1 if cycles else -1

    lines: list[str] = []
    expiry: dict[int, int] = {}  # magic card on the field -> the last turn of its time
    broken: dict[int, int] = {}  # magic card -> the turn it was last negated or destroyed
    harmless: dict[int, tuple[int, int]] = {}  # player -> (turn, source): it causes no damage in that turn
    sleep_told: set[int] = set()  # Carus Demons whose on-summon sleep was told since they arrived
    attack = ("?", "?")  # the battle under way
    strike: tuple[str, int, int] = ("?", 0, 0)  # the strike under way: striker, result, target AL
    rows = _reading_order(trace.tolist())
    ladder = any(row[2] == Event.round for row in rows)  # an AL Ladder: the turns tell the points
    points = [0] * len(names)
    deciding = False  # the round under way is a deciding fight

    def rolls_atk_dice(k: int, striker: int) -> bool:
        """Whether the strike whose Hit dice are row k goes on to an Atk roll of `striker`:
        the rows of that strike come before the next strike, battle end or turn."""
        for row in rows[k + 1 :]:
            if row[2] == Event.atk_dice and row[3] == striker:
                return True
            if row[2] in (Event.strike, Event.battle_end, Event.battle, Event.turn):
                return False
        return False

    for k, (turn, player, event, a, b, c) in enumerate(rows):
        if event == Event.magic:
            expiry[a] = last_turn(a, turn)
        elif event in (Event.negated, Event.destroyed):
            broken[a] = turn
        elif event in (Event.stolen, Event.to_hand, Event.to_deck, Event.placed_under):
            expiry.pop(a, None)  # off to another place or player: its time is not what moves it
        who = names[player] if 0 <= player < len(names) else "?"
        if event == Event.turn:
            last_turns[player] = a
        whose = who + ("'" if who.endswith("s") else "'s")  # giants' cemetery, undead's hand
        e = Event
        if event == e.first_player and not two:
            lines.append(f"Roll-off for the first turn: {who} rolls the lowest and goes first.")
        elif event == e.first_player:
            lines.append(
                f"Roll-off for the first turn: {names[0]} rolls {a}, {names[1]} rolls {b}; "
                f"{who} (the lower roll) chooses to go first."
            )
        elif event == e.turn and player == boss:
            kind = "a mini turn: it draws one card and plays it" if mini_turn(a) else "a primary turn"
            lines.append(f"\n== Turn {a + 1}: {who}, {kind}.")
        elif event == e.turn and not two:
            lines.append(f"\n== Turn {a + 1}: {who}.")
        elif event == e.turn:
            score = (
                f"Points: {names[0]} {points[0]}, {names[1]} {points[1]}"
                if ladder
                else (f"Cemetery HP: {names[0]} {b}, {names[1]} {c}")
            )
            lines.append(f"\n== Turn {a + 1} ({'cycle ' + str(a // 2 + 1)}): {who}. {score}")
        elif event == e.draw:
            lines.append(f"{who} draws {card(a)}.")
        elif event == e.deck_empty:
            lines.append(f"{whose} deck is empty: no draw (carding out is not a loss).")
        elif event == e.discard:
            lines.append(f"{who} discards {card(a)} to the cemetery.")
        elif event == e.summon:
            sleep_told.discard(a)  # a new arrival: its on-summon effect is told again
            lines.append(f"{who} summons {card(a)}" + (f" with {c} sacrifice(s)." if c else "."))
        elif event == e.sacrifice:
            lines.append(f"{who} sacrifices {card(a)}" + (" (it goes under the new creature)." if c >= 0 else "."))
        elif event == e.kill_own:
            lines.append(f"{who} kills their own {card(a)} to make room.")
        elif event == e.to_cemetery:
            if 0 <= expiry.pop(a, -1) <= turn and broken.get(a) != turn:
                # not negated nor destroyed: its time is up (the kernel's wrap-up sends it)
                lines.append(f"{card(a)} has lasted its time and goes to {whose} cemetery (cemetery HP now {c}).")
            else:
                lines.append(f"{card(a)} goes to {whose} cemetery (cemetery HP now {c}).")
        elif event == e.death:
            lines.append(f"{card(a)} dies" + (f", killed by {card(c)}." if c >= 0 else "."))
        elif event == e.magic:
            lines.append(f"{who} plays {card(a)}.")
        elif event == e.response:
            lines.append(f"{who} answers with {card(a)}.")
        elif event == e.negated:
            lines.append(f"{card(a)} is negated by {card(c)}.")
        elif event == e.destroyed:
            lines.append(f"{card(a)} is destroyed.")
        elif event == e.stolen:
            lines.append(f"{who} steals {card(a)}.")
        elif event == e.equipped:
            lines.append(f"{who} takes {card(a)} from their deck and equips it to {card(c)}.")
        elif event == e.placed_under:
            lines.append(f"{who} places {card(a)} under {card(c)}.")
        elif event == e.battle:
            attack = (card(a), card(b))
            lines.append(f"{who} battles: {card(a)} attacks {card(b)}.")
        elif event == e.speed_rolloff:
            dice = _dice(b)
            rolls = ", ".join(f"{x} against {y}" for x, y in zip(dice[::2], dice[1::2], strict=False))
            lines.append(f"  Equal SPD: roll-off {rolls}.")
        elif event == e.strike:
            strike = (card(a), b, c)
            if b in (StrikeResult.none, StrikeResult.negated):
                lines.append(f"  {card(a)} {_STRIKE_WORDS[b]}.")
        elif event == e.hit_dice and strike[0] == card(a):
            line = (
                f"  {card(a)} rolls Hit dice {_dice(b)}: {c} with bonuses against AL {strike[2]}, "
                f"and {_STRIKE_WORDS.get(strike[1], 'strikes')}"
            )
            stopper = harmless.get(player, (-1, -1))
            if strike[1] in (StrikeResult.hit, StrikeResult.critical_hit) and not rolls_atk_dice(k, a):
                if stopper[0] == turn:  # Omega Titan: the hit stands, but its player causes no damage now
                    line += f", but deals no damage: {card(stopper[1])} stops all damage from {whose} side this turn"
                else:  # disarmed (Minotaur, Fear), or its on-hit effect ended the battle first
                    line += ", but rolls no Atk dice"
            lines.append(line + ".")
        elif event == e.reroll:
            roll = "Hit" if c == HIT_ROLL else "Atk"
            lines.append(f"  {card(a)}'s {roll} dice {_dice(b)} are re-rolled, {who}'s choice.")
        elif event == e.effect_rolls:
            lines.append(f"  {card(a)}'s on-hit effect rolls {_dice(b)[::-1]}.")
        elif event == e.atk_dice:
            if strike[1] == StrikeResult.critical_miss:
                lines.append(f"  {card(a)} takes {c} damage from its own die ({_dice(b)}).")
            else:
                lines.append(f"  {card(a)} rolls Atk dice {_dice(b)}: {c} damage.")
        elif event == e.battle_end:
            lines.append(f"  After the strikes: {attack[0]} {_health(a)}, {attack[1]} {_health(b)}.")
        elif event == e.effect_damage:
            if c >= 0:
                lines.append(f"  {card(a)} takes {b} damage from an effect (HP {c}).")
            else:
                lines.append(f"  {card(a)} is struck by an effect, but a Limited Summon has no health pool.")
        elif event == e.dot_tick:
            if b > 0:
                lines.append(f"  {card(a)} takes {b} damage over time (HP {c}).")
            elif b == 0:  # an aura's tick (Basilisk) that the creature's protection stopped
                lines.append(f"  {card(a)} takes no damage over time (HP {c}).")
            else:
                lines.append(f"  {card(a)} heals {-b} HP over time (HP {c}).")
        elif event == e.heal:
            if b > 0:
                lines.append(f"  {card(a)} heals {b} HP (HP {c}).")
            else:  # healing a creature at full HP does nothing (the play counts as fizzled: full_hp)
                lines.append(f"  {card(a)} is already at full HP: the healing has no effect (HP {c}).")
        elif event == e.effect:
            row = int(b)
            if effects[row, EffectCol.action] == Action.cemetery_hp:  # Reduce the Burden
                lines.append(f"  {card(a)} takes {c} HP off its player's cemetery: {row_text(a, row)}")
            elif effects[row, EffectCol.action] == Action.avenge:  # Last Hope Hero: the dice total, doubled
                lines.append(f"  {card(a)} rolls for {c} Atk damage, a critical hit: {row_text(a, row)}")
            elif effects[row, EffectCol.action] == Action.put_to_sleep and a in sleep_told:
                # Carus Demon's second event: damage to a sleeper ended the sleep (ruling carus-demon)
                sleep_told.discard(a)
                lines.append(
                    f"  Damage wakes the creatures {card(a)} put to sleep: they can battle again, and "
                    f"{who} destroys 1 magic card on the field of their choice, if there is one."
                )
            elif effects[row, EffectCol.trigger] == Trigger.battle_start and effects[row, EffectCol.scale] == (
                Scale.hand_named
            ):  # Arcane Power: the cards revealed, not a die
                lines.append(f"  {card(a)}: {c} card{'s' if c != 1 else ''} revealed from hand: {row_text(a, row)}")
            else:
                if effects[row, EffectCol.action] == Action.put_to_sleep:
                    sleep_told.add(a)
                if c and stops_damage(row, int(c)):
                    harmless[1 - player] = (turn, a)
                text = row_text(a, rolled_row(row, int(c)) if c else row)
                if c and effects[row, EffectCol.roll_lo] <= c <= effects[row, EffectCol.roll_hi]:
                    text += "".join(f" Also: {row_text(a, other)}" for other in same_die_rows(row, int(c)))
                if not c:
                    line = f"  {card(a)} uses an effect: {text}"
                elif player != a // DECK_SIZE:
                    # the other side rolls against the card: Electroloon's, Metallic Bone's release
                    line = f"  {who} rolls {c} against {card(a)}: {text}"
                elif effects[row, EffectCol.release_lo] > 0:
                    # the creature held (wrapped by Kraken, disarmed by Giant Snake) rolls to be
                    # freed: the effect is the holder's, not one this creature uses
                    owner = int(np.searchsorted(starts, row, side="right")) - 1
                    sentence = render(catalog.cards[owner].effects[row - int(starts[owner])]).rstrip(".")
                    line = (
                        f"  {card(a)} rolls {c} to break free of {catalog.cards[owner].name}'s effect: "
                        f"{sentence[:1].lower()}{sentence[1:]}."
                    )
                else:
                    line = f"  {card(a)} rolls {c} for an effect: {text}"
                lo, hi = effects[row, EffectCol.release_lo], effects[row, EffectCol.release_hi]
                if c and lo > 0:  # a roll to be freed: Kraken's wrap, Giant Snake's disarm
                    held = {Status.disarmed: "disarmed", Status.stunned: "stunned"}.get(
                        int(effects[row, EffectCol.status]), "wrapped"
                    )
                    line += " It is released." if lo <= c <= hi else f" It stays {held}."
                lines.append(line)
        elif event == e.redraw:
            lines.append(f"{who} cannot place a creature: shows the hand, shuffles {a} card(s) back and redraws.")
        elif event == e.cannot_place:
            lines.append(f"{who} has no playable creature and loses.")
        elif event == e.skip_turn:
            lines.append(f"{who} skips this turn.")
        elif event == e.limited_summon:
            lines.append(f"{who} brings {card(a)} to the field as a Limited Summon (held by {card(c)}).")
        elif event == e.slide_in:
            lines.append(f"{card(a)} slides in as {whose} primary creature.")
        elif event == e.to_hand:
            lines.append(f"{card(a)} returns to {whose} hand.")
        elif event == e.to_deck:
            lines.append(f"{card(a)} goes to {whose} deck" + (" (bottom)." if c else " (shuffled)."))
        elif event == e.rewind:
            lines.append(
                f"{card(a)} resets the turn: everything in it since its start is undone, and it is "
                "played again from the draw phase."
            )
        elif event == e.deck_order:
            deck = names[a // DECK_SIZE]
            lines.append(f"  {who} puts {card(a)} back on {deck}'s deck, card {c} from the top (both players saw it).")
        elif event == e.face:
            lines.append(f"{who} faces {names[a]} this turn.")
        elif event == e.round:
            deciding = c > 0
            fight = f"Deciding fight: the dice sum {c} names" if c else f"Round {a}:"
            lines.append(f"\n-- {fight} AL {b}. Each player's creature of AL {b} comes to the field.")
        elif event == e.round_end:
            if b < 0:
                lines.append(
                    f"{'The deciding fight' if deciding else f'Round {a}'} is over: both creatures died, no point. "
                    "Every card on the field goes to the cemetery; the turn ends."
                )
            elif deciding:
                lines.append(f"The deciding fight is over: {names[b]} wins it.")
            else:
                points[b] = c
                lines.append(
                    f"Round {a} is over: {names[b]} wins it ({c} point{'s' if c != 1 else ''}). Every card on "
                    "the field goes to the cemetery; the turn ends."
                )
        elif event == e.boss_card:
            lines.append(
                f"{who} cannot play {card(a)} ({_BOSS_PLAY_WORDS[c]}): it goes to the cemetery with no effect."
            )
        elif event == e.resist:
            outcome = "it takes effect" if c else "the boss resists it"
            lines.append(f"  {who} rolls {b} for {card(a)} against the boss's resistance (4-6 holds): {outcome}.")
        elif event == e.target_roll:
            faces = [(q, (b >> (3 * q)) & 7) for q in range(len(names))]
            rolls = ", ".join(f"{names[q]} {d}" for q, d in faces if d)
            told = f"the lowest, {names[a]}, is targeted" if a >= 0 else "the lowest is tied, and they roll again"
            lines.append(f"  The players roll for the boss's target: {rolls}; {told}.")
        elif event == e.reshuffle:
            lines.append(f"{whose} deck is empty: its cemetery ({a} cards) is shuffled into it (it never runs out).")
        elif event == e.player_out:
            out_seats.add(player)
            ending = _END_WORDS.get(b, "out").format(threshold=rules.cemetery_threshold, max_turns=rules.max_turns)
            lines.append(f"{who} is out ({ending}) with {a} cemetery HP: their cards leave the game.")
        elif event == e.fizzle:
            lines.append(f"  [fizzled] {card(a)} was played to no effect: {_FIZZLE_WORDS[c]}.")
        elif event == e.game_end:
            winners = [name for name, team in zip(names, teams, strict=True) if team == a]
            result = (
                "a draw" if a == max(teams) + 1 else f"{' and '.join(winners)} win{'s' if len(winners) == 1 else ''}"
            )
            ending = _END_WORDS.get(b, "the game is over").format(
                threshold=rules.cemetery_threshold, max_turns=rules.max_turns
            )
            lines.append(f"\nThe game ends: {result} ({ending}).")
    return lines
