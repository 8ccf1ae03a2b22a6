"""The deck search: an evolutionary search for the decks that beat a field, noise-aware.

Every number a search decides on is a win rate measured in games, so it is noisy; the search
spends its budget of games where its decisions are close.

**Generations.** A generation holds `parents` decks and `children` new ones, each child a
parent changed by one to three **mutations** within the format's rules (:func:`mutate`):

* *swap*: every copy of one card becomes copies of a pool card the deck does not hold;
* *add*: one more copy of a card the deck holds, in place of one copy of another;
* *remove*: one copy fewer of a card, in place of one copy of a pool card.

A mutated deck is kept only when it is legal in the format (30 cards, copy limits, nothing
banned) and holds a creature of AL 1-6 it can place without a sacrifice; a deck already in the
generation is drawn again.

**Racing on common random numbers.** In a generation every deck plays the same games: against
each deck of the field, in both seats, game *k* of a seating uses the same seed for every
candidate (derived from the run seed, the generation and the field deck's name), so two
candidates' results differ by their cards, not by their luck. The generation plays in rounds
of `step` games per field deck and seat. After each round every candidate is compared with
the round's leader on the games both played: a candidate whose paired difference is surely
below zero (its upper `z`-bound, `z` = 2) is dropped and plays no more. The race ends when
`parents` candidates are left, or after `max_rounds` rounds; the best `parents` by mean
score become the next generation's parents, and play again on new seeds in the next
generation, so a parent that was lucky once is not kept on that luck.

**The result.** When the budget is spent (less what the final measure needs), the last
generation's best decks, and the start deck for reference, are measured afresh: `final_games`
games per field deck and seat on seeds the search never used, with Wilson 95% intervals.
Those numbers, not the race's, are the ones reported, since the race's are biased upward by
the selection.

The results are the same for any number of jobs: every decision is taken in this process on
whole rounds of games. With `out`, every round's games are saved (``out/games/``) and a search
run again resumes from them.
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import pandas as pd

from wardsim.analytics.intervals import wilson_interval
from wardsim.catalog import Card, Catalog, default_catalog
from wardsim.decks import Deck, legality_problems
from wardsim.formats import Format, get_format
from wardsim.outputs import OutputFolder
from wardsim.pairings import Pairing, play_pairings, pool_odds
from wardsim.rules import DECK_SIZE, Rules
from wardsim.runs import RunStore
from wardsim.simulation import engine_fingerprint
from wardsim.surveys import card_group, deck_of, generate_decks, survey_pool
from wardsim.whatif import pairing_seed, scores

PARENTS = 4
CHILDREN = 12
STEP = 10  # games per field deck and seat in a round of the race
MAX_ROUNDS = 6
FINAL_GAMES = 200  # per field deck and seat, for each reported deck
KEEP = 5  # best decks reported
Z = 2.0  # a candidate is dropped when its paired difference with the leader is below 0 by Z standard errors
MUTATIONS = ("swap", "add", "remove")
NOT_MODELED = ("partial", "unmodeled")
Progress = Callable[[str, int, int], None]


class SearchError(ValueError):
    """A search that cannot be run as asked: the message says why and what to change."""


Copies = dict[str, int]


def deck_key(copies: Copies) -> str:
    """A short name of a deck's contents: the same cards give the same name."""
    text = ";".join(f"{n}x{name}" for name, n in sorted(copies.items()))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:8]


def _placeable(copies: Copies, cards: dict[str, Card]) -> bool:
    return any(card_group(cards[name]) == "low" for name in copies)


def mutate(copies: Copies, pool: Sequence[Card], fmt: Format, rng: np.random.Generator) -> Copies | None:
    """One mutation of a deck (see the module notes), or None when the one drawn cannot apply."""
    allowed = {c.name: fmt.copies_allowed(c.name, c.is_promo) for c in pool}
    new = dict(copies)
    held = sorted(new)
    kind = MUTATIONS[int(rng.integers(len(MUTATIONS)))]
    outside = [c.name for c in pool if c.name not in new and allowed[c.name] > 0]
    if kind == "swap":
        if not outside:
            return None
        old = held[int(rng.integers(len(held)))]
        card = outside[int(rng.integers(len(outside)))]
        n = new.pop(old)
        new[card] = min(n, allowed[card])
        short = n - new[card]
        room = [name for name in sorted(new) if new[name] < allowed.get(name, 0)]
        while short and room:  # a limited card takes fewer copies: the rest go to cards with room
            name = room[int(rng.integers(len(room)))]
            new[name] += 1
            short -= 1
            room = [name for name in sorted(new) if new[name] < allowed.get(name, 0)]
        if short:
            return None
    elif kind == "add":
        room = [name for name in held if new[name] < allowed.get(name, 0)]
        if not room or len(held) < 2:
            return None
        card = room[int(rng.integers(len(room)))]
        others = [name for name in held if name != card]
        old = others[int(rng.integers(len(others)))]
        new[card] += 1
        new[old] -= 1
    else:
        old = held[int(rng.integers(len(held)))]
        room = [c.name for c in pool if new.get(c.name, 0) < allowed[c.name] and c.name != old]
        if not room:
            return None
        card = room[int(rng.integers(len(room)))]
        new[old] -= 1
        new[card] = new.get(card, 0) + 1
    return {name: n for name, n in new.items() if n > 0}


def as_deck(name: str, copies: Copies, cards: dict[str, Card]) -> Deck:
    """A deck of these copies, creatures by AL then magic, as deck files list them."""
    deck = deck_of(name, copies, cards)
    creatures = sum(n for c, n in deck.cards if c.is_creature)
    deck.plan = f"found by wardsim optimize: {creatures} creatures, {DECK_SIZE - creatures} magic"
    return deck


def _legal(copies: Copies, cards: dict[str, Card], fmt: Format) -> bool:
    deck = deck_of("candidate", copies, cards)
    return not legality_problems(deck, fmt) and _placeable(copies, cards)


@dataclass
class Search:
    """The results of a deck search.

    Attributes
    ----------
    decks : DataFrame
        The best decks, best first, and the start deck last: ``rank`` (0 for the start deck),
        ``deck``, ``win_rate``, ``ci_low``, ``ci_high``, ``games`` (the final measure, on fresh
        seeds), ``structure``, ``not_modeled``, and one ``vs <field deck>`` win rate per field deck.
    deck_lists : list of Deck
        The same decks, in the same order.
    cards : DataFrame
        The cards the best decks use most: ``card``, ``decks``, ``of_decks``, ``mean_copies``,
        ``effect_status``, ``not_modeled``, ``official_status``.
    history : DataFrame
        One row per generation: games spent so far, candidates raced, rounds, the leader's mean score.
    params : dict
        What decided the search.
    seconds : float
        Wall time of the search (not written to any file).
    played : int
        Games played by this call (not found saved).
    """

    decks: pd.DataFrame
    deck_lists: list[Deck]
    cards: pd.DataFrame
    history: pd.DataFrame
    params: dict
    seconds: float = 0.0
    played: int = 0
    notes: list[str] = field(default_factory=list)


class _Evaluator:
    """Plays candidate decks against the field on shared seeds, saving every call's games."""

    def __init__(self, field_rows, policy, catalog, rules, jobs, store, progress, odds, budget):
        self.field_rows = field_rows
        self.budget = budget
        self.policy, self.catalog, self.rules, self.jobs = policy, catalog, rules, jobs
        self.store, self.progress, self.odds = store, progress, odds
        self.spent = 0
        self.played = 0

    def play(
        self, decks: Sequence[tuple[int, ...]], seeds: Sequence[tuple[int, int]], first: int, games: int, stage: str
    ):
        """Each deck's scores against the field: ndarray(float, shape=(decks, field, 2 seats, games))."""
        pairings = []
        for rows in decks:
            for f, (seed_a, seed_b) in zip(self.field_rows, seeds, strict=True):
                pairings.append(Pairing(rows, f, seed_a, games, first))
                pairings.append(Pairing(f, rows, seed_b, games, first))
        total = sum(p.games for p in pairings)

        def tick(n: int) -> None:
            if self.progress:
                self.progress(stage, n, self.budget)

        winners, played = play_pairings(
            pairings, self.policy, self.catalog, self.rules, self.jobs, self.store, tick, self.odds, base=self.spent
        )
        self.spent += total
        self.played += played
        out = np.zeros((len(decks), len(self.field_rows), 2, games))
        k = 0
        for d in range(len(decks)):
            for f in range(len(self.field_rows)):
                out[d, f, 0] = scores(winners[k], 0)
                out[d, f, 1] = scores(winners[k + 1], 1)
                k += 2
        return out


def check_budget(
    budget: int, n_field: int, parents: int, children: int, step: int, final_games: int, keep: int
) -> None:
    """SearchError unless the sizes are valid and the budget covers one round of the race and
    the final measure."""
    sizes = (("parents", parents, 1), ("children", children, 1), ("step", step, 2), ("final games", final_games, 2))
    for name, value, low in (*sizes, ("keep", keep, 1)):
        if value < low:
            raise SearchError(f"{name} must be at least {low}, got {value}")
    final_cost = (keep + 1) * n_field * 2 * final_games
    round_cost = (parents + children) * n_field * 2 * step
    if budget < final_cost + round_cost:
        raise SearchError(
            f"a budget of {budget:,} games does not cover one round of the race ({round_cost:,}) and the final "
            f"measure ({final_cost:,}); give at least {final_cost + round_cost:,} games, or fewer --final-games"
        )


def _seeds(seed: int, stage: str, field_names: Sequence[str]) -> list[tuple[int, int]]:
    """The seeds of both seatings against each field deck, shared by every candidate of a stage."""
    stage_seed = pairing_seed(seed, "search", stage)
    return [(pairing_seed(stage_seed, "candidate", n), pairing_seed(stage_seed, n, "candidate")) for n in field_names]


def optimize(
    field_decks: Sequence[Deck],
    budget: int,
    seed: int = 0,
    fmt: str = "official",
    generation: int | None = 1,
    cards: Sequence[str] | None = None,
    start: Deck | None = None,
    policy: str = "heuristic",
    jobs: int = 1,
    out: Path | str | None = None,
    force: bool = False,
    rules: Rules | None = None,
    parents: int = PARENTS,
    children: int = CHILDREN,
    step: int = STEP,
    max_rounds: int = MAX_ROUNDS,
    final_games: int = FINAL_GAMES,
    keep: int = KEEP,
    catalog: Catalog | None = None,
    progress: Progress | None = None,
) -> Search:
    """Search for the decks of a card pool that beat the field (see the module notes).

    Parameters
    ----------
    field_decks : sequence of Deck
        The decks the candidates play, each in both seats.
    budget : int
        Games in all, the final measure included.
    seed : int
        The search seed (mutations and every game derive from it).
    fmt, generation, cards :
        The format the decks must be legal in, and the pool mutations draw from (the named
        cards, else the cards of `generation`).
    start : Deck, optional
        The deck the search starts from (a deck generated from the pool by default).
    policy : str
        The policy of both seats.
    jobs : int
        Worker processes; the results do not depend on it.
    out : Path, optional
        Folder whose ``games/`` subfolder saves every round's games; resumes.
    parents, children, step, max_rounds : int
        Decks kept per generation, new decks per generation, games per field deck and seat in a
        round of the race, and the most rounds of a generation.
    final_games : int
        Games per field deck and seat of the final measure of each reported deck.
    keep : int
        Best decks reported.
    progress : callable, optional
        ``progress(stage, games, budget)`` for the stages ``"search"`` and ``"final"``.
    """
    catalog = catalog or default_catalog()
    rules = rules or Rules()
    form = get_format(fmt, catalog)
    if not field_decks:
        raise SearchError("the field is empty: give a folder of deck files with --field")
    check_budget(budget, len(field_decks), parents, children, step, final_games, keep)
    pool, _ = survey_pool(form, generation, cards, catalog)
    by_name = {c.name: c for c in pool}
    rng = np.random.default_rng(np.random.SeedSequence([int(seed), 0x0971]))
    if start is None:
        start = generate_decks(pool, form, 2, seed, min_decks=0)[0]
    start_copies = {c.name: n for c, n in start.cards}
    by_name.update({c.name: c for c, _ in start.cards})
    field_rows = [tuple(int(c) for c in d.card_indices(catalog)) for d in field_decks]
    field_names = [d.name for d in field_decks]
    n_field = len(field_decks)
    final_cost = (keep + 1) * n_field * 2 * final_games
    params = {
        "seed": int(seed),
        "format": fmt,
        "pool": f"generation {generation}" if not cards else f"{len(cards)} listed cards",
        "cards": sorted(by_name),
        "field": field_names,
        "field_decks": [list(r) for r in field_rows],
        "start": [[name, n] for name, n in sorted(start_copies.items())],
        "budget": budget,
        "policy": policy,
        "parents": parents,
        "children": children,
        "step": step,
        "max_rounds": max_rounds,
        "final_games": final_games,
        "keep": keep,
        "rules": rules.as_dict(),
    }
    folder = OutputFolder.claim(out, force) if out is not None else None
    store = (
        RunStore(
            folder.folder("games"), {**params, "engine": engine_fingerprint()}, budget, engine_fingerprint(), force
        )
        if folder is not None
        else None
    )
    every_pool = [*field_rows, tuple(catalog.index(n) for n in by_name)]
    odds = pool_odds(every_pool, policy, catalog, rules)
    evaluator = _Evaluator(field_rows, policy, catalog, rules, jobs, store, progress, odds, budget)
    start_time = time.perf_counter()

    def rows_of(copies: Copies) -> tuple[int, ...]:
        return tuple(int(c) for c in as_deck("x", copies, by_name).card_indices(catalog))

    population = [start_copies]
    seen = {deck_key(start_copies)}
    while len(population) < parents:
        child = _child(population[0], pool, form, rng, by_name, seen)
        if child is None:
            break
        population.append(child)
    history = []
    ranking = list(population)
    generation_index = 0
    while evaluator.spent + final_cost + (len(population) + children) * n_field * 2 * step <= budget:
        candidates = list(population)
        keys = {deck_key(c) for c in candidates}
        for _ in range(children):
            parent = population[int(rng.integers(len(population)))]
            child = _child(parent, pool, form, rng, by_name, keys)
            if child is not None:
                candidates.append(child)
        seeds = _seeds(seed, f"generation {generation_index}", field_names)
        alive = list(range(len(candidates)))
        results = np.zeros((len(candidates), n_field, 2, 0))
        rounds = 0
        while True:
            cost = len(alive) * n_field * 2 * step
            if rounds and evaluator.spent + cost + final_cost > budget:
                break
            played = evaluator.play([rows_of(candidates[k]) for k in alive], seeds, rounds * step, step, "search")
            block = np.full((len(candidates), n_field, 2, step), np.nan)
            block[alive] = played
            results = np.concatenate([results, block], axis=3)
            rounds += 1
            flat = results[alive].reshape(len(alive), -1)
            means = flat.mean(axis=1)
            leader = int(np.argmax(means))
            differences = flat - flat[leader]
            se = differences.std(axis=1, ddof=1) / np.sqrt(flat.shape[1])
            upper = differences.mean(axis=1) + Z * se
            alive = [k for k, u, j in zip(alive, upper, range(len(alive)), strict=True) if j == leader or u >= 0]
            if len(alive) <= parents or rounds >= max_rounds:
                break
        # the survivors first, by mean score (they played every round), then the dropped ones by
        # their mean on the rounds they played, should fewer than `parents` survive
        played_all = np.nanmean(results.reshape(len(candidates), -1), axis=1)
        survived = set(alive)
        order = sorted(
            range(len(candidates)), key=lambda k: (k not in survived, -played_all[k], deck_key(candidates[k]))
        )
        population = [candidates[k] for k in order[:parents]]
        ranking = [candidates[k] for k in order]
        history.append(
            {
                "generation": generation_index,
                "games_spent": evaluator.spent,
                "candidates": len(candidates),
                "rounds": rounds,
                "leader_score": float(played_all[order[0]]),
                "leader": deck_key(candidates[order[0]]),
            }
        )
        generation_index += 1
    # the final measure: fresh seeds, the same for every reported deck and the start deck
    best = ranking[:keep]
    measured = [*best, start_copies]
    final_seeds = _seeds(seed, "final", field_names)
    final = evaluator.play([rows_of(c) for c in measured], final_seeds, 0, final_games, "final")
    seconds = time.perf_counter() - start_time
    return _result(measured, final, field_names, by_name, catalog, history, params, seconds, evaluator.played)


def _child(
    parent: Copies, pool: Sequence[Card], fmt: Format, rng: np.random.Generator, cards: dict[str, Card], taken: set[str]
) -> Copies | None:
    """A legal, new mutant of the parent: one to three mutations; None after 50 draws without one."""
    for _ in range(50):
        child: Copies | None = parent
        for _ in range(int(rng.integers(1, 4))):
            child = mutate(child, pool, fmt, rng) if child is not None else None
        if child is None or not _legal(child, cards, fmt):
            continue
        key = deck_key(child)
        if key not in taken:
            taken.add(key)
            return child
    return None


def _result(measured, final, field_names, cards, catalog, history, params, seconds, played) -> Search:
    official = get_format("official", catalog)
    n_best = len(measured) - 1
    totals = final.reshape(len(measured), -1)
    wins = totals.sum(axis=1)
    games = totals.shape[1]
    low, high = wilson_interval(wins, np.full(len(measured), games))
    rows, decks = [], []
    for k, copies in enumerate(measured):
        name = f"best-{k + 1}" if k < n_best else "start"
        deck = as_deck(name, copies, cards)
        decks.append(deck)
        row = {
            "rank": k + 1 if k < n_best else 0,
            "deck": name,
            "key": deck_key(copies),
            "win_rate": wins[k] / games,
            "ci_low": low[k],
            "ci_high": high[k],
            "games": games,
            "structure": deck.summary(),
            "not_modeled": ", ".join(c.name for c in deck.not_modeled()),
        }
        for f, field_name in enumerate(field_names):
            row[f"vs {field_name}"] = final[k, f].mean()
        rows.append(row)
    table = pd.DataFrame(rows)
    order = np.argsort(-table["win_rate"].to_numpy()[:n_best], kind="stable")
    best = table.iloc[order].copy()
    best["rank"] = np.arange(1, n_best + 1)
    best["deck"] = [f"best-{r}" for r in best["rank"]]
    best_decks = [decks[k] for k in order]
    for r, deck in enumerate(best_decks, start=1):
        deck.name = deck.path = f"best-{r}"
    table = pd.concat([best, table.iloc[[n_best]]], ignore_index=True)
    deck_lists = [*best_decks, decks[n_best]]
    usage: dict[str, list[int]] = {}
    for deck in best_decks:
        for card, n in deck.cards:
            usage.setdefault(card.name, []).append(n)
    card_rows = [
        {
            "card": name,
            "decks": len(ns),
            "of_decks": n_best,
            "mean_copies": float(np.mean(ns)),
            "effect_status": cards[name].effect_status,
            "not_modeled": cards[name].effect_status in NOT_MODELED,
            "official_status": "banned" if name in official.banned else "limited" if name in official.limited else "",
        }
        for name, ns in usage.items()
    ]
    card_table = pd.DataFrame(card_rows).sort_values(["decks", "mean_copies", "card"], ascending=[False, False, True])
    notes = []
    flagged = sorted({c for d in best_decks for c in (x.name for x in d.not_modeled())})
    if flagged:
        notes.append(f"effects not fully modeled in the best decks: {', '.join(flagged)}")
    return Search(
        table, deck_lists, card_table.reset_index(drop=True), pd.DataFrame(history), params, seconds, played, notes
    )
