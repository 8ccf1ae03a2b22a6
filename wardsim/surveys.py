"""The whole-set survey: generated decks that cover a card pool, their games, every card ranked.

A survey answers "which cards of this set make a deck win?" for every card of the set, not only
for the cards someone put in a deck. It

1. **generates decks** (:func:`generate_decks`): legal in the chosen format, each with a
   structure drawn from the range real decks use, and together covering every card of the
   pool in at least `min_decks` decks;
2. **plays them** (:func:`survey_cells`): the decks stand in a shuffled circle, each meets the
   `opponents` decks nearest to it (half on each side), in both seats, `games` games a seat;
3. **ranks the cards** (:mod:`wardsim.analytics.survey`): each deck's strength, fitted from
   all its pairings, regressed on its card counts, with intervals from a bootstrap over decks;
4. **ablates the extremes** (`ablate`): the top and bottom cards of the regression are
   replaced by the neutral filler (:func:`wardsim.whatif.ablated`) in every deck that holds
   them, and those decks' games are played again on the same seeds: a paired measure of the
   card's impact that does not rest on the linear model.

**Deck structure.** A generated deck holds 30 cards: C creatures (uniform from 14 to 25, the
range of the bundled decks, 14 in `control` to 25 in `giants`), of which a share from 40% to
90% (at least `MIN_LOW_AL`) are of AL 1-6, placeable without a sacrifice (rules guide,
Sacrificing), the rest of AL 7-12; the other 30 - C cards are magic. When the pool cannot fill a
group (a small `--cards` list) its cards go to the others. Within each group the deck takes
the cards the fewest decks hold so far (ties broken at random), 1, 2 or 3 copies each (as the
format allows: limited cards 1, banned cards never), so every card of the pool appears in
about as many decks as the others of its group.

**Seeds.** The decks come from a generator seeded by (seed, "decks"); the circle from (seed,
"circle"); each ordered pairing of decks A and B has the seed ``pairing_seed(seed, A, B)``
(:func:`wardsim.whatif.pairing_seed`), so every game is replayed alone by ``wardsim simulate
A.txt B.txt --seed <its seed>`` on the deck files the survey writes. The results are the same
for any number of jobs.

**Saved games.** With `out`, the games are saved block by block in ``out/games/`` and the
ablation's in ``out/ablation/`` (:mod:`wardsim.pairings`); the same survey run again resumes
from what was saved.
"""

from __future__ import annotations

import functools
import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import pandas as pd

from wardsim.analytics.card_metrics import ablation_impact
from wardsim.analytics.intervals import BOOTSTRAP
from wardsim.analytics.survey import card_effects, deck_results, ranked
from wardsim.catalog import Card, Catalog, default_catalog
from wardsim.decks import Deck, DeckLine, legality_problems
from wardsim.formats import Format, get_format
from wardsim.outputs import OutputFolder
from wardsim.pairings import Pairing, play_pairings, pool_odds
from wardsim.rules import DECK_SIZE, NO_SACRIFICE_MAX_AL, Rules
from wardsim.runs import RunStore
from wardsim.simulation import DuelOdds, engine_fingerprint
from wardsim.whatif import FILLER_CREATURE, ablated, pairing_seed, scores, with_fillers

CREATURES = (14, 25)  # creature cards per deck: the bundled decks hold 14 (control) to 25 (giants)
LOW_AL_SHARE = (0.4, 0.9)  # of the creatures: 5 of 14 in control, 18 of 18 in first_strike
MIN_LOW_AL = 6  # placeable creatures a deck needs to field one and pay sacrifices
COPIES = (1, 2, 3)
COPIES_WEIGHTS = (0.3, 0.35, 0.35)  # the bundled decks play mostly 2 or 3 copies of a card
DEFAULT_MIN_DECKS = 8
# Gen 1's 151 cards then land in 18 to 27 decks each, about three times the minimum
DEFAULT_DECKS = 25 * DEFAULT_MIN_DECKS
DEFAULT_ABLATE = 5
DEFAULT_ABLATION_GAMES = 20  # per seating of each pairing of a deck holding the card
NOT_MODELED = ("partial", "unmodeled")
GROUPS = ("low", "high", "magic")
Progress = Callable[[str, int, int], None]  # (stage, games just finished, the stage's total games)


class SurveyError(ValueError):
    """A survey that cannot be run as asked: the message says why and what to change."""


def card_group(card: Card) -> str:
    """A card's group in a generated deck: placeable creature, sacrifice creature, or magic."""
    if not card.is_creature:
        return "magic"
    return "low" if (card.armor_level or 0) <= NO_SACRIFICE_MAX_AL else "high"


def read_card_list(path: Path | str, catalog: Catalog | None = None) -> list[str]:
    """Card names from a file, one per line (``#`` starts a comment); SurveyError naming the
    line and the closest names for an unknown card."""
    catalog = catalog or default_catalog()
    try:
        text = Path(path).read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as err:
        raise SurveyError(f"--cards {path}: cannot read the file ({getattr(err, 'strerror', None) or err})") from None
    names: list[str] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        name = raw.partition("#")[0].strip()
        if not name:
            continue
        if name not in catalog:
            hint = catalog.suggest(name)
            more = f"; did you mean {', '.join(repr(h) for h in hint)}?" if hint else ""
            raise SurveyError(f"--cards {path}:{number}: unknown card {name!r}{more}")
        card = catalog[name].name
        if card not in names:
            names.append(card)
    if not names:
        raise SurveyError(f"--cards {path} names no card; write one card name per line")
    return names


def survey_pool(
    fmt: Format, generation: int | None = 1, names: Sequence[str] | None = None, catalog: Catalog | None = None
) -> tuple[list[Card], list[Card]]:
    """The cards a survey plays and the pool's cards the format bans (never played).

    The pool is the named cards when `names` is given, else the cards of `generation`
    (0: the promos). SurveyError when the pool cannot make a legal deck with a placeable creature."""
    catalog = catalog or default_catalog()
    if names:
        cards = list({catalog[n].name: catalog[n] for n in names}.values())  # a card named twice counts once
    else:
        if generation not in (0, 1, 2, 3):
            raise SurveyError(f"--generation must be 1, 2, 3 or 0 (the promos), got {generation}")
        cards = list(catalog.generation(generation))
    banned = [c for c in cards if fmt.copies_allowed(c.name, c.is_promo) == 0]
    pool = [c for c in cards if fmt.copies_allowed(c.name, c.is_promo) > 0]
    capacity = sum(fmt.copies_allowed(c.name, c.is_promo) for c in pool)
    if capacity < DECK_SIZE:
        raise SurveyError(
            f"the pool allows only {capacity} cards in a deck under the {fmt.name} format, fewer than "
            f"{DECK_SIZE}; add cards to the pool"
        )
    if not any(card_group(c) == "low" for c in pool):
        raise SurveyError(
            f"the pool has no creature of AL 1-{NO_SACRIFICE_MAX_AL}, so no deck could place a creature without a "
            "sacrifice (rules guide: Sacrificing); add some"
        )
    return pool, banned


def _quotas(rng: np.random.Generator, capacity: dict[str, int]) -> dict[str, int]:
    """Cards of each group in one deck: a structure drawn from the real decks' range, then
    moved between groups where the pool cannot fill one."""
    creatures = int(rng.integers(CREATURES[0], CREATURES[1] + 1))
    low = min(creatures, max(MIN_LOW_AL, round(creatures * rng.uniform(*LOW_AL_SHARE))))
    quota = {"low": low, "high": creatures - low, "magic": DECK_SIZE - creatures}
    spill = {"magic": ("low", "high"), "high": ("low", "magic"), "low": ("high", "magic")}
    for group in ("magic", "high", "low"):
        excess = quota[group] - capacity[group]
        for other in spill[group]:
            if excess <= 0:
                break
            moved = min(excess, capacity[other] - quota[other])
            if moved > 0:
                quota[other] += moved
                excess -= moved
        quota[group] -= max(0, quota[group] - capacity[group])
    return quota


def generate_decks(
    pool: Sequence[Card], fmt: Format, n_decks: int, seed: int, min_decks: int = DEFAULT_MIN_DECKS
) -> list[Deck]:
    """`n_decks` legal decks that together hold every card of the pool (see the module notes).

    SurveyError when some card ends up in fewer than `min_decks` decks, with the number of
    decks that would cover it."""
    if n_decks < 2:
        raise SurveyError(f"--decks must be at least 2, got {n_decks}")
    rng = np.random.default_rng(np.random.SeedSequence([int(seed), 0xDEC5]))
    allowed = {c.name: fmt.copies_allowed(c.name, c.is_promo) for c in pool}
    groups = {g: [c for c in pool if card_group(c) == g] for g in GROUPS}
    capacity = {g: sum(allowed[c.name] for c in cards) for g, cards in groups.items()}
    holders = dict.fromkeys(allowed, 0)
    decks = []
    for i in range(n_decks):
        quota = _quotas(rng, capacity)
        picked: dict[str, int] = {}
        for group in GROUPS:
            cards = groups[group]
            tiebreak = rng.random(len(cards))
            order = sorted(range(len(cards)), key=lambda k: (holders[cards[k].name], tiebreak[k]))
            left = quota[group]
            for k in order:
                if left == 0:
                    break
                name = cards[k].name
                n = min(int(rng.choice(COPIES, p=COPIES_WEIGHTS)), allowed[name], left)
                picked[name] = n
                left -= n
            for k in order:  # the group's cards ran out: more copies of those taken
                name = cards[k].name
                if left == 0:
                    break
                if name in picked:
                    more = min(allowed[name] - picked[name], left)
                    picked[name] += more
                    left -= more
        for name in picked:
            holders[name] += 1
        decks.append(deck_of(f"survey-{i + 1:04d}", picked, {c.name: c for c in pool}))
    scarce = min(holders, key=lambda n: (holders[n], n))
    if holders[scarce] < min_decks:
        needed = math.ceil(n_decks * min_decks / max(holders[scarce], 1))
        raise SurveyError(
            f"{n_decks} decks hold {scarce} in only {holders[scarce]} deck{'s' if holders[scarce] != 1 else ''}, "
            f"fewer than --min-decks {min_decks}; give about {needed} --decks, or lower --min-decks"
        )
    for deck in decks:  # the generator's contract, checked where it is cheap
        problems = legality_problems(deck, fmt)
        if problems:
            raise AssertionError(f"generated deck {deck.name} is illegal: {problems[0].message}")
    return decks


def deck_of(name: str, picked: dict[str, int], cards: dict[str, Card]) -> Deck:
    """A deck of these copies (a generated one), creatures by AL then name, then magic by name (the file's order)."""
    order = sorted(picked, key=lambda n: (not cards[n].is_creature, cards[n].armor_level or 0, n))
    lines = [DeckLine(k + 1, picked[n], n) for k, n in enumerate(order)]
    creatures = sum(picked[n] for n in order if cards[n].is_creature)
    deck = Deck(
        name=name,
        path=f"{name}.txt",
        plan=f"generated by wardsim survey: {creatures} creatures, {DECK_SIZE - creatures} magic",
        lines=lines,
        cards=[(cards[n], picked[n]) for n in order],
        first_line={n: k + 1 for k, n in enumerate(order)},
    )
    return deck


def deck_text(deck: Deck, comment: Sequence[str] = ()) -> str:
    """A deck as the text of a deck file: its plan, then one ``COUNT NAME`` line per card."""
    head = [f"# {deck.plan}", *(f"# {line}" for line in comment)]
    return "\n".join([*head, *(f"{n} {card.name}" for card, n in deck.cards)]) + "\n"


def circle_pairs(n_decks: int, opponents: int, seed: int) -> list[tuple[int, int]]:
    """The pairs of decks a survey plays: the decks in a shuffled circle, each with the
    `opponents` / 2 next to it on either side. SurveyError unless `opponents` is even and
    below the number of decks."""
    if opponents < 2 or opponents % 2:
        raise SurveyError(
            f"--opponents must be even and at least 2 (each deck meets the --opponents / 2 decks on either "
            f"side of it in a shuffled circle), got {opponents}"
        )
    if opponents >= n_decks:
        raise SurveyError(f"--opponents ({opponents}) must be below --decks ({n_decks})")
    circle = np.random.default_rng(np.random.SeedSequence([int(seed), 0xC12C])).permutation(n_decks)
    return [
        (int(circle[p]), int(circle[(p + m) % n_decks])) for m in range(1, opponents // 2 + 1) for p in range(n_decks)
    ]


def survey_cells(decks: Sequence[Deck], pairs: Sequence[tuple[int, int]], games: int, seed: int, catalog: Catalog):
    """Both seatings of every pair, as pairings: (A, B) then (B, A), each `games` games."""
    rows = [tuple(int(c) for c in d.card_indices(catalog)) for d in decks]
    cells = []
    for a, b in pairs:
        for x, y in ((a, b), (b, a)):
            cells.append(Pairing(rows[x], rows[y], pairing_seed(seed, decks[x].name, decks[y].name), games))
    return cells


def check_survey(
    fmt: str,
    generation: int | None,
    cards: Sequence[str] | None,
    n_decks: int,
    opponents: int,
    games: int,
    seed: int,
    min_decks: int,
    catalog: Catalog | None = None,
) -> list[Deck]:
    """The decks a survey would play; SurveyError (or ValueError for an unknown format) for
    anything it could not run, before a game is played."""
    catalog = catalog or default_catalog()
    form = get_format(fmt, catalog)
    if games < 1:
        raise SurveyError(f"--games must be at least 1, got {games}")
    pool, _ = survey_pool(form, generation, cards, catalog)
    circle_pairs(n_decks, opponents, seed)
    return generate_decks(pool, form, n_decks, seed, min_decks)


@dataclass
class Survey:
    """The results of a survey.

    Attributes
    ----------
    cards : DataFrame
        One row per card of the pool, strongest first (:func:`card_table`): rank, effect per
        copy with its interval and the ranks it allows, ablation impact (top and bottom cards),
        decks and games, effect status, official status.
    decks : DataFrame
        One row per generated deck: win rate with its Wilson interval, structure, not-modeled cards.
    pairings : DataFrame
        One row per pair of decks: the two decks, the seeds of both seatings, games, A's score.
    deck_lists : list of Deck
        The generated decks.
    params : dict
        What decided the survey (seed, sizes, policy, format, pool, rules).
    seconds : float
        Wall time spent playing (not written to any file: the files are the same however long it took).
    played : int
        Games played by this call (not found saved).
    """

    cards: pd.DataFrame
    decks: pd.DataFrame
    pairings: pd.DataFrame
    deck_lists: list[Deck]
    params: dict
    seconds: float = 0.0
    played: int = 0
    notes: list[str] = field(default_factory=list)

    @property
    def total_games(self) -> int:
        return int(2 * self.pairings["games"].sum())


def _store(folder: OutputFolder | None, name: str, key: dict, games: int) -> RunStore | None:
    if folder is None:
        return None
    return RunStore(folder.folder(name), key, games, engine_fingerprint(), folder.force)


def survey(
    fmt: str = "official",
    generation: int | None = 1,
    cards: Sequence[str] | None = None,
    n_decks: int = DEFAULT_DECKS,
    opponents: int = 10,
    games: int = 20,
    seed: int = 0,
    policy: str = "heuristic",
    jobs: int = 1,
    out: Path | str | None = None,
    force: bool = False,
    rules: Rules | None = None,
    min_decks: int = DEFAULT_MIN_DECKS,
    ablate: int = DEFAULT_ABLATE,
    ablation_games: int = DEFAULT_ABLATION_GAMES,
    bootstrap: int = BOOTSTRAP,
    catalog: Catalog | None = None,
    progress: Progress | None = None,
) -> Survey:
    """Generate decks from a card pool, play them, and rank every card (see the module notes).

    Parameters
    ----------
    fmt : str
        The format the decks are legal in (``official`` or ``casual``).
    generation, cards : int, sequence of str
        The pool: the named cards when `cards` is given, else the cards of `generation`.
    n_decks, opponents, games : int
        Decks generated; opponents each deck meets (even); games per seating of a pairing.
    seed : int
        The survey seed (decks, circle, games and bootstrap derive from it).
    policy : str
        The policy of both seats.
    jobs : int
        Worker processes; the results do not depend on it.
    out : Path, optional
        Folder whose ``games/`` and ``ablation/`` subfolders save the games; resumes.
    force : bool
        Allow an `out` folder holding files wardsim did not write.
    rules : Rules, optional
        The rules the games follow.
    min_decks : int
        Every card must be in at least this many decks (SurveyError otherwise).
    ablate : int
        Cards at each end of the ranking whose ablation impact is measured (0: none).
    ablation_games : int
        Games replayed per seating of each pairing of a deck holding an ablated card (the
        first ones of the pairing, at most `games`).
    bootstrap : int
        Bootstrap replicates of the regression's intervals.
    catalog : Catalog, optional
        The card catalog.
    progress : callable, optional
        ``progress(stage, games, stage_total)`` for the stages ``"games"`` and ``"ablation"``.
    """
    catalog = catalog or default_catalog()
    rules = rules or Rules()
    decks = check_survey(fmt, generation, cards, n_decks, opponents, games, seed, min_decks, catalog)
    pool, banned = survey_pool(get_format(fmt, catalog), generation, cards, catalog)
    pairs = circle_pairs(n_decks, opponents, seed)
    played_catalog = with_fillers(catalog)  # the ablation's filler rows follow the printed cards
    cells = survey_cells(decks, pairs, games, seed, played_catalog)
    params = {
        "seed": int(seed),
        "format": fmt,
        "generation": None if cards else generation,
        "cards": sorted(c.name for c in pool),
        "decks": n_decks,
        "opponents": opponents,
        "games": games,
        "policy": policy,
        "min_decks": min_decks,
        "ablate": ablate,
        "ablation_games": min(ablation_games, games),
        "bootstrap": bootstrap,
        "rules": rules.as_dict(),
    }
    folder = OutputFolder.claim(out, force) if out is not None else None
    total = sum(p.games for p in cells)
    store = _store(folder, "games", {**params, "engine": engine_fingerprint()}, total)
    start = time.perf_counter()

    def advance(stage: str, stage_total: int) -> Callable[[int], None]:
        def tick(n: int) -> None:
            if progress:
                progress(stage, n, stage_total)

        return tick

    # the duel odds of every creature of the pool and the filler, solved once (when a game is to be
    # played) for the survey's games and the ablation's
    every_row = tuple(played_catalog.index(n) for n in [*(c.name for c in pool), FILLER_CREATURE])
    odds = functools.cache(lambda: pool_odds([every_row], policy, played_catalog, rules))
    winners, played = play_pairings(cells, policy, played_catalog, rules, jobs, store, advance("games", total), odds)
    score_ab = np.array(
        [
            (scores(winners[2 * k], 0).sum() + scores(winners[2 * k + 1], 1).sum()) / (2 * games)
            for k in range(len(pairs))
        ]
    )
    deck_a = np.array([a for a, _ in pairs])
    deck_b = np.array([b for _, b in pairs])
    names = [c.name for c in pool]
    column = {n: k for k, n in enumerate(names)}
    counts = np.zeros((n_decks, len(pool)), dtype=np.int64)
    for d, deck in enumerate(decks):
        for card, n in deck.cards:
            counts[d, column[card.name]] = n
    pair_games = np.full(len(pairs), 2 * games)
    fitted = card_effects(counts, deck_a, deck_b, score_ab, pair_games, seed, bootstrap)
    per_deck = deck_results(deck_a, deck_b, score_ab, pair_games, n_decks)
    table = card_table(pool, banned, counts, fitted.table, per_deck, catalog)
    params["regression"] = {"penalty": round(fitted.penalty, 6), "effective_parameters": round(fitted.df, 2)}
    ablation, replayed = _ablation(
        table, decks, cells, winners, ablate, policy, played_catalog, rules, jobs, folder, params, advance, odds
    )
    table = table.merge(ablation, on="card", how="left") if not ablation.empty else table
    if "ablation_impact" not in table:
        for name in ("ablation_impact", "ablation_ci_low", "ablation_ci_high", "ablation_games"):
            table[name] = np.nan
    seconds = time.perf_counter() - start
    deck_frame = pd.DataFrame(
        {
            "deck": [d.name for d in decks],
            "games": per_deck["games"],
            "win_rate": per_deck["win_rate"],
            "ci_low": per_deck["ci_low"],
            "ci_high": per_deck["ci_high"],
            "strength": fitted.strengths,
            "creatures": [sum(n for c, n in d.cards if c.is_creature) for d in decks],
            "al_1_6": [sum(n for c, n in d.cards if card_group(c) == "low") for d in decks],
            "al_7_12": [sum(n for c, n in d.cards if card_group(c) == "high") for d in decks],
            "magic": [sum(n for c, n in d.cards if not c.is_creature) for d in decks],
            "not_modeled": [", ".join(c.name for c in d.not_modeled()) for d in decks],
        }
    )
    pairing_frame = pd.DataFrame(
        {
            "deck_a": [decks[a].name for a in deck_a],
            "deck_b": [decks[b].name for b in deck_b],
            "seed_ab": [cells[2 * k].seed for k in range(len(pairs))],
            "seed_ba": [cells[2 * k + 1].seed for k in range(len(pairs))],
            "games": games,
            "score_a": score_ab,
        }
    )
    notes = []
    flagged = table[table["effect_status"].isin(NOT_MODELED)]
    if len(flagged):
        notes.append(
            f"{len(flagged)} of the pool's {len(table)} cards have effects the simulator does not fully play "
            "(effect status partial or unmodeled): their ranks measure a card that is not the real one."
        )
    return Survey(table, deck_frame, pairing_frame, decks, params, seconds, played + replayed, notes)


def card_table(
    pool: Sequence[Card],
    banned: Sequence[Card],
    counts: np.ndarray,
    effects: pd.DataFrame,
    per_deck: pd.DataFrame,
    catalog: Catalog,
) -> pd.DataFrame:
    """One row per card of the pool (banned cards last, unranked): the regression's estimates,
    the decks and games the card was in, its mean copies, the raw win rate of its decks, and its
    effect and official status."""
    official = get_format("official", catalog)
    holds = counts > 0
    deck_games = per_deck["games"].to_numpy()
    deck_wins = per_deck["wins"].to_numpy()
    rows = []
    for k, card in enumerate(pool):
        held = holds[:, k]
        games = int(deck_games[held].sum())
        rows.append(
            {
                "card": card.name,
                "effect": effects["effect"].iloc[k],
                "ci_low": effects["ci_low"].iloc[k],
                "ci_high": effects["ci_high"].iloc[k],
                "decks": int(held.sum()),
                "games": games,
                "mean_copies": float(counts[held, k].mean()) if held.any() else np.nan,
                "deck_win_rate": float(deck_wins[held].sum() / games) if games else np.nan,
            }
        )
    for card in banned:
        rows.append({"card": card.name, "effect": np.nan, "ci_low": np.nan, "ci_high": np.nan, "decks": 0, "games": 0})
    table = ranked(pd.DataFrame(rows))
    info = {c.name: c for c in [*pool, *banned]}
    table["card_type"] = [info[n].card_type for n in table["card"]]
    table["armor_level"] = pd.array([info[n].armor_level for n in table["card"]], dtype="Int64")
    table["rarity"] = [info[n].rarity for n in table["card"]]
    table["effect_status"] = [info[n].effect_status for n in table["card"]]
    table["not_modeled"] = table["effect_status"].isin(NOT_MODELED)
    table["official_status"] = [
        "banned" if n in official.banned else "limited" if n in official.limited else "" for n in table["card"]
    ]
    return table


def _ablation(
    table: pd.DataFrame,
    decks: Sequence[Deck],
    cells: Sequence[Pairing],
    winners: Sequence[np.ndarray],
    ablate: int,
    policy: str,
    catalog: Catalog,
    rules: Rules,
    jobs: int,
    folder: OutputFolder | None,
    params: dict,
    advance: Callable[[str, int], Callable[[int], None]],
    odds: Callable[[], DuelOdds | None],
) -> tuple[pd.DataFrame, int]:
    """The paired ablation impact of the top and bottom `ablate` cards: every deck holding the
    card plays its games again with the card's copies replaced by the filler, on the same seeds."""
    ranked_cards = table[table["rank"].notna()]["card"].tolist()
    if ablate <= 0 or not ranked_cards:
        return pd.DataFrame(), 0
    chosen = list(dict.fromkeys(ranked_cards[:ablate] + ranked_cards[-ablate:]))
    rows_of = {tuple(int(c) for c in d.card_indices(catalog)): k for k, d in enumerate(decks)}
    runs: list[Pairing] = []
    base: list[np.ndarray] = []
    owner: list[str] = []
    seats: list[int] = []
    for name in chosen:
        for cell, won in zip(cells, winners, strict=True):
            for seat, slots in ((0, cell.deck_a), (1, cell.deck_b)):
                deck = decks[rows_of[slots]]
                if not any(card.name == name for card, _ in deck.cards):
                    continue
                changed = tuple(int(c) for c in ablated(deck, name, catalog).card_indices(catalog))
                a, b = (changed, cell.deck_b) if seat == 0 else (cell.deck_a, changed)
                n = min(cell.games, params["ablation_games"])
                runs.append(Pairing(a, b, cell.seed, n, cell.first))
                base.append(scores(won[:n], seat))
                owner.append(name)
                seats.append(seat)
    total = sum(p.games for p in runs)
    store = _store(folder, "ablation", {**params, "ablated": chosen, "engine": engine_fingerprint()}, total)
    after, played = play_pairings(runs, policy, catalog, rules, jobs, store, advance("ablation", total), odds)
    rows = []
    for name in chosen:
        picks = [k for k, o in enumerate(owner) if o == name]
        before = np.concatenate([base[k] for k in picks])
        without = np.concatenate([scores(after[k], seats[k]) for k in picks])
        impact = ablation_impact(None, None, None, None, paired=(before, without))
        rows.append(
            {
                "card": name,
                "ablation_impact": impact.impact,
                "ablation_ci_low": impact.ci_low,
                "ablation_ci_high": impact.ci_high,
                "ablation_games": len(before),
            }
        )
    return pd.DataFrame(rows), played
