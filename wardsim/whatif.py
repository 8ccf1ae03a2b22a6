"""Counterfactual runs: change a card, play the same games again, and measure the difference.

Three questions share one design:

* **what-if** (`whatif`): a creature's printed stats change (`Catalog.with_changes`), or the
  card is limited, banned or unrestricted. Every matchup of the deck pool in which a deck
  holds the card is played before and after the change;
* **ablation** (`ablation_table`): for every deck and every card in it, the deck plays the
  field again with that card's copies replaced by a neutral filler;
* **sweep** (`sweep`): one stat of one creature over a range of values, in one matchup, to
  find the value that brings it closest to 50%.

**Common random numbers.** Game *k* of a pairing uses the generator of (pairing seed, *k*)
in both runs, and a changed deck keeps the card order of the deck file (a filler or an added
copy takes exactly the deck slots of the copies it replaces), so the two runs shuffle the
same slots into the same order and roll the same dice until the change makes the games
diverge. The difference is then measured on pairs of games that share most of their luck:
the paired interval (:func:`wardsim.analytics.ablation_impact` with ``paired=``) is much
narrower than the interval of two independent runs of the same size, and a change that does
nothing gives a difference of exactly 0.

**Pairing seeds.** Each ordered pairing (deck A, deck B) has its own seed, derived from the
run seed and the two deck names (`pairing_seed`): a deck shuffled in seat A by the same
generator against every opponent would make its games against different opponents
dependent, and the per-deck intervals, which treat games as independent, too narrow.
A pairing is reproduced on its own by ``wardsim simulate A B --seed <pairing seed>``.

**The filler** (the ruling for removed copies). A removed copy keeps its slot, filled by a
card that is not printed (`filler_cards`):

* a creature's copies become **Filler creature**: a vanilla creature (no effect, no artwork
  tags, creature type ``unknown``, which no effect filters on) with the median printed stats
  of the Gen 1 common creatures;
* a magic card's copies become **Blank magic**: a Lightning card with no effect rows. The
  game offers a Lightning card only as an answer its rows name, so no policy can ever play
  it (`kernel.game.magic.magic_options_nb`, `kernel.bots.policies.choose_magic_response_nb` and
  `choose_battle_reaction_nb` all look for those rows). It is a dead draw: it takes a card
  of the hand, counts toward the hand limit (and is the first card discarded there) and
  toward whatever counts cards in hand.

A deck with a filler is not a printed deck, so changed decks skip the format check. When a
card is unrestricted, a deck that holds it plays it at the format's maximum; each added copy
takes the slot of a copy of the deck's other card of the same kind (creature or magic) that
has the most copies left (on a tie, the one listed last); the edits are reported.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

import numpy as np
import pandas as pd

from wardsim.analytics.card_metrics import ablation_impact
from wardsim.analytics.intervals import wilson_interval
from wardsim.catalog import CREATURE_STATS, Card, Catalog, CatalogError, default_catalog
from wardsim.decks import Deck, bundled_decks
from wardsim.pairings import Pairing, play_pairings
from wardsim.records import GAME_COLUMNS
from wardsim.rules import Rules
from wardsim.simulation import DEFAULT_CHUNK, simulate

FILLER_CREATURE = "Filler creature"
FILLER_MAGIC = "Blank magic"
FILLER_SOURCE = "<filler>"
Progress = Callable[[int], None]


class WhatIfError(ValueError):
    """A what-if that cannot be run: the message says why, in a player's words."""


# ------------------------------------------------------------------ the filler


def filler_cards(catalog: Catalog | None = None) -> tuple[Card, Card]:
    """The neutral cards that take the slots of removed copies: a vanilla creature with the
    median printed stats of the catalog's Gen 1 common creatures, and a Lightning card with
    no effect rows (no policy can play it). Neither is a printed card."""
    catalog = catalog or default_catalog()
    commons = [c for c in catalog.generation(1) if c.is_creature and c.rarity == "common" and c.source != FILLER_SOURCE]
    if not commons:
        raise CatalogError("the catalog has no Gen 1 common creature to model the filler on")
    # median_low: a value some printed common really has, never a half point
    stats: dict[str, Any] = {k: int(statistics.median_low(getattr(c, k) for c in commons)) for k in CREATURE_STATS}
    creature = Card(
        name=FILLER_CREATURE,
        generation=1,
        number=0,
        rarity="common",
        card_type="creature",
        effect_status="none",
        creature_type="unknown",
        attack="Plain strike",
        source=FILLER_SOURCE,
        **stats,
    )
    magic = Card(
        name=FILLER_MAGIC,
        generation=1,
        number=0,
        rarity="common",
        card_type="magic",
        effect_status="none",
        magic_type="lightning",
        magic_subtype="none",
        source=FILLER_SOURCE,
    )
    return creature, magic


def with_fillers(catalog: Catalog | None = None) -> Catalog:
    """The catalog with the two filler cards added at the end (unchanged if it has them)."""
    catalog = catalog or default_catalog()
    if FILLER_CREATURE in catalog:
        return catalog
    return catalog.with_cards(*filler_cards(catalog))


def filler_for(card: Card) -> str:
    """The filler that takes a removed copy's slot."""
    return FILLER_CREATURE if card.is_creature else FILLER_MAGIC


# ------------------------------------------------------------------ changed decks


def _slots(deck: Deck) -> list[Card]:
    return [card for card, n in deck.cards for _ in range(n)]


def _from_slots(deck: Deck, slots: list[Card]) -> Deck:
    """The deck with these cards in its slots, in order (runs of a card make one entry)."""
    cards: list[tuple[Card, int]] = []
    for card in slots:
        if cards and cards[-1][0].name == card.name:
            cards[-1] = (card, cards[-1][1] + 1)
        else:
            cards.append((card, 1))
    return replace(deck, cards=cards)


def copies_of(deck: Deck, name: str) -> int:
    """How many copies of a card (by catalog name) the deck holds."""
    return sum(n for card, n in deck.cards if card.name == name)


def with_copies(deck: Deck, name: str, copies: int, catalog: Catalog) -> tuple[Deck, str]:
    """The deck holding `copies` copies of a card it holds, and the edit in words.

    Removed copies become the filler in the same slots (the last copies of the file first);
    added copies take the slots of the deck's other card of the same kind with the most
    copies left (on a tie the one listed last). See the module notes."""
    slots = _slots(deck)
    where = [k for k, card in enumerate(slots) if card.name == name]
    if not where:
        raise WhatIfError(f"{deck.name} does not hold {name}")
    card = slots[where[0]]
    delta = copies - len(where)
    if delta < 0:
        filler = catalog[filler_for(card)]
        for k in where[delta:]:
            slots[k] = filler
        return _from_slots(deck, slots), f"{-delta} {name} -> {filler.name}"
    cut: dict[str, int] = {}
    for _ in range(delta):
        counts: dict[str, list[int]] = {}
        for k, other in enumerate(slots):
            if other.name != name and other.is_creature == card.is_creature:
                counts.setdefault(other.name, []).append(k)
        if not counts:
            raise WhatIfError(
                f"{deck.name} has no other {'creature' if card.is_creature else 'magic card'} "
                f"to make room for more {name}"
            )
        # the most copies; on a tie the name listed last (its last slot is the latest)
        victim = max(counts, key=lambda n: (len(counts[n]), counts[n][-1]))
        slots[counts[victim][-1]] = card
        cut[victim] = cut.get(victim, 0) + 1
    removed = ", ".join(f"-{n} {v}" for v, n in cut.items())
    return _from_slots(deck, slots), f"+{delta} {name} ({removed})" if delta else ""


def ablated(deck: Deck, name: str, catalog: Catalog) -> Deck:
    """The deck with every copy of a card replaced by the filler, slot for slot."""
    return with_copies(deck, name, 0, catalog)[0]


# ------------------------------------------------------------------ paired runs


def pairing_seed(seed: int, deck_a: str, deck_b: str) -> int:
    """The seed of the ordered pairing (deck A, deck B) of a run: game k of the pairing uses
    the generator of (pairing seed, k). Below 2**63, so it prints and parses as an option."""
    if not 0 <= int(seed) < 2**64:
        raise ValueError(f"seed must be a whole number from 0 to 2**64-1, got {seed}")
    words = [int(seed), *(int.from_bytes(name.encode("utf-8"), "little") for name in (deck_a, deck_b))]
    return int(np.random.SeedSequence(words).generate_state(1, dtype=np.uint64)[0] >> np.uint64(1))


def scores(winners: np.ndarray, seat: int) -> np.ndarray:
    """Per-game score of the deck in `seat` (0 = A): 1 for a win, 0.5 for a draw, 0."""
    winners = np.asarray(winners)
    return (winners == seat) + 0.5 * (winners == 2)


def check_pool(decks: Sequence[Deck]) -> None:
    """WhatIfError unless there are two decks or more with distinct names."""
    if len(decks) < 2:
        raise WhatIfError(f"a deck pool needs at least 2 decks, got {len(decks)}")
    seen: dict[str, str] = {}
    for deck in decks:
        if deck.name in seen:
            raise WhatIfError(
                f"two decks are named {deck.name!r} ({seen[deck.name]} and {deck.path}); "
                "deck names label the results, so rename one file"
            )
        seen[deck.name] = deck.path


@dataclass
class _Runner:
    """Plays ordered pairings on their pairing seeds and keeps the winners (0, 1 or 2) of each
    game, so that a run needed twice is played once."""

    games: int
    seed: int
    policy: str
    jobs: int
    progress: Progress | None
    rules: Rules = Rules()
    played: dict[tuple, np.ndarray] = field(default_factory=dict)
    not_modeled: set[str] = field(default_factory=set)

    def winners(self, a: Deck, b: Deck, catalog: Catalog, tag: Any = None) -> np.ndarray:
        key = (a.name, b.name, tag, catalog)  # a Catalog hashes by identity
        if key not in self.played:
            # chunks for every worker; the games do not depend on it (DESIGN.md, Random numbers)
            chunk = min(DEFAULT_CHUNK, max(1, math.ceil(self.games / self.jobs)))
            result = simulate(
                a,
                b,
                games=self.games,
                seed=pairing_seed(self.seed, a.name, b.name),
                jobs=self.jobs,
                policy_a=self.policy,
                chunk=chunk,
                rules=self.rules,
                catalog=catalog,
                keep_records=True,
                progress=self.progress,
            )
            assert result.record_table is not None
            self.played[key] = result.record_table[:, GAME_COLUMNS.index("winner")]
            self.not_modeled.update(result.not_modeled)
        return self.played[key]

    def prefetch(self, wanted: Sequence[tuple[Deck, Deck, Catalog, Any]]) -> None:
        """Play every (deck A, deck B, catalog, tag) of `wanted` that `winners` has not played, as
        it would, but all at once: in blocks of pairings over the workers
        (`wardsim.pairings.play_pairings`), not one small run per pairing."""
        todo: dict[tuple, tuple[Deck, Deck]] = {}
        for a, b, catalog, tag in wanted:
            key = (a.name, b.name, tag, catalog)
            if key not in self.played:
                todo.setdefault(key, (a, b))
        for catalog in dict.fromkeys(key[3] for key in todo):
            keys = [key for key in todo if key[3] is catalog]
            pairings = [
                Pairing(
                    tuple(int(c) for c in todo[key][0].card_indices(catalog)),
                    tuple(int(c) for c in todo[key][1].card_indices(catalog)),
                    pairing_seed(self.seed, key[0], key[1]),
                    self.games,
                )
                for key in keys
            ]
            played = play_pairings(pairings, self.policy, catalog, self.rules, self.jobs, progress=self.progress)
            for key, winners in zip(keys, played.winners, strict=True):
                self.played[key] = winners
                self.not_modeled.update(c.name for deck in todo[key] for c in deck.not_modeled())

    def both_seats(
        self, deck: Deck, opponent: Deck, catalog: Catalog, tag: Any = None, opponent_tag: Any = None
    ) -> np.ndarray:
        """The deck's scores against the opponent: its `games` games in seat A, then its
        `games` games in seat B. The tags name the versions of the two decks for the cache."""
        seat_a = scores(self.winners(deck, opponent, catalog, (tag, opponent_tag)), 0)
        seat_b = scores(self.winners(opponent, deck, catalog, (opponent_tag, tag)), 1)
        return np.concatenate([seat_a, seat_b])


def _paired(after: np.ndarray, before: np.ndarray, prefix: str) -> dict[str, float]:
    """``after - before`` with its paired interval, as columns named by `prefix`."""
    d = ablation_impact(None, None, None, None, paired=(after, before))
    return {prefix: d.impact, f"{prefix}_ci_low": d.ci_low, f"{prefix}_ci_high": d.ci_high, f"{prefix}_se": d.se}


def _rate(outcomes: np.ndarray, prefix: str) -> dict[str, float]:
    lo, hi = wilson_interval(float(outcomes.sum()), len(outcomes))
    return {prefix: float(outcomes.mean()), f"{prefix}_ci_low": lo, f"{prefix}_ci_high": hi}


# ------------------------------------------------------------------ ablation


ABLATION_COLUMNS = (
    "deck",
    "card",
    "impact",
    "impact_ci_low",
    "impact_ci_high",
    "impact_se",
    "games",
    "effect_status",
    "copies",
    "base_win_rate",
    "ablated_win_rate",
)


def ablation_games(decks: Sequence[Deck], games: int) -> int:
    """Games `ablation_table` plays: every ordered pairing once as built, and, for every
    distinct card of every deck, the ablated deck against every other deck in both seats."""
    n = len(decks)
    distinct = sum(len({c.name for c, _ in d.cards}) for d in decks)
    return games * (n * (n - 1) + 2 * (n - 1) * distinct)


def ablation_table(
    decks: Sequence[Deck],
    games: int,
    seed: int,
    policy: str = "heuristic",
    jobs: int = 1,
    catalog: Catalog | None = None,
    progress: Progress | None = None,
    rules: Rules | None = None,
) -> pd.DataFrame:
    """The ablation impact of every card of every deck: how much the deck's win rate against
    the rest of the pool drops when the card's copies are replaced by the filler.

    Each deck plays every other deck of the pool in both seats, `games` games per ordered
    pairing, once as built and once per distinct card with that card ablated, on the same
    pairing seeds (common random numbers, see the module notes); the as-built pairings are
    played once and shared by every card. With ``n`` decks holding ``c`` distinct cards in
    all, that is ``games * (n (n - 1) + 2 (n - 1) c)`` games (`ablation_games`): 8 decks of
    12 distinct cards and 500 games make 700,000 games.

    Parameters
    ----------
    decks : sequence of Deck
        The pool: two decks or more with distinct names.
    games : int
        Games per ordered pairing.
    seed : int
        The run seed (each pairing's seed is derived from it and the deck names).
    policy : str
        Bot policy of both players.
    jobs : int
        Worker processes; the results do not depend on it.
    catalog : Catalog, optional
        The card catalog (the bundled one by default).
    progress : callable, optional
        Called with the number of games just finished.
    rules : Rules, optional
        The rules the games follow (the rules guide's by default).

    Returns
    -------
    DataFrame
        One row per (deck, card), decks and cards in the pool's order: ``deck, card,
        impact`` (base win rate - ablated win rate, draws half: positive means the card
        helps), ``impact_ci_low, impact_ci_high, impact_se`` (paired, 95%), ``games`` (paired
        games: ``2 (n - 1) games``), ``effect_status`` (of the card), ``copies`` (in the
        deck), ``base_win_rate`` and ``ablated_win_rate``.
    """
    check_pool(decks)
    if games < 2:
        raise WhatIfError(f"a paired interval needs at least 2 games per pairing, got {games}")
    pool_catalog = with_fillers(catalog)
    runner = _Runner(games, seed, policy, jobs, progress, rules or Rules())
    versions = {
        deck.name: [(card, copies, ablated(deck, card.name, pool_catalog)) for card, copies in _distinct(deck)]
        for deck in decks
    }
    runner.prefetch(
        [
            request
            for deck in decks
            for opponent in decks
            if opponent is not deck
            for version, tag in [(deck, None), *((v, ("ablated", c.name)) for c, _, v in versions[deck.name])]
            for request in (
                (version, opponent, pool_catalog, (tag, None)),
                (opponent, version, pool_catalog, (None, tag)),
            )
        ]
    )
    rows = []
    for deck in decks:
        opponents = [d for d in decks if d is not deck]
        base = np.concatenate([runner.both_seats(deck, o, pool_catalog) for o in opponents])
        for card, copies, without in versions[deck.name]:
            after = np.concatenate(
                [runner.both_seats(without, o, pool_catalog, tag=("ablated", card.name)) for o in opponents]
            )
            impact = ablation_impact(None, None, None, None, paired=(base, after))
            rows.append(
                {
                    "deck": deck.name,
                    "card": card.name,
                    "impact": impact.impact,
                    "impact_ci_low": impact.ci_low,
                    "impact_ci_high": impact.ci_high,
                    "impact_se": impact.se,
                    "games": len(base),
                    "effect_status": card.effect_status,
                    "copies": copies,
                    "base_win_rate": float(base.mean()),
                    "ablated_win_rate": float(after.mean()),
                }
            )
    return pd.DataFrame(rows, columns=list(ABLATION_COLUMNS))


def _distinct(deck: Deck) -> list[tuple[Card, int]]:
    copies: dict[str, int] = {}
    cards: dict[str, Card] = {}
    for card, n in deck.cards:
        copies[card.name] = copies.get(card.name, 0) + n
        cards.setdefault(card.name, card)
    return [(cards[n], copies[n]) for n in copies]


# ------------------------------------------------------------------ what-if


@dataclass(frozen=True)
class CardChange:
    """One card's change: new printed stats, a new number of copies per deck, or both."""

    card: Card  # as printed
    stats: dict[str, int]
    copies: int | None  # None: decks keep their copies; 0: banned; 1: limited; 3: unrestricted

    def describe(self) -> str:
        """The change in words, e.g. ``Knight: hp 60 -> 80`` or ``Angel: banned``."""
        parts = [f"{k} {getattr(self.card, k)} -> {v}" for k, v in self.stats.items()]
        if self.copies is not None:
            parts.append({0: "banned", 1: "limited (at most 1 copy)"}.get(self.copies, f"{self.copies} copies"))
        return f"{self.card.name}: {', '.join(parts)}"

    def changes_deck(self, deck: Deck) -> bool:
        """Whether the deck plays differently: it holds the card, and the card's stats change
        or the deck must hold another number of copies."""
        held = copies_of(deck, self.card.name)
        return held > 0 and (bool(self.stats) or (self.copies is not None and held != self.copies))

    def catalogs(self, catalog: Catalog) -> tuple[Catalog, Catalog]:
        """The catalogs before and after the change, both with the filler cards."""
        after = catalog.with_changes(self.card.name, **self.stats) if self.stats else catalog
        # the filler is modelled on the printed cards, before any change
        return with_fillers(catalog), after.with_cards(*filler_cards(catalog))

    def edit(self, deck: Deck, catalog: Catalog) -> tuple[Deck, str]:
        """The deck as it plays after the change (its card objects from `catalog`), and the
        edit of its list in words (empty when only stats change)."""
        slots = [catalog[c.name] for c in _slots(deck)]
        changed = _from_slots(deck, slots)
        if self.copies is None or copies_of(deck, self.card.name) == self.copies:
            return changed, ""
        return with_copies(changed, self.card.name, self.copies, catalog)


def make_change(
    card: str, changes: dict[str, int] | None = None, copies: int | None = None, catalog: Catalog | None = None
) -> CardChange:
    """Check a change and name its card as printed; WhatIfError says what is wrong (an unknown
    card with the closest names, a magic card's stats, an unknown stat, a value out of range)."""
    catalog = catalog or default_catalog()
    try:
        printed = catalog[card]
    except KeyError as err:
        raise WhatIfError(err.args[0]) from None
    stats = {k: int(v) for k, v in (changes or {}).items()}
    if not stats and copies is None:
        raise WhatIfError(f"nothing to change for {printed.name}: give new stats or a number of copies")
    if copies is not None and copies < 0:
        raise WhatIfError(f"a deck cannot hold {copies} copies")
    if stats:
        try:
            catalog.with_changes(printed.name, **stats)
        except CatalogError as err:
            raise WhatIfError(str(err)) from None
    return CardChange(printed, stats, copies)


def _by_name(decks: Sequence[Deck], name: str) -> Deck:
    for deck in decks:
        if deck.name == name:
            return deck
    raise WhatIfError(f"no deck named {name!r} in the pool; the decks are {', '.join(d.name for d in decks)}")


def _rows(decks: Sequence[Deck], affected: Sequence[Deck], matchup: tuple[str, str] | None) -> list[tuple[Deck, Deck]]:
    """(deck, opponent) of every matchup to report: each changed deck against every other
    deck, or the one matchup asked for (from each changed side)."""
    if matchup is None:
        return [(d, o) for d in affected for o in decks if o is not d]
    a, b = _by_name(decks, matchup[0]), _by_name(decks, matchup[1])
    if a is b:
        raise WhatIfError(f"a matchup needs two different decks, got {a.name} twice")
    rows = [(d, o) for d, o in ((a, b), (b, a)) if d in affected]
    if not rows:
        raise WhatIfError(
            f"the change leaves both {a.name} and {b.name} as they are (neither holds the card, "
            "or neither holds another number of copies)"
        )
    return rows


def _affected(change: CardChange, decks: Sequence[Deck]) -> list[Deck]:
    affected = [d for d in decks if change.changes_deck(d)]
    if not affected:
        if not any(copies_of(d, change.card.name) for d in decks):
            raise WhatIfError(
                f"no deck of the pool holds {change.card.name} (the decks are {', '.join(d.name for d in decks)})"
            )
        raise WhatIfError(
            f"every deck of the pool already holds {change.copies} copies of {change.card.name}: nothing changes"
        )
    return affected


def whatif_games(
    card: str,
    changes: dict[str, int] | None = None,
    copies: int | None = None,
    decks: Sequence[Deck] | None = None,
    games: int = 1000,
    catalog: Catalog | None = None,
    matchup: tuple[str, str] | None = None,
) -> int:
    """Games `whatif` plays with these arguments: before and after, both seats, every pairing
    of a reported matchup."""
    catalog = catalog or default_catalog()
    pool = list(decks) if decks is not None else bundled_decks(catalog=catalog)
    rows = _rows(pool, _affected(make_change(card, changes, copies, catalog), pool), matchup)
    runs = {(d.name, o.name) for d, o in rows} | {(o.name, d.name) for d, o in rows}
    return 2 * len(runs) * games


@dataclass
class WhatIf:
    """A card changed, the same games played again.

    Attributes
    ----------
    card, change : str
        The card (as printed) and the change in words.
    stats : dict of str to int
        The new printed stats.
    copies : int or None
        Copies per deck after the change (None: unchanged).
    decks : DataFrame
        One row per changed deck, against the opponents of its matchups (equal weight):
        ``deck, opponents, games, before, before_ci_low, before_ci_high, after,
        after_ci_low, after_ci_high, change, change_ci_low, change_ci_high, change_se``.
        Win rates count draws half; ``change = after - before`` with the paired interval.
    matchups : DataFrame
        One row per (changed deck, opponent), both seats: ``deck, opponent`` and the same
        columns.
    edits : dict of str to str
        How each changed deck's list changed (copies removed or added), by deck name.
    seed, policy, games : int, str, int
        Run seed, bot policy and games per ordered pairing.
    not_modeled : list of str
        Cards in the games whose effect is not fully modeled.
    """

    card: str
    change: str
    stats: dict[str, int]
    copies: int | None
    decks: pd.DataFrame
    matchups: pd.DataFrame
    edits: dict[str, str]
    seed: int
    policy: str
    games: int
    not_modeled: list[str]

    def summary(self) -> dict:
        """The JSON object of `wardsim whatif --json`."""
        return {
            "card": self.card,
            "change": self.change,
            "stats": self.stats,
            "copies": self.copies,
            "seed": self.seed,
            "policy": self.policy,
            "games_per_pairing": self.games,
            "decks": _records(self.decks),
            "matchups": _records(self.matchups),
            "edits": self.edits,
            "not_modeled": self.not_modeled,
        }


def _records(frame: pd.DataFrame) -> list[dict]:
    return [
        {k: (v.item() if isinstance(v, np.generic) else v) for k, v in row.items()}
        for row in frame.to_dict(orient="records")
    ]


def _comparison(before: np.ndarray, after: np.ndarray) -> dict[str, float]:
    return {
        "games": len(before),
        **_rate(before, "before"),
        **_rate(after, "after"),
        **_paired(after, before, "change"),
    }


def whatif(
    card: str,
    changes: dict[str, int] | None = None,
    copies: int | None = None,
    decks: Sequence[Deck] | None = None,
    games: int = 1000,
    seed: int = 0,
    policy: str = "heuristic",
    jobs: int = 1,
    catalog: Catalog | None = None,
    matchup: tuple[str, str] | None = None,
    progress: Progress | None = None,
    rules: Rules | None = None,
) -> WhatIf:
    """Change a card and play every matchup of a deck that holds it again, on the same seeds.

    Parameters
    ----------
    card : str
        The card's name (any case); an unknown name raises WhatIfError with the closest names.
    changes : dict of str to int, optional
        New printed stats of a creature (`wardsim.catalog.CREATURE_STATS`), e.g. ``{"hp": 80}``.
    copies : int, optional
        Copies every deck that holds the card plays after the change: 1 limits it, 0 bans it
        (removed copies become the filler), 3 unrestricts it (added copies take other cards'
        slots); see the module notes.
    decks : sequence of Deck, optional
        The pool (default: the bundled decks); names must differ.
    games : int
        Games per ordered pairing, in each of the runs before and after.
    seed : int
        Run seed; each pairing's seed is `pairing_seed(seed, deck A, deck B)`.
    policy, jobs, catalog
        Bot policy of both players, worker processes, the card catalog (bundled by default).
    matchup : (str, str), optional
        Only this matchup (deck names); by default every changed deck against every other.
    progress : callable, optional
        Called with the number of games just finished; they sum to `whatif_games`.

    Returns
    -------
    WhatIf
    """
    catalog = catalog or default_catalog()
    pool = list(decks) if decks is not None else bundled_decks(catalog=catalog)
    check_pool(pool)
    if games < 2:
        raise WhatIfError(f"a paired interval needs at least 2 games per pairing, got {games}")
    change = make_change(card, changes, copies, catalog)
    affected = _affected(change, pool)
    rows = _rows(pool, affected, matchup)
    before_catalog, after_catalog = change.catalogs(catalog)
    edited = {d.name: change.edit(d, after_catalog) for d in pool if d in affected}
    runner = _Runner(games, seed, policy, jobs, progress, rules or Rules())

    def after_deck(deck: Deck) -> Deck:
        return edited[deck.name][0] if deck.name in edited else deck

    table = []
    per_deck: dict[str, tuple[list[np.ndarray], list[np.ndarray]]] = {}
    for deck, opponent in rows:
        before = runner.both_seats(deck, opponent, before_catalog, "before", "before")
        after = runner.both_seats(after_deck(deck), after_deck(opponent), after_catalog, "after", "after")
        table.append({"deck": deck.name, "opponent": opponent.name, **_comparison(before, after)})
        pooled = per_deck.setdefault(deck.name, ([], []))
        pooled[0].append(before)
        pooled[1].append(after)
    deck_rows = [
        {"deck": name, "opponents": len(b), **_comparison(np.concatenate(b), np.concatenate(a))}
        for name, (b, a) in per_deck.items()
    ]
    return WhatIf(
        card=change.card.name,
        change=change.describe(),
        stats=change.stats,
        copies=change.copies,
        decks=pd.DataFrame(deck_rows),
        matchups=pd.DataFrame(table),
        edits={name: text for name, (_, text) in edited.items() if text},
        seed=seed,
        policy=policy,
        games=games,
        not_modeled=sorted(runner.not_modeled),
    )


# ------------------------------------------------------------------ sweep


@dataclass
class Sweep:
    """A matchup's win rate for each value of one stat of one creature.

    Attributes
    ----------
    card, stat : str
        The creature and the stat swept.
    printed : int
        The printed value of the stat.
    deck : str
        The deck whose win rate is measured (it or an opponent holds the card).
    opponents : list of str
        Its opponents (both seats each).
    table : DataFrame
        One row per value swept and for the printed value, in order: ``value, games,
        win_rate, ci_low, ci_high`` (Wilson, draws half) and ``change, change_ci_low,
        change_ci_high, change_se`` (against the printed value, paired on the same seeds).
    best : int
        The value whose win rate is closest to 50%.
    seed, policy, games : int, str, int
        Run seed, bot policy and games per ordered pairing.
    """

    card: str
    stat: str
    printed: int
    deck: str
    opponents: list[str]
    table: pd.DataFrame
    best: int
    seed: int
    policy: str
    games: int

    def summary(self) -> dict:
        """The JSON object of `wardsim whatif --sweep --json`."""
        return {
            "card": self.card,
            "stat": self.stat,
            "printed": self.printed,
            "deck": self.deck,
            "opponents": self.opponents,
            "best": self.best,
            "seed": self.seed,
            "policy": self.policy,
            "games_per_pairing": self.games,
            "values": _records(self.table),
        }


def _sweep_setup(
    card: str, stat: str, values: Sequence[int], matchup: tuple[str, str] | None, pool: Sequence[Deck], catalog: Catalog
) -> tuple[Card, list[int], Deck, list[Deck]]:
    values = sorted({int(v) for v in values})
    if not values:
        raise WhatIfError("a sweep needs at least one value")
    for value in values:  # every value checked before a game is played
        make_change(card, {stat: value}, None, catalog)
    printed = catalog[card]
    if matchup is None:
        holders = [d for d in pool if copies_of(d, printed.name)]
        if not holders:
            raise WhatIfError(
                f"no deck of the pool holds {printed.name} (the decks are {', '.join(d.name for d in pool)})"
            )
        return printed, values, holders[0], [d for d in pool if d is not holders[0]]
    a, b = _by_name(pool, matchup[0]), _by_name(pool, matchup[1])
    if a is b:
        raise WhatIfError(f"a matchup needs two different decks, got {a.name} twice")
    if not copies_of(a, printed.name) and not copies_of(b, printed.name):
        raise WhatIfError(f"neither {a.name} nor {b.name} holds {printed.name}")
    return printed, values, a, [b]


def sweep_games(
    card: str,
    stat: str,
    values: Sequence[int],
    matchup: tuple[str, str] | None = None,
    decks: Sequence[Deck] | None = None,
    games: int = 1000,
    catalog: Catalog | None = None,
) -> int:
    """Games `sweep` plays: every value (and the printed one), both seats, every opponent."""
    catalog = catalog or default_catalog()
    pool = list(decks) if decks is not None else bundled_decks(catalog=catalog)
    printed, values, _, opponents = _sweep_setup(card, stat, values, matchup, pool, catalog)
    runs = len(values) + (getattr(printed, stat) not in values)
    return runs * 2 * len(opponents) * games


def sweep(
    card: str,
    stat: str,
    values: Sequence[int],
    matchup: tuple[str, str] | None = None,
    decks: Sequence[Deck] | None = None,
    games: int = 1000,
    seed: int = 0,
    policy: str = "heuristic",
    jobs: int = 1,
    catalog: Catalog | None = None,
    progress: Progress | None = None,
    rules: Rules | None = None,
) -> Sweep:
    """Play one matchup with one stat of a creature at each of `values`, on the same seeds.

    `matchup` is (deck, opponent) by name, one of which holds the card; by default the first
    deck of the pool that holds it plays every other deck. Each value's games share their
    seeds with every other value's, so the curve is smooth and the change from the printed
    value has a paired interval. The answer names the value closest to 50%. Costs
    `sweep_games` games; the other parameters (`rules` among them) are those of `whatif`.
    """
    catalog = catalog or default_catalog()
    pool = list(decks) if decks is not None else bundled_decks(catalog=catalog)
    check_pool(pool)
    if games < 2:
        raise WhatIfError(f"a paired interval needs at least 2 games per pairing, got {games}")
    printed, values, deck, opponents = _sweep_setup(card, stat, values, matchup, pool, catalog)
    runner = _Runner(games, seed, policy, jobs, progress, rules or Rules())
    printed_value = getattr(printed, stat)

    def outcomes(value: int) -> np.ndarray:
        variant = catalog.with_changes(printed.name, **{stat: value})
        return np.concatenate([runner.both_seats(deck, o, variant, value, value) for o in opponents])

    base = outcomes(printed_value)
    rows = []
    for value in sorted({*values, printed_value}):  # the printed value is played anyway: shown too
        after = base if value == printed_value else outcomes(value)
        rows.append({"value": value, "games": len(after), **_rate(after, "win_rate"), **_paired(after, base, "change")})
    table = pd.DataFrame(rows).rename(columns={"win_rate_ci_low": "ci_low", "win_rate_ci_high": "ci_high"})
    best = int(table.loc[(table["win_rate"] - 0.5).abs().idxmin(), "value"])
    return Sweep(
        card=printed.name,
        stat=stat,
        printed=printed_value,
        deck=deck.name,
        opponents=[o.name for o in opponents],
        table=table,
        best=best,
        seed=seed,
        policy=policy,
        games=games,
    )
