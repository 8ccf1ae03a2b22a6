"""The bots: every choice is the player's, no bot sees a hidden card, and the play statistics.

Rule scenarios on the scripted game table (`gamekit`); the information test plays real games
to the middle and asks each policy twice, once with the hidden cards dealt otherwise.
"""

import itertools

import numpy as np
import pytest
from gamekit import CAT, Event, InstZone, K, Phase, Table

from wardsim.analytics.card_metrics import play_stats
from wardsim.battle import exact_odds_matrix
from wardsim.decks import bundled_decks
from wardsim.kernel.bots import race, search
from wardsim.kernel.bots.enums import PolicyParam
from wardsim.kernel.bots.policies import WASTED
from wardsim.kernel.enums import FighterCol
from wardsim.kernel.game import match, play
from wardsim.kernel.game.actions import action_a, action_b, action_kind
from wardsim.kernel.game.enums import COUNTER_SPAN, MAX_ACTIONS, FizzleReason, GlobCol, InstCol, PlayerCol, SeenBit
from wardsim.kernel.rng import new_rng
from wardsim.policies import POLICIES, policy_arrays
from wardsim.rules import Rules
from wardsim.simulation import simulate

G = GlobCol
I = InstCol  # noqa: E741
P = PlayerCol
DECKS = {d.name: d for d in bundled_decks()}


def plays(t: Table, i: int) -> tuple[int, int]:
    """(plays, fizzles) of instance i so far."""
    seen = int(t.inst[i, I.seen])
    return seen // SeenBit.plays_unit % COUNTER_SPAN, seen // SeenBit.fizzles_unit


def setup(a: str, b: str, hand_a=(), hand_b=(), deck_a=(), policy: str = "greedy") -> tuple[Table, int, int]:
    """Player 0 (`a` as primary) in its magic/summoning phase of turn 2, player 1 with `b`."""
    t = Table([a, *hand_a, *deck_a], [b, *hand_b], policy=policy)
    x, y = t.primary(0, a), t.primary(1, b)
    t.to_hand(0, *hand_a)
    t.to_hand(1, *hand_b)
    t.glob[G.phase] = Phase.main
    return t, x, y


# ---------------------------------------------------------------- every choice is the player's


def test_the_player_chooses_its_sacrifices_from_hand_or_field():
    # rules guide, Sacrificing: "discarding a creature from the field and/or your hand": a
    # one-sacrifice summon may be paid by the primary or by either creature in hand
    sacrificed = set()
    for seed in range(40):
        t, goblin, _ = setup("Goblin", "Frog", hand_a=["Grizzly Bear", "Kobold", "Dwarf"], policy="random")
        t.rng[:] = new_rng(seed, 0)
        t.act(K.summon, t.find(0, "Grizzly Bear", InstZone.hand))
        sacrificed.update(CAT.cards[e[4]].name for e in t.events(Event.sacrifice))
    assert sacrificed == {"Goblin", "Kobold", "Dwarf"}


def test_the_heuristic_sacrifices_the_primary_it_replaces_rather_than_a_hand_creature():
    t, goblin, _ = setup("Goblin", "Frog", hand_a=["Grizzly Bear", "Kobold"], policy="heuristic")
    t.act(K.summon, t.find(0, "Grizzly Bear", InstZone.hand))
    assert [CAT.cards[e[4]].name for e in t.events(Event.sacrifice)] == ["Goblin"]
    assert "Kobold" in t.hand(0)


def test_the_player_chooses_what_to_discard_at_the_hand_limit():
    # rules guide, Draw phase: "discard cards to the cemetery until you have eight"; a sensible
    # player keeps its creatures out of the cemetery race and discards a magic card
    hand = ["Health Potion", "Werewolf", "Dwarf", "Kobold", "Grizzly Bear", "Giant Eagle", "Raptor", "Rogue"]
    t, _, _ = setup("Goblin", "Frog", hand_a=hand, deck_a=["Dragon Fox"], policy="heuristic")
    t.on_top(0, "Dragon Fox")
    t.glob[G.phase] = Phase.draw
    t.begin_turn()
    discarded = [CAT.cards[e[4]].name for e in t.events(Event.discard)]
    assert discarded == ["Health Potion"] and t.cemetery_hp(0) == 0


# ---------------------------------------------------------------- no peeking


def _positions(deck_a: str, deck_b: str, seeds: range, turn: int):
    """Mid-game positions of real heuristic games, each at the active player's first decision
    of turn `turn`, with the legal actions."""
    a, b = (DECKS[name].card_indices(CAT).astype(np.int64) for name in (deck_a, deck_b))
    policy, params = policy_arrays("heuristic", "heuristic")
    creatures = sorted({int(c) for c in (*a, *b) if CAT.cards[c].is_creature})
    odds = exact_odds_matrix([CAT.cards[c] for c in creatures], catalog=CAT)
    table = np.full((len(CAT), len(CAT)), -1.0)
    table[np.ix_(creatures, creatures)] = odds
    for seed in seeds:
        state = match.new_game_arrays(a, b, Rules().to_array())
        rng = new_rng(seed, 0)
        no_script = np.zeros(0, dtype=np.int64)
        no_trace = np.zeros((0, 6), dtype=np.int64)
        play.setup_nb(*CAT_TABLES, *state, np.uint64(seed), np.uint64(0), rng, no_script, no_trace)
        glob = state[3]
        while glob[G.winner] < 0 and glob[G.turn] < turn:
            match.play_turn_nb(*CAT_TABLES, *state, policy, params, rng, no_script, no_trace, table)
        if glob[G.winner] >= 0:
            continue
        play.begin_turn_nb(*CAT_TABLES, *state, policy, params, rng, no_script, no_trace)
        actions = np.zeros(MAX_ACTIONS, dtype=np.int64)
        n = play.legal_actions_nb(*CAT_TABLES, *state[:4], actions)
        if glob[G.winner] < 0 and n > 1:
            yield state, actions, n, table


CAT_TABLES = (CAT.tables().cards, CAT.tables().effects)


def _redeal(inst: np.ndarray, me: int, rng: np.random.Generator) -> np.ndarray:
    """Another arrangement of the cards `me` cannot see: the opponent's hand and deck faces
    shuffled together (its hand cards known to both players stay, and its deck cards known where
    they lie), and `me`'s deck order."""
    inst = inst.copy()
    for owner, zones in ((1 - me, (InstZone.hand, InstZone.deck)), (me, (InstZone.deck,))):
        hidden = [
            i
            for i in range(inst.shape[0])
            if inst[i, I.owner] == owner
            and inst[i, I.zone] in zones
            and not (inst[i, I.zone] == InstZone.hand and inst[i, I.seen] & SeenBit.public)
            and not (inst[i, I.zone] == InstZone.deck and inst[i, I.seen] & SeenBit.known_in_deck)
        ]
        inst[hidden, I.card] = rng.permutation(inst[hidden, I.card])
    return inst


@pytest.mark.parametrize("name", [name for name in POLICIES if name != "random"])
def test_a_decision_does_not_change_when_the_hidden_cards_are_dealt_otherwise(name):
    # DESIGN.md, Seats and bots: "a policy reads its own hand, the fields, the cemeteries,
    # counts of hidden cards and what has been revealed"; the search deals the hidden cards
    # anew, from what its player has seen, before each playout
    policy, params = policy_arrays(name, name)
    if name == "search":
        params[:, 2] = 8  # a small budget keeps the test quick; the deal is the same for any
    shuffler = np.random.default_rng(3)
    checked = changed = 0
    for state, actions, n, table in _positions("dragons", "control", range(12), turn=6):
        inst, fighters, players, glob, decks = state
        me = int(glob[G.active])
        choices = []
        for arrangement in range(3):
            dealt = inst if arrangement == 0 else _redeal(inst, me, shuffler)
            changed += int(arrangement > 0 and not np.array_equal(dealt[:, I.card], inst[:, I.card]))
            rng = new_rng(99, 0)
            choices.append(
                search.choose_action_nb(
                    policy,
                    params,
                    *CAT_TABLES,
                    dealt.copy(),
                    fighters.copy(),
                    players.copy(),
                    glob.copy(),
                    decks.copy(),
                    actions,
                    n,
                    rng,
                    table,
                )
            )
        assert len(set(choices)) == 1, (name, choices)
        checked += 1
    assert checked >= 5 and changed >= 2 * checked - 1


def test_the_deal_keeps_everything_its_player_has_seen():
    for state, _, _, _ in _positions("giants", "sustain", range(6), turn=8):
        inst = state[0]
        me = int(state[3][G.active])
        dealt = inst.copy()
        search.determinize_nb(dealt, me, new_rng(5, 1))
        seen = (inst[:, I.zone] != InstZone.deck) & ~((inst[:, I.zone] == InstZone.hand) & (inst[:, I.owner] != me))
        assert np.array_equal(dealt[seen], inst[seen])  # its hand, both fields, both cemeteries
        for owner in (0, 1):  # the same cards, only elsewhere
            mine = inst[:, I.owner] == owner
            assert sorted(dealt[mine, I.card]) == sorted(inst[mine, I.card])


def _candidates(values, base, width=4, margin=20.0):
    out = np.empty(MAX_ACTIONS, dtype=np.int64)
    m = search.candidates_nb(np.array(values, dtype=np.float64), len(values), base, width, margin, out)
    return out[:m].tolist()


def test_the_search_compares_only_the_close_calls():
    # within 20 points of the heuristic's choice (1: 35 points), best first; ending the phase (0
    # points) is too far below
    assert _candidates([0.0, 35.0, 30.0, 10.0, -5.0, 16.0], base=1) == [1, 2, 5]
    assert _candidates([0.0, 35.0, 30.0, 10.0, -5.0, 16.0], base=1, width=2) == [1, 2]
    # a clear call is not searched at all
    assert _candidates([0.0, 80.0, 10.0], base=1) == [1]
    # ending the phase and a card the heuristic values below nothing are close calls too
    assert _candidates([0.0, -4.0, 3.0], base=2) == [2, 0, 1]


def test_the_search_never_tries_a_card_the_heuristic_knows_is_wasted():
    assert _candidates([0.0, WASTED, 2 * WASTED], base=0, margin=1e9) == [0]


def test_a_search_that_compares_one_action_plays_the_heuristics_games():
    # the search starts from the heuristic's values and choice: with nothing to compare it is
    # the heuristic, game for game and die for die
    a, b = DECKS["control"], DECKS["equipment"]
    searched = simulate(a, b, games=30, seed=4, policy_a="search:width=1", keep_records=True)
    heuristic = simulate(a, b, games=30, seed=4, policy_a="heuristic", keep_records=True)
    assert searched.records.equals(heuristic.records)


# ---------------------------------------------------------------- better play


def test_the_heuristic_keeps_backstab_for_a_turn_it_battles():
    # Backstab acts "this turn" only: in the first turn cycle, when nobody may battle, it waits
    t, _, _ = setup("Assassin", "Frog", hand_a=["Backstab"], policy="heuristic")
    t.glob[G.turn] = 0
    legal = t.legal()
    assert any(action_kind(a) == K.magic for a in legal)
    k = search.choose_action_nb(t.policy, t.params, *t.args, np.array(legal + [0] * 200), len(legal), t.rng, NO_TABLE)
    assert action_kind(legal[k]) != K.magic


NO_TABLE = np.zeros((0, 0))


def _heuristic_choice(t: Table) -> int:
    """The active player's choice now, under its policy: an action code."""
    legal = t.legal()
    k = search.choose_action_nb(t.policy, t.params, *t.args, np.array(legal + [0] * 200), len(legal), t.rng, NO_TABLE)
    return legal[k]


def test_the_heuristic_sweeps_the_field_before_it_lays_down_its_own_equips():
    # Dragon Fire destroys every other magic card on the field: played after Magic Ring it would
    # take the Ring along with the opponent's two equips; played first, it leaves the Ring be
    t, _, goblin = setup(
        "Assassin",
        "Goblin",
        hand_a=["Dragon Fire", "Magic Ring"],
        hand_b=["Knight Armor", "Lucky Charm"],
        policy="heuristic",
    )
    for name in ("Knight Armor", "Lucky Charm"):
        j = t.find(1, name, InstZone.hand)
        t.inst[j, I.zone], t.inst[j, I.attached_to], t.inst[j, I.controller] = InstZone.magic, goblin, 1
    t.refresh()
    first = _heuristic_choice(t)
    assert action_kind(first) == K.magic and t.inst[action_a(first), I.card] == CAT.index("Dragon Fire")
    t.play("Dragon Fire")
    then = _heuristic_choice(t)
    assert action_kind(then) == K.magic and t.inst[action_a(then), I.card] == CAT.index("Magic Ring")


def test_the_heuristic_battles_after_playing_a_card_for_this_turns_battle():
    t, _, _ = setup("Frog", "Grizzly Bear", hand_a=["Backstab"], policy="heuristic")
    t.play("Backstab")
    t.to_combat()
    legal = t.legal()
    k = search.choose_action_nb(t.policy, t.params, *t.args, np.array(legal + [0] * 200), len(legal), t.rng, NO_TABLE)
    assert action_kind(legal[k]) == K.battle


def _odds_table(*names: str) -> np.ndarray:
    """The exact duel table of these creatures (every other pair unknown)."""
    rows = [CAT.index(name) for name in names]
    table = np.full((len(CAT), len(CAT)), -1.0)
    table[np.ix_(rows, rows)] = exact_odds_matrix([CAT.cards[c] for c in rows], catalog=CAT)
    return table


def _combat_choice(t: Table, table: np.ndarray) -> int:
    """The active player's choice at the start of its combat phase: an action code."""
    t.to_combat()
    legal = t.legal()
    k = search.choose_action_nb(t.policy, t.params, *t.args, np.array(legal + [0] * 200), len(legal), t.rng, table)
    return legal[k]


@pytest.mark.parametrize("state_odds", [1.0, 0.0])
def test_the_heuristic_attacks_a_creature_left_at_low_hp(state_odds):
    # a Knight loses to a Werewolf at full HP, and is sure to win against one left at 5 HP: the
    # heuristic's odds see the HP lost (kernel.bots.race); with state_odds=0 they are the
    # printed cards' alone
    table = _odds_table("Knight", "Werewolf")
    assert table[CAT.index("Knight"), CAT.index("Werewolf")] < 0.4
    t, _, _ = setup("Knight", "Werewolf", policy="heuristic")
    t.params[:, PolicyParam.state_odds] = state_odds
    assert action_kind(_combat_choice(t, table)) == K.end
    t, _, wolf = setup("Knight", "Werewolf", policy="heuristic")
    t.params[:, PolicyParam.state_odds] = state_odds
    t.fighters[wolf, FighterCol.hp] = 5
    kind = action_kind(_combat_choice(t, table))
    assert kind == (K.battle if state_odds else K.end)


def test_the_heuristic_does_not_attack_into_a_creature_it_cannot_hurt_now():
    # a Werewolf beats a Knight as printed; a Knight at AL 12 (the cap) and shielded for the
    # next strike is another creature
    table = _odds_table("Knight", "Werewolf")
    t, _, _ = setup("Werewolf", "Knight", policy="heuristic")
    assert action_kind(_combat_choice(t, table)) == K.battle
    t, _, knight = setup("Werewolf", "Knight", policy="heuristic")
    t.fighters[knight, FighterCol.al_change] = 4
    t.fighters[knight, FighterCol.shielded] = 1
    assert action_kind(_combat_choice(t, table)) == K.end


def test_the_race_odds_agree_with_the_exact_duels_of_creatures_without_effects():
    # the race is a model (mean damage per hit), so it is checked for what the heuristic uses
    # it for: it orders the pairs as the exact solver does, and lies close to it
    names = ["Knight", "Werewolf", "Goblin", "Ogre", "Raptor", "Griffin", "Kobold", "Dwarf"]
    table = _odds_table(*names)
    exact, raced = [], []
    for a in names:
        for b in names:
            if a != b:
                sa, sb = np.zeros(race.N_STATS, dtype=np.int64), np.zeros(race.N_STATS, dtype=np.int64)
                race.printed_stats_nb(CAT_TABLES[0], CAT.index(a), sa)
                race.printed_stats_nb(CAT_TABLES[0], CAT.index(b), sb)
                exact.append(table[CAT.index(a), CAT.index(b)])
                raced.append(race.race_odds_nb(sa, sb))
    exact, raced = np.array(exact), np.array(raced)
    assert np.corrcoef(exact, raced)[0, 1] > 0.95
    assert np.mean(np.abs(exact - raced)) < 0.08


def test_the_race_odds_match_a_simulated_race():
    # the recursion against a Monte Carlo of the same race: hits of fixed chance, a fixed count
    # of them to kill, the faster first (a coin at equal SPD), a shield worth one hit
    rng = np.random.default_rng(3)
    cases = [
        ((50, 7, 2, 1, 2, 1, 5, 0), (40, 8, 2, 0, 2, 0, 5, 0)),
        ((10, 9, 1, 2, 1, 2, 7, 0), (60, 6, 2, -1, 3, -1, 3, 1)),
    ]
    for a, b in cases:
        a, b = np.array(a, dtype=np.int64), np.array(b, dtype=np.int64)
        (ha, na), (hb, nb) = race._race_terms(a, b), race._race_terms(b, a)
        games, wins = 20_000, 0
        for _ in range(games):
            left = [na, nb]
            while left[0] and left[1]:
                faster, tied = a[race.S.speed] > b[race.S.speed], a[race.S.speed] == b[race.S.speed]
                first = 0 if faster or (tied and rng.random() < 0.5) else 1
                for side in (first, 1 - first):
                    if rng.random() < (ha, hb)[side]:
                        left[side] -= 1
                    if not left[side]:
                        break
            wins += left[0] == 0
        p = race.race_odds_nb(a, b)
        assert abs(wins / games - p) < 5 * np.sqrt(p * (1 - p) / games)


def test_the_strike_chances_count_every_face_of_the_hit_dice():
    for dice in (1, 2, 3):
        for plus in (-2, 0, 3):
            for al in (2, 7, 12, 15):
                hit = critical = 0
                for faces in itertools.product(range(1, 7), repeat=dice):
                    if dice >= 2 and set(faces) == {6}:
                        hit, critical = hit + 1, critical + 1  # rules guide: all 6s always hit, doubled
                    elif not (dice >= 2 and set(faces) == {1}) and sum(faces) + plus >= al:
                        hit += 1
                assert race.strike_chances_nb(dice, plus, al) == pytest.approx((hit / 6**dice, critical / 6**dice))


# ---------------------------------------------------------------- play statistics


def test_a_battle_bound_card_with_no_battle_fizzles():
    t, _, _ = setup("Assassin", "Frog", hand_a=["Backstab"])
    backstab = t.play("Backstab")
    t.end_turn()
    assert plays(t, backstab) == (1, 1)
    assert [e[5] for e in t.events(Event.fizzle)] == [FizzleReason.no_battle]


def test_a_battle_bound_card_used_in_a_battle_does_not_fizzle():
    t, _, frog = setup("Assassin", "Frog", hand_a=["Backstab"])
    backstab = t.play("Backstab")
    t.dice(6, 6, 6, 6)
    t.battle()
    t.end_turn()
    assert plays(t, backstab) == (1, 0)


def test_a_negated_card_fizzles():
    t, _, _ = setup("Goblin", "Frog", hand_a=["Dragon Power"], hand_b=["Blade in the Dark"])
    power = t.find(0, "Dragon Power", InstZone.hand)
    legal = [a for a in t.legal() if action_kind(a) == K.magic and action_a(a) == power]
    t.act(K.magic, power, action_b(legal[0]))
    assert t.zone(power) == InstZone.cemetery and plays(t, power) == (1, 1)
    assert [e[5] for e in t.events(Event.fizzle)] == [FizzleReason.negated]


def test_simulate_reports_card_stats():
    result = simulate(DECKS["first_strike"], DECKS["dragons"], games=40, seed=2, policy_a="greedy")
    stats = result.summary()["card_stats"]
    assert stats and set(stats[0]) >= {"deck", "card", "played", "fizzled"}
    frame = play_stats(result.cards)
    assert (frame["fizzled"] <= frame["played"]).all() and frame["played"].sum() > 0
