"""The whole set on pages: the survey's files and HTML page, and the report's sections on a
survey and on a deck search.

`write_survey` writes a :class:`wardsim.surveys.Survey` into its folder:

==================  ===========================================================================
``index.html``      the survey's page: the ranking chart, the official list's ranks, the unlisted
                    cards that rank among the strongest, every card, the method
``cards.csv``       one row per card of the pool, strongest first (also ``cards.parquet``)
``decks.csv``       one row per generated deck: win rate, interval, structure
``pairings.csv``    one row per pair of decks: seeds of both seatings, games, deck A's score
``decks/*.txt``     the generated decks as deck files
``survey.json``     what decided the survey (seed, sizes, policy, format, pool, rules)
``effects.png``     the ranking chart
==================  ===========================================================================

The files hold no timings, so a resumed survey writes the same files as one run straight
through. Every card or deck name passes through :func:`html.escape` on its way into HTML.
"""

from __future__ import annotations

import base64
import json
from dataclasses import dataclass
from io import BytesIO
from pathlib import Path

import numpy as np
import pandas as pd
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

from wardsim.outputs import OutputFolder, parquet_bytes, write_atomic
from wardsim.report_pages import CSS, FLAG, Column, _html_table, _md, _md_table, escape

FLAG_COLOR = "#b3261e"  # as wardsim.charts: cards whose effect the simulator does not fully play
TOP_SHARE = 0.1  # "among the strongest": the top tenth of the ranked cards
SURVEY_FILES = ("cards.csv", "survey.json")
OPTIMIZED_FILES = ("decks.csv", "cards.csv", "optimize.json")


def effects_chart(cards: pd.DataFrame) -> Figure:
    """Every ranked card's effect per copy with its 95% interval, strongest at the top; cards
    not fully modeled in red, the official list's cards labelled."""
    shown = cards[cards["rank"].notna()]
    n = max(len(shown), 1)
    fig = Figure(figsize=(7.5, max(3.0, 0.14 * n + 1.0)), layout="constrained")
    FigureCanvasAgg(fig)
    ax = fig.add_subplot()
    y = np.arange(len(shown))[::-1]
    colors = [FLAG_COLOR if flagged else "#2b6cb0" for flagged in shown["not_modeled"]]
    effect = 100 * shown["effect"].to_numpy()
    low = 100 * shown["ci_low"].to_numpy()
    high = 100 * shown["ci_high"].to_numpy()
    ax.hlines(y, low, high, colors=colors, linewidth=1.2)
    ax.scatter(effect, y, c=colors, s=10, zorder=3)
    labels = [
        f"{name} [{status}]" if status else str(name)
        for name, status in zip(shown["card"], shown["official_status"], strict=True)
    ]
    ax.set_yticks(y, labels, fontsize=5.5)
    ax.axvline(0, color="#718096", linewidth=0.8)
    ax.set_ylim(-1, len(shown))
    ax.set_xlabel("win-rate points per copy, against the average card of the pool (95% CI)")
    ax.set_title("Every card of the pool, strongest first (red: effect not fully modeled)")
    return fig


def png_bytes(figure: Figure, dpi: int = 110) -> bytes:
    buffer = BytesIO()
    figure.savefig(buffer, format="png", dpi=dpi, metadata={"Software": None})
    return buffer.getvalue()


def official_ranks(cards: pd.DataFrame) -> pd.DataFrame:
    """The official list's cards of the pool with their rank, interval and ranks it allows."""
    return cards[cards["official_status"] != ""].reset_index(drop=True)


def unlisted_strong(cards: pd.DataFrame, share: float = TOP_SHARE) -> pd.DataFrame:
    """Cards not on the official list that rank in the top `share` of the ranked cards with an
    interval wholly above the average card (effect > 0): candidates for the list."""
    ranked = cards[cards["rank"].notna()]
    cutoff = max(1, int(np.ceil(share * len(ranked))))
    keep = (ranked["official_status"] == "") & (ranked["rank"] <= cutoff) & (ranked["ci_low"] > 0)
    return ranked[keep].reset_index(drop=True)


def _per_copy(value: float) -> str:
    return "n/a" if pd.isna(value) else f"{100 * value:+.1f}"


def _name(row: pd.Series) -> str:
    return (f"{FLAG} " if row.get("not_modeled") else "") + str(row["card"])


def _ranks(row: pd.Series) -> str:
    if pd.isna(row["rank"]):
        return "not played"
    return f"{int(row['rank'])} ({int(row['rank_best'])}-{int(row['rank_worst'])})"


def _ablation(row: pd.Series) -> str:
    if pd.isna(row.get("ablation_impact", np.nan)):
        return ""
    return (
        f"{_per_copy(row['ablation_impact'])} ({_per_copy(row['ablation_ci_low'])} to "
        f"{_per_copy(row['ablation_ci_high'])}; n {int(row['ablation_games']):,})"
    )


CARD_COLUMNS: list[Column] = [
    ("rank (range)", _ranks),
    ("card", _name),
    (
        "points per copy (95% CI)",
        lambda r: f"{_per_copy(r['effect'])} ({_per_copy(r['ci_low'])} to {_per_copy(r['ci_high'])})",
    ),
    ("ablation impact, points (95% CI; games)", _ablation),
    ("decks", lambda r: f"{int(r['decks'])}"),
    ("games", lambda r: f"{int(r['games']):,}"),
    ("effect status", lambda r: f"{FLAG} {r['effect_status']}" if r.get("not_modeled") else str(r["effect_status"])),
    ("official list", lambda r: str(r["official_status"]) or "-"),
]


def _flagged(row: pd.Series) -> str:
    return "flagged" if row.get("not_modeled") else ""


def survey_method(params: dict) -> str:
    pool = f"Gen {params['generation']}" if params.get("generation") is not None else "the --cards list"
    return (
        f"{params['decks']} decks generated from {pool} ({len(params['cards'])} playable cards), legal in the "
        f"{params['format']} format; each meets {params['opponents']} others in both seats, {params['games']} games "
        f"a seat ({params['decks'] * params['opponents'] * params['games']:,} games), policy {params['policy']}, seed "
        f"{params['seed']}. Points per copy: each deck's strength (its expected score against an average deck, "
        "fitted from all its pairings) regressed on its card counts, against the average card of the pool, with a "
        "ridge penalty chosen by cross-validation over decks; 95% intervals from a bootstrap over decks "
        f"({params['bootstrap']} replicates). Rank range: the best and worst rank the intervals allow. Ablation "
        "impact: the win rate of the decks holding the card minus with its copies replaced by a neutral filler, "
        f"on the same seeds (paired 95% interval), for the top and bottom {params['ablate']} cards, "
        f"{params.get('ablation_games', params['games'])} games per seating of each of their decks' pairings."
    )


def _official_sentence(cards: pd.DataFrame) -> str:
    listed = official_ranks(cards)
    played = listed[listed["rank"].notna()]
    n = int(cards["rank"].notna().sum())
    if listed.empty:
        return "No card of the official limited and banned list is in this pool."
    parts = [f"{r['card']} {int(r['rank'])} of {n}" for _, r in played.iterrows()]
    return (
        "The official list's cards rank: " + "; ".join(parts) + "."
        if parts
        else "The official list's cards were not played."
    )


def _strong_sentence(cards: pd.DataFrame) -> str:
    strong = unlisted_strong(cards)
    if strong.empty:
        return (
            "No card off the official list both ranks in the top tenth and has an interval wholly above the "
            "average card."
        )
    return (
        "Off the official list, ranked in the top tenth with an interval wholly above the average card: "
        + ", ".join(f"{_name(r)} ({_per_copy(r['effect'])} per copy)" for _, r in strong.iterrows())
        + "."
    )


def _flag_line(cards: pd.DataFrame) -> str:
    flagged = cards[cards["not_modeled"]]
    if flagged.empty:
        return ""
    return (
        f'<div class="warning"><p><span class="flag">{FLAG} Not fully modeled.</span> {len(flagged)} of the '
        f"{len(cards)} cards have effects the simulator plays only in part or not at all; their ranks (marked "
        f"{FLAG}) measure a card that is not the real one: {escape(', '.join(flagged['card']))}.</p></div>"
    )


def survey_html(cards: pd.DataFrame, params: dict, notes: list[str], chart: bytes) -> str:
    """The survey's page: one self-contained HTML file."""
    image = base64.b64encode(chart).decode("ascii")
    listed = official_ranks(cards)
    strong = unlisted_strong(cards)
    body = [
        f'<header><h1>WARD whole-set survey</h1><p class="meta">{escape(survey_method(params))}</p></header>',
        _flag_line(cards),
        "".join(f'<p class="note">{escape(n)}</p>' for n in notes),
        "<h2>The official list</h2>",
        f"<p>{escape(_official_sentence(cards))}</p>",
        _html_table(listed, CARD_COLUMNS, _flagged) if len(listed) else "",
        "<h2>Unlisted cards among the strongest</h2>",
        f"<p>{escape(_strong_sentence(cards))}</p>",
        _html_table(strong, CARD_COLUMNS, _flagged) if len(strong) else "",
        "<h2>Every card</h2>",
        f'<img src="data:image/png;base64,{image}" alt="every card ranked">',
        f'<div class="scroll">{_html_table(cards, CARD_COLUMNS, _flagged)}</div>',
    ]
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>WARD whole-set survey</title><style>{CSS}</style></head><body>{''.join(body)}</body></html>\n"
    )


def write_survey(survey, out: Path | str, force: bool = False) -> Path:
    """Write a survey's files (see the module notes); returns the page's path."""
    folder = OutputFolder.claim(out, force)
    decks_dir = folder.folder("decks")
    deck_folder = OutputFolder.claim(decks_dir, force)
    from wardsim.surveys import deck_text

    for deck in survey.deck_lists:
        write_atomic(deck_folder.file(f"{deck.name}.txt"), deck_text(deck).encode("utf-8"))
    cards = survey.cards
    write_atomic(folder.file("cards.csv"), cards.to_csv(index=False).encode("utf-8"))
    write_atomic(folder.file("cards.parquet"), parquet_bytes(cards, index=False))
    write_atomic(folder.file("decks.csv"), survey.decks.to_csv(index=False).encode("utf-8"))
    write_atomic(folder.file("pairings.csv"), survey.pairings.to_csv(index=False).encode("utf-8"))
    params = {**survey.params, "notes": survey.notes}
    write_atomic(folder.file("survey.json"), (json.dumps(params, indent=1) + "\n").encode("utf-8"))
    chart = png_bytes(effects_chart(cards))
    write_atomic(folder.file("effects.png"), chart)
    page = folder.file("index.html")
    write_atomic(page, survey_html(cards, survey.params, survey.notes, chart).encode("utf-8"))
    return page


# ------------------------------------------------------------------ the balance report's sections


@dataclass
class SavedSurvey:
    """A survey folder read back for the balance report."""

    cards: pd.DataFrame
    params: dict


@dataclass
class SavedSearch:
    """A deck-search folder (`wardsim optimize --out`) read back for the balance report."""

    decks: pd.DataFrame
    cards: pd.DataFrame
    params: dict


def _read(folder: Path, names: tuple[str, ...], command: str) -> None:
    missing = [n for n in names if not (folder / n).is_file()]
    if missing:
        raise ValueError(f"{folder} is not a folder written by {command} (it has no {missing[0]})")


def read_survey(folder: Path | str) -> SavedSurvey:
    """The cards and parameters of a survey folder; ValueError when it is not one."""
    folder = Path(folder)
    _read(folder, SURVEY_FILES, "wardsim survey --out")
    cards = pd.read_csv(folder / "cards.csv", keep_default_na=False, na_values=[""])
    cards["official_status"] = cards["official_status"].fillna("")
    for column in ("rank", "rank_best", "rank_worst"):
        cards[column] = cards[column].astype("Int64")
    return SavedSurvey(cards, json.loads((folder / "survey.json").read_text(encoding="utf-8")))


def read_search(folder: Path | str) -> SavedSearch:
    """The best decks, card table and parameters of a deck-search folder; ValueError when it is not one."""
    folder = Path(folder)
    _read(folder, OPTIMIZED_FILES, "wardsim optimize --out")
    return SavedSearch(
        pd.read_csv(folder / "decks.csv"),
        pd.read_csv(folder / "cards.csv"),
        json.loads((folder / "optimize.json").read_text(encoding="utf-8")),
    )


SHORT_COLUMNS: list[Column] = [CARD_COLUMNS[k] for k in (0, 1, 2, 3, 4, 6, 7)]


def _extremes(cards: pd.DataFrame, n: int = 10) -> pd.DataFrame:
    ranked = cards[cards["rank"].notna()]
    return pd.concat([ranked.head(n), ranked.tail(n)]).drop_duplicates("card")


def survey_section(saved: SavedSurvey) -> tuple[str, str]:
    """The report's "whole set" section: (HTML, Markdown)."""
    cards = saved.cards
    listed = official_ranks(cards)
    sentences = [survey_method(saved.params), _official_sentence(cards), _strong_sentence(cards)]
    html_parts = [f"<p>{escape(s)}</p>" for s in sentences]
    html_parts.append(_flag_line(cards))
    html_parts.append("<h3>The ten strongest and ten weakest cards</h3>")
    html_parts.append(_html_table(_extremes(cards), SHORT_COLUMNS, _flagged))
    if len(listed):
        html_parts.append("<h3>The official list's cards</h3>")
        html_parts.append(_html_table(listed, SHORT_COLUMNS, _flagged))
    md = [
        *(f"{_md(s)}\n" for s in sentences),
        "The ten strongest and ten weakest cards:",
        "",
        _md_table(_extremes(cards), SHORT_COLUMNS),
    ]
    if len(listed):
        md += ["", "The official list's cards:", "", _md_table(listed, SHORT_COLUMNS)]
    return "".join(html_parts), "\n".join(md)


SEARCH_DECK_COLUMNS: list[Column] = [
    ("rank", lambda r: str(int(r["rank"]))),
    ("deck", lambda r: str(r["deck"])),
    (
        "win % against the field (95% CI)",
        lambda r: f"{100 * r['win_rate']:.1f} ({100 * r['ci_low']:.1f}-{100 * r['ci_high']:.1f})",
    ),
    ("games", lambda r: f"{int(r['games']):,}"),
    ("structure", lambda r: str(r["structure"])),
    (
        "not modeled",
        lambda r: f"{FLAG} {r['not_modeled']}" if isinstance(r["not_modeled"], str) and r["not_modeled"] else "",
    ),
]
SEARCH_CARD_COLUMNS: list[Column] = [
    ("card", lambda r: (f"{FLAG} " if r["not_modeled"] else "") + str(r["card"])),
    ("best decks playing it", lambda r: f"{int(r['decks'])} of {int(r['of_decks'])}"),
    ("copies (mean)", lambda r: f"{r['mean_copies']:.1f}"),
    ("official list", lambda r: str(r["official_status"]) if isinstance(r["official_status"], str) else "-"),
]


def search_method(params: dict) -> str:
    return (
        f"Deck search in the {params['format']} format from {params['pool']}, against a field of "
        f"{len(params['field'])} decks ({', '.join(params['field'])}), budget {params['budget']:,} games, policy "
        f"{params['policy']}, seed {params['seed']}. Win rates are measured afresh on {params['final_games']:,} "
        "games per field deck and seat, on seeds the search never saw, with Wilson 95% intervals."
    )


def search_section(saved: SavedSearch) -> tuple[str, str]:
    """The report's "optimized decks" section: (HTML, Markdown)."""
    decks = saved.decks
    cards = saved.cards.head(20)
    html_parts = [
        f"<p>{escape(search_method(saved.params))}</p>",
        _html_table(decks, SEARCH_DECK_COLUMNS),
        "<h3>The cards the strongest decks use most</h3>",
        _html_table(cards, SEARCH_CARD_COLUMNS, _flagged),
    ]
    md = [
        _md(search_method(saved.params)),
        "",
        _md_table(decks, SEARCH_DECK_COLUMNS),
        "",
        "The cards the strongest decks use most:",
        "",
        _md_table(cards, SEARCH_CARD_COLUMNS),
    ]
    return "".join(html_parts), "\n".join(md)


def write_search(search, out: Path | str, force: bool = False) -> list[Path]:
    """Write a deck search's files: ``best-<rank>.txt`` deck files (each with its win rate and
    interval against the field in its comments) and ``start.txt``, ``decks.csv``, ``cards.csv``,
    ``history.csv`` and ``optimize.json``; returns the best decks' paths."""
    from wardsim.surveys import deck_text

    folder = OutputFolder.claim(out, force)
    paths = []
    for deck, (_, row) in zip(search.deck_lists, search.decks.iterrows(), strict=True):
        comment = [
            f"win rate against the field ({', '.join(search.params['field'])}): {100 * row['win_rate']:.1f}% "
            f"(95% CI {100 * row['ci_low']:.1f}-{100 * row['ci_high']:.1f}%) over {int(row['games']):,} games, "
            f"policy {search.params['policy']}, seed {search.params['seed']}"
        ]
        if row["not_modeled"]:
            comment.append(f"effects not fully modeled: {row['not_modeled']}")
        path = folder.file(f"{deck.name}.txt")
        write_atomic(path, deck_text(deck, comment).encode("utf-8"))
        if row["rank"] > 0:
            paths.append(path)
    write_atomic(folder.file("decks.csv"), search.decks.to_csv(index=False).encode("utf-8"))
    write_atomic(folder.file("cards.csv"), search.cards.to_csv(index=False).encode("utf-8"))
    write_atomic(folder.file("history.csv"), search.history.to_csv(index=False).encode("utf-8"))
    params = {**search.params, "notes": search.notes}
    write_atomic(folder.file("optimize.json"), (json.dumps(params, indent=1) + "\n").encode("utf-8"))
    return paths
