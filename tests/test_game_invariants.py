"""Invariants of whole games, fuzzed with hypothesis, and the statistics of many games.

Random legal Gen 1 decks (3 copies at most, limited cards 1, banned cards 0, at least 10
creatures of AL 6 or less so that both decks can play) meet with random seeds and the `random`
and `greedy` policies; so do random legal decks of the cards of every generation and the promos
that the engine plays in full (effect status `modeled`, or no text), and decks of Gen 3 and promo
cards alone. Each game is driven from Python through the step functions
(`begin_turn_nb`, `legal_actions_nb`, `apply_action_nb`, `end_turn_nb`) exactly as
`kernel.game.match.play_turn_nb` drives them, the state is checked after every step, and the game
must then be the one `kernel.game.match.play_game_nb` plays from the same seed.
"""

from collections import Counter

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wardsim.catalog import default_catalog
from wardsim.decks import bundled_decks_dir, legality_problems, load_deck, parse_deck
from wardsim.formats import get_format
from wardsim.kernel.bots import policies
from wardsim.kernel.duel.effect_rows import effective_al_nb
from wardsim.kernel.enums import CardCol, CardType, FighterCol
from wardsim.kernel.game import match, play
from wardsim.kernel.game.actions import encode_action
from wardsim.kernel.game.enums import (
    MAX_ACTIONS,
    ActionKind,
    EndReason,
    Event,
    GlobCol,
    InstCol,
    InstZone,
    Phase,
    PlayerCol,
)
from wardsim.kernel.game.field import counts_as_magic_off_field_nb
from wardsim.kernel.game.match import new_game_arrays
from wardsim.kernel.game.play import MAX_STEPS_PER_TURN
from wardsim.kernel.game.resolve import refresh_fighters_nb
from wardsim.kernel.game.state import cemetery_hp_nb, copy_state_nb
from wardsim.kernel.game.trace import TRACE_WIDTH
from wardsim.kernel.rng import RNG_WORDS
from wardsim.policies import policy_arrays
from wardsim.replays import replay
from wardsim.rules import DECK_SIZE, Rules
from wardsim.simulation import simulate

CAT = default_catalog()
TABLES = CAT.tables()
OFFICIAL = get_format("official")
GEN1 = CAT.generation(1)
ALLOWED = {c.name: OFFICIAL.copies_allowed(c.name, c.is_promo) for c in CAT}
NAMES = sorted(c.name for c in GEN1 if ALLOWED[c.name] > 0)
LOW = sorted(c.name for c in GEN1 if c.is_creature and c.armor_level <= 6 and ALLOWED[c.name] > 0)
# the whole pool: every card the engine plays in full, of every generation and the promos
POOL = [c for c in CAT if c.effect_status in ("modeled", "none") and ALLOWED[c.name] > 0]
POOL_NAMES = sorted(c.name for c in POOL)
POOL_LOW = sorted(c.name for c in POOL if c.is_creature and c.armor_level <= 6)
# the newest cards alone, so that their effects meet each other often
NEW = [c for c in POOL if c.generation_label in ("3", "promo")]
NEW_NAMES = sorted(c.name for c in NEW)
NEW_LOW = sorted(c.name for c in NEW if c.is_creature and c.armor_level <= 6)
STONE_GOLEM = CAT.index("Stone Golem")
SOUL_EATER = CAT.index("Soul Eater")
# creature cards that are magic cards off the field: their HP never counts (The Squire, Gremlin,
# Shard Titan)
MAGIC_OFF_FIELD = np.array(
    [counts_as_magic_off_field_nb(TABLES.cards, TABLES.effects, k) for k in range(len(CAT))], dtype=bool
)
FLAME = CAT.index("Flame of the Infinite")
ON_FIELD = (InstZone.primary, InstZone.limited)
SETTLED_ZONES = {
    InstZone.deck,
    InstZone.hand,
    InstZone.primary,
    InstZone.limited,
    InstZone.magic,
    InstZone.cemetery,
    InstZone.under,
}
TRACE_CAPACITY = 50_000
MAX_TURNS = 200
F = FighterCol
G = GlobCol
I = InstCol  # noqa: E741
P = PlayerCol


@st.composite
def legal_decks(draw, names: list[str] = NAMES, low: list[str] = LOW) -> list[str]:
    """30 card names (Gen 1 by default), legal in the official format, with 10 or more
    creatures of AL <= 6."""
    counts: Counter[str] = Counter()
    deck: list[str] = []

    def add(name: str) -> None:
        if counts[name] < ALLOWED[name]:
            counts[name] += 1
            deck.append(name)

    while len(deck) < 10:
        add(draw(st.sampled_from(low)))
    while len(deck) < DECK_SIZE:
        add(draw(st.sampled_from(names)))
    return deck


FUZZ_CHECKS = [HealthCheck.too_slow, HealthCheck.large_base_example]  # a deck is 30 draws
GAMES = st.tuples(
    legal_decks(),
    legal_decks(),
    st.sampled_from(["random", "greedy"]),
    st.sampled_from(["random", "greedy"]),
    st.integers(0, 2**32 - 1),
)
POOL_GAMES = st.tuples(
    legal_decks(POOL_NAMES, POOL_LOW),
    legal_decks(POOL_NAMES, POOL_LOW),
    st.sampled_from(["random", "greedy"]),
    st.sampled_from(["random", "greedy"]),
    st.integers(0, 2**32 - 1),
)
NEW_GAMES = st.tuples(
    legal_decks(NEW_NAMES, NEW_LOW),
    legal_decks(NEW_NAMES, NEW_LOW),
    st.sampled_from(["random", "greedy"]),
    st.sampled_from(["random", "greedy"]),
    st.integers(0, 2**32 - 1),
)


# ---------------------------------------------------------------- the checks


def check_state(cards, effects, inst, fighters, players, glob, decks, trace) -> None:
    """Everything that must hold between two steps of a game."""
    zones = inst[:, I.zone]
    card = inst[:, I.card]
    seats = range(players.shape[0])
    assert set(np.unique(zones).tolist()) <= SETTLED_ZONES, "a card was left in the resolving zone"
    # every card is in exactly one zone: the deck stacks hold exactly the cards in the deck zone
    stacked = np.concatenate([decks[p, : players[p, P.deck_n]] for p in seats])
    assert len(np.unique(stacked)) == len(stacked), "a card is twice in the decks"
    assert np.array_equal(np.sort(stacked), np.flatnonzero(zones == InstZone.deck))
    for p in seats:
        assert (inst[decks[p, : players[p, P.deck_n]], I.owner] == p).all(), "a card in a deck not its owner's"
    # 30 cards per player: only the Stone Golem changes owner (it joins the opponent's side), and
    # a Limited Summon that Soul Eater sent to the cemetery of the player that controlled it,
    # whose card it is from then on (ruling soul-eater): a sacrifice, in a game with a Soul Eater
    changed = np.flatnonzero((inst[:, I.owner] != np.arange(inst.shape[0]) // DECK_SIZE) & (card != STONE_GOLEM))
    if len(changed):
        assert SOUL_EATER in card, "a card changed owner"
        n = glob[G.trace_n]
        if n < trace.shape[0]:
            events = _standing(trace[:n])
            for i in changed:
                assert ((events[:, 2] == Event.sacrifice) & (events[:, 3] == i)).any(), "a card changed owner"
    # the primary creatures, their Limited Summons and the cards under them or attached to them
    for p in seats:
        primary = players[p, P.primary]
        on_field = np.flatnonzero((zones == InstZone.primary) & (inst[:, I.controller] == p)).tolist()
        assert on_field == ([primary] if primary >= 0 else [])
        if glob[G.winner] < 0 and glob[G.turn] >= glob[G.cycle]:
            assert primary >= 0, "a player has no primary creature"
    for i in np.flatnonzero(zones == InstZone.limited):
        anchor = inst[i, I.anchor]
        assert anchor == i or zones[anchor] in (*ON_FIELD, InstZone.magic), "a Limited Summon lost its anchor"
    if glob[G.winner] < 0:
        # a game can end in the middle of a summon (a sacrifice's cards reach the cemetery and it
        # loses), with the sacrifices taken so far under a creature that never reached the field
        for i in np.flatnonzero(zones == InstZone.under):
            assert zones[inst[i, I.anchor]] in ON_FIELD, "a card under a creature that left"
    for i in np.flatnonzero((zones == InstZone.magic) & (inst[:, I.attached_to] >= 0)):
        assert zones[inst[i, I.attached_to]] in ON_FIELD, "an equip outlived its creature"
    # effective AL never exceeds 12; no creature on the field has negative HP; no dead primary
    field = np.flatnonzero((zones == InstZone.primary) | (zones == InstZone.limited))
    f2 = fighters.copy()
    refresh_fighters_nb(cards, effects, inst.copy(), f2, players.copy(), glob.copy())
    for i in field:
        assert effective_al_nb(f2[i]) <= 12
    assert (fighters[field, F.hp] >= 0).all()
    if glob[G.winner] < 0:
        assert (fighters[zones == InstZone.primary, F.hp] > 0).all(), "a primary creature at 0 HP was not swept"
    # cemetery HP: the printed HP of the creature cards there (The Squire is a magic card off the
    # field) plus the cemetery bonus, which only destroyed Flames of the Infinite add to, less what
    # Reduce the Burden took off (never below 0), plus what the cards lying there add (Enlightened
    # Soul takes off 40, never taking the total below 0)
    creature = cards[card, CardCol.card_type] == CardType.creature
    counted = (zones == InstZone.cemetery) & creature & ~MAGIC_OFF_FIELD[card]
    printed = [int(cards[card[counted & (inst[:, I.owner] == p)], CardCol.hp].sum()) for p in seats]
    lying = zones == InstZone.cemetery
    change = [int(cards[card[lying & (inst[:, I.owner] == p)], CardCol.cemetery_hp].sum()) for p in seats]
    totals = [int(cemetery_hp_nb(cards, inst, players, p)) for p in seats]
    reduced = [int(players[p, P.cemetery_reduced]) for p in seats]
    for p in seats:
        assert totals[p] >= 0, totals
        if change[p] < 0 and totals[p] == 0:
            continue  # the cards' reduction took it to 0: the rest is hidden
        bonus = totals[p] - printed[p] + reduced[p] - change[p]
        assert bonus >= 0 and bonus % 50 == 0, (totals, printed, reduced, change)
    n = glob[G.trace_n]
    if n < trace.shape[0]:
        events = _standing(trace[:n])
        flames = np.count_nonzero((events[:, 2] == Event.destroyed) & (events[:, 4] == FLAME))
        if all(change[p] >= 0 or totals[p] > 0 for p in range(players.shape[0])):
            assert sum(totals) == sum(printed) + 50 * flames - sum(reduced) + sum(change)


def _standing(events: np.ndarray) -> np.ndarray:
    """The events that still stand: a turn reset by Hourglass of Time undoes those of its turn
    so far (from the turn's start to the reset)."""
    keep = np.ones(len(events), dtype=bool)
    start = 0
    for k, event in enumerate(events[:, 2]):
        if event == Event.turn:
            start = k
        elif event == Event.rewind:
            keep[start:k] = False
    return events[keep]


def check_result(cards, inst, players, glob) -> None:
    winner, reason = int(glob[G.winner]), int(glob[G.end_reason])
    assert winner in (0, 1, 2) and glob[G.turn] <= glob[G.max_turns]
    if reason == EndReason.turn_cap:
        assert winner == 2 and glob[G.turn] == glob[G.max_turns]
    elif reason == EndReason.both_lost:
        assert winner == 2
    elif reason == EndReason.cemetery:
        assert cemetery_hp_nb(cards, inst, players, 1 - winner) >= glob[G.cemetery_threshold]
    elif reason == EndReason.returned_alone:  # the loser holds one card, in hand or deck
        loser = 1 - winner
        in_hand_or_deck = (inst[:, I.owner] == loser) & np.isin(inst[:, I.zone], (InstZone.hand, InstZone.deck))
        assert np.count_nonzero(in_hand_or_deck) == 1
    else:
        assert reason == EndReason.no_creature and winner in (0, 1)


def play_checked(deck_a, deck_b, policy_a, policy_b, seed, index=0):
    """Play one game step by step, checking the state after every step; returns the arrays."""
    cards, effects = TABLES.cards, TABLES.effects
    rows = [np.array([CAT.index(n) for n in d], dtype=np.int64) for d in (deck_a, deck_b)]
    inst, fighters, players, glob, decks = state = new_game_arrays(
        rows[0], rows[1], Rules(max_turns=MAX_TURNS).to_array()
    )
    rng = np.zeros(RNG_WORDS, dtype=np.uint64)
    script = np.zeros(0, dtype=np.int64)
    trace = np.zeros((TRACE_CAPACITY, TRACE_WIDTH), dtype=np.int64)
    policy, params = policy_arrays(policy_a, policy_b)
    duel_table = np.zeros((0, 0))
    step = (cards, effects, inst, fighters, players, glob, decks)
    play.setup_nb(*step, np.uint64(seed), np.uint64(index), rng, script, trace)
    check_state(*step, trace)
    actions = np.empty(MAX_ACTIONS, dtype=np.int64)
    snapshot = [np.empty_like(a) for a in state]  # the turn's start, for Hourglass of Time
    while glob[G.winner] < 0:
        p = int(glob[G.active])
        rewinds = glob[G.rewind_cards] > 0
        if rewinds:
            copy_state_nb(*state, *snapshot)
        play.begin_turn_nb(*step, policy, params, rng, script, trace)
        check_state(*step, trace)
        # discards can end the game (cemetery HP) before the hand is down to 8; a skipped turn
        # (Black Dragon) has no draw phase, where the guide puts the discards ("During the draw
        # phase, after drawing a card the player may only have a maximum of eight cards"), so a
        # hand that cards drawn in the opponent's turn took past 8 stays so until the next one
        if glob[G.winner] < 0 and glob[G.phase] != Phase.draw:
            assert np.count_nonzero((inst[:, I.zone] == InstZone.hand) & (inst[:, I.owner] == p)) <= glob[G.hand_limit]
        steps = 0
        while glob[G.winner] < 0 and glob[G.phase] != Phase.draw:
            n = play.legal_actions_nb(cards, effects, inst, fighters, players, glob, actions)
            steps += 1
            k = (
                0
                if steps > MAX_STEPS_PER_TURN
                else policies.choose_base_nb(
                    policy[p], params[p], cards, effects, inst, fighters, players, glob, actions, n, rng, duel_table
                )
            )
            play.apply_action_nb(*step, actions[k], policy, params, rng, script, trace)
            check_state(*step, trace)
            if rewinds and play.offer_rewind_nb(*step, *snapshot, policy, params, rng, script, trace):
                check_state(*step, trace)
                copy_state_nb(*state, *snapshot)
                play.begin_turn_nb(*step, policy, params, rng, script, trace)
                check_state(*step, trace)
        play.end_turn_nb(*step, policy, params, rng, script, trace)
        check_state(*step, trace)
    check_result(cards, inst, players, glob)
    return state, (policy, params)


def assert_same_game_as_play_game(deck_a, deck_b, policy_a, policy_b, seed) -> None:
    (inst, fighters, players, glob, decks), (policy, params) = play_checked(deck_a, deck_b, policy_a, policy_b, seed)
    cards, effects = TABLES.cards, TABLES.effects
    again = new_game_arrays(
        inst[:DECK_SIZE, I.card].copy(), inst[DECK_SIZE:, I.card].copy(), Rules(max_turns=MAX_TURNS).to_array()
    )
    match.play_game_nb(
        cards,
        effects,
        *again,
        policy,
        params,
        np.uint64(seed),
        np.uint64(0),
        np.zeros(RNG_WORDS, dtype=np.uint64),
        np.zeros(0, dtype=np.int64),
        np.zeros((0, TRACE_WIDTH), dtype=np.int64),
        np.zeros((0, 0)),
    )
    for mine, theirs in zip((inst, fighters, players, decks), again[:3] + again[4:], strict=True):
        assert np.array_equal(mine, theirs)
    assert np.array_equal(np.delete(glob, G.trace_n), np.delete(again[3], G.trace_n))


# ---------------------------------------------------------------- fuzzed games


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.large_base_example])
@given(legal_decks(), st.integers(0, 2**32 - 1))
def test_random_decks_are_legal_and_each_player_places_a_primary_in_its_first_turn(deck, seed):
    parsed, problems = parse_deck("\n".join(f"1 {n}" for n in deck))
    assert not problems and not legality_problems(parsed, OFFICIAL)
    # rules guide, How to play: each player places a creature in its first turn (redrawing a hand
    # that holds none); with 10 creatures that need no sacrifice the deck never loses for lack of one
    cards, effects = TABLES.cards, TABLES.effects
    row = np.array([CAT.index(n) for n in deck], dtype=np.int64)
    inst, fighters, players, glob, decks = new_game_arrays(row, row.copy(), Rules().to_array())
    step = (cards, effects, inst, fighters, players, glob, decks)
    rng, script = np.zeros(RNG_WORDS, dtype=np.uint64), np.zeros(0, dtype=np.int64)
    trace = np.zeros((0, TRACE_WIDTH), dtype=np.int64)
    policy, params = policy_arrays("random", "random")
    play.setup_nb(*step, np.uint64(seed), np.uint64(0), rng, script, trace)
    actions = np.empty(MAX_ACTIONS, dtype=np.int64)
    end_phase = encode_action(ActionKind.end, 0, 0)
    for _ in range(2):  # the first turn of each player: place a primary creature, then pass
        p = int(glob[G.active])
        play.begin_turn_nb(*step, policy, params, rng, script, trace)
        primary = players[p, P.primary]
        assert glob[G.winner] < 0 and primary >= 0, f"player {p} placed no creature"
        assert inst[primary, I.owner] == p and cards[inst[primary, I.card], CardCol.card_type] == CardType.creature
        while glob[G.winner] < 0 and glob[G.phase] != Phase.draw:
            n = play.legal_actions_nb(*step[:6], actions)
            assert end_phase in actions[:n]
            play.apply_action_nb(*step, end_phase, policy, params, rng, script, trace)
        play.end_turn_nb(*step, policy, params, rng, script, trace)


@settings(max_examples=30, deadline=None, suppress_health_check=FUZZ_CHECKS)
@given(GAMES)
def test_game_invariants_hold_after_every_step(game_args):
    deck_a, deck_b, policy_a, policy_b, seed = game_args
    assert_same_game_as_play_game(deck_a, deck_b, policy_a, policy_b, seed)


@pytest.mark.slow
@settings(max_examples=2000, deadline=None, suppress_health_check=FUZZ_CHECKS)
@given(GAMES)
def test_game_invariants_hold_after_every_step_many_games(game_args):
    deck_a, deck_b, policy_a, policy_b, seed = game_args
    assert_same_game_as_play_game(deck_a, deck_b, policy_a, policy_b, seed)


def test_whole_pool_decks_draw_modeled_cards_of_every_generation_and_the_promos():
    modeled = {c.generation_label for c in POOL if c.effect_status == "modeled"}
    assert modeled == {"1", "2", "3", "promo"}
    assert len(NEW_LOW) >= 10  # a deck of the newest cards alone can place its creatures


@settings(max_examples=30, deadline=None, suppress_health_check=FUZZ_CHECKS)
@given(POOL_GAMES)
def test_game_invariants_hold_with_cards_of_every_generation(game_args):
    deck_a, deck_b, policy_a, policy_b, seed = game_args
    assert_same_game_as_play_game(deck_a, deck_b, policy_a, policy_b, seed)


@settings(max_examples=30, deadline=None, suppress_health_check=FUZZ_CHECKS)
@given(NEW_GAMES)
def test_game_invariants_hold_with_gen3_and_promo_cards(game_args):
    deck_a, deck_b, policy_a, policy_b, seed = game_args
    assert_same_game_as_play_game(deck_a, deck_b, policy_a, policy_b, seed)


@pytest.mark.slow
@settings(max_examples=2000, deadline=None, suppress_health_check=FUZZ_CHECKS)
@given(POOL_GAMES)
def test_game_invariants_hold_with_cards_of_every_generation_many_games(game_args):
    deck_a, deck_b, policy_a, policy_b, seed = game_args
    assert_same_game_as_play_game(deck_a, deck_b, policy_a, policy_b, seed)


def test_games_with_hourglass_of_time_reset_turns_and_stay_consistent():
    # three Hourglasses in each deck: turns are reset (the replay says so), every state between
    # steps keeps the invariants, and the step-by-step game is the one play_game_nb plays
    def with_hourglasses(deck_file):
        names = [c.name for c, n in load_deck(bundled_decks_dir() / deck_file).cards for _ in range(n)]
        magic = [i for i, n in enumerate(names) if not CAT[n].is_creature]
        for i in magic[-3:]:
            names[i] = "Hourglass of Time"
        return names

    deck_a, deck_b = with_hourglasses("undead.txt"), with_hourglasses("giants.txt")
    for seed in range(6):
        assert_same_game_as_play_game(deck_a, deck_b, "greedy", "random", seed)
    parsed = [parse_deck("\n".join(f"1 {n}" for n in d), name)[0] for d, name in ((deck_a, "a"), (deck_b, "b"))]
    resets = sum(
        line.count("resets the turn")
        for k in range(6)
        for line in replay(parsed[0], parsed[1], seed=1, game=k, policy_a="greedy", policy_b="random").lines
    )
    assert resets > 0


# ---------------------------------------------------------------- statistics of many games

WEAK = "\n".join(
    f"3 {n}"
    for n in (
        "Frog",
        "Rodent",
        "Harpy",
        "Giant Bat",
        "Goblin",
        "Dimorphodon",
        "Owl",
        "Mythosaurus",
        "Skeleton",
        "Dragonling",
    )
)


def _weak_deck():
    deck, problems = parse_deck(WEAK, "weak creatures")
    assert not problems and deck.size == DECK_SIZE and not legality_problems(deck, OFFICIAL)
    return deck


@pytest.mark.parametrize("deck_file", ["giants.txt", "dragons.txt"])
def test_a_mirror_match_is_even(deck_file):
    # the same deck on both seats, the first player decided by the roll (ruling 2): seat A scores
    # 50% within 4.5 standard errors (draws count half)
    deck = load_deck(bundled_decks_dir() / deck_file)
    games = 10_000
    result = simulate(deck, deck, games=games, seed=11, policy_a="greedy")
    score = (result.totals.wins_a + 0.5 * result.totals.draws) / games
    assert abs(score - 0.5) <= 4.5 * (0.25 / games) ** 0.5, result.summary()


@pytest.mark.parametrize("deck_file", ["giants.txt", "dragons.txt"])
def test_a_clearly_stronger_deck_wins_at_least_90_percent(deck_file):
    # a built deck against 30 weak creatures (AL 6 or less, 10 to 30 HP, no effects), from either seat
    strong = load_deck(bundled_decks_dir() / deck_file)
    games = 1000
    for seat_a, seat_b, strong_side in ((strong, _weak_deck(), 0), (_weak_deck(), strong, 1)):
        result = simulate(seat_a, seat_b, games=games, seed=5, policy_a="greedy")
        wins = result.totals.wins_a if strong_side == 0 else result.totals.wins_b
        assert wins / games >= 0.9, result.summary()
