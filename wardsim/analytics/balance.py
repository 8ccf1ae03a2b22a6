"""Candidates for the limited and banned list, and a check of the official list against the data.

A card is a candidate when the evidence puts it *clearly* away from neutral: the interval of
its ablation impact (win rate with the card minus win rate with a filler in its place) or of
its IWD (improvement when drawn) lies entirely above ``+threshold`` (too strong) or below
``-threshold`` (too weak). Requiring the whole interval past a threshold, not just the point
estimate, keeps noise in small samples off the list.

The two kinds of evidence are not equal. Ablation impact is causal: the same deck with and
without the card. IWD is observational: it compares the deck's games with and without the
card in hand, and long games see more cards. So IWD alone makes a candidate only where the
ablation is missing or inconclusive; an ablation interval that is clearly on the other side,
or clearly inside ``(-threshold, +threshold)`` (the card makes no real difference), overrules
it. A candidate found by IWD alone says that the ablation runs do not confirm it.

Banned cards cannot appear in official-format decks: their evidence must come from runs in
the casual format (which ignores the list). A listed card with no rows is reported as
having no data, not as cleared.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

import numpy as np
import pandas as pd

NOT_MODELED = ("partial", "unmodeled")  # effect_status values whose simulation is incomplete
# how far past 0 (in win-rate units) a card's interval must lie to be called too strong or weak
THRESHOLD = 0.02
# the games a row needs before it is judged: enough that the 95% interval of an even win rate is
# no wider than +-7 points (n = z^2 p (1 - p) / half_width^2, at p = 1/2)
MIN_GAMES = round(0.25 * (1.96 / 0.07) ** 2)
IMPACT_COLUMNS = ("impact", "impact_ci_low", "impact_ci_high")
IWD_COLUMNS = ("iwd", "iwd_ci_low", "iwd_ci_high")
EVIDENCE_COLUMNS = (
    *IMPACT_COLUMNS,
    *IWD_COLUMNS,
    "gih_wr",
    "gns_wr",
    "gih_wr_n",
    "gns_wr_n",
    "games",
    "effect_status",
)


@dataclass(frozen=True)
class BalanceReport:
    """Balance candidates and the comparison with the official list.

    Every frame has the columns ``card``, ``official`` (``"banned"``, ``"limited"`` or
    ``"unrestricted"``), ``effect_not_modeled`` (the card's effect is partial or unmodeled in
    the simulator, so its evidence is doubtful), ``reason`` (plain English), and whichever
    evidence columns the card table had (``deck``, ``impact``, ``iwd``, their intervals,
    ``gih_wr``, ``games``, ...).

    Attributes
    ----------
    overpowered : DataFrame
        Rows (card, or deck and card) clearly too strong, best evidence first, with ``rank``
        (1 = strongest case) and ``evidence`` (``"impact"``, ``"iwd"`` or ``"impact+iwd"``).
    underpowered : DataFrame
        Rows clearly too weak, weakest first, with ``rank`` and ``evidence``.
    listed_unsupported : DataFrame
        Cards on the official list that the data does not show to be too strong (including
        cards with no or too little data), one row per card.
    listed_supported : DataFrame
        Cards on the official list that the data does show to be too strong.
    unlisted_supported : DataFrame
        Cards off the official list that the data shows to be too strong: candidates to add.
    """

    overpowered: pd.DataFrame
    underpowered: pd.DataFrame
    listed_unsupported: pd.DataFrame
    listed_supported: pd.DataFrame
    unlisted_supported: pd.DataFrame


def _points(x: float) -> str:
    return f"{x * 100:+.1f}"


def _interval(row: pd.Series, metric: str) -> str:
    return f"interval {_points(row[f'{metric}_ci_low'])} to {_points(row[f'{metric}_ci_high'])}"


def _games(row: pd.Series) -> str:
    n = row.get("games", row.get("iwd_n", np.nan))
    return "" if pd.isna(n) else f", {int(n):,} games"


def _impact_sentence(row: pd.Series) -> str:
    impact = row["impact"]
    evidence = f"(ablation impact {_points(impact)}; {_interval(row, 'impact')})"
    if abs(impact) < 0.0005:
        return f"The deck wins about as often with a filler in its place {evidence}."
    if impact > 0:
        return (
            f"With this card the deck wins {impact * 100:.1f} points more often than with a "
            f"filler in its place {evidence}."
        )
    return (
        f"The deck wins {-impact * 100:.1f} points more often with a filler in its place "
        f"than with this card {evidence}."
    )


def _iwd_sentence(row: pd.Series) -> str:
    iwd = row["iwd"]
    evidence = f"(IWD {_points(iwd)}; {_interval(row, 'iwd')}{_games(row)})"
    if abs(iwd) < 0.0005:
        return f"Games in which it was drawn are won about as often as the others {evidence}."
    direction = "more" if iwd > 0 else "less"
    return (
        f"Games in which it was drawn are won {abs(iwd) * 100:.1f} points {direction} often "
        f"than games in which it was not seen {evidence}."
    )


def _caution(row: pd.Series) -> str:
    if not row["effect_not_modeled"]:
        return ""
    status = row.get("effect_status")
    how = "only partly modeled" if status == "partial" else "not modeled"
    return (
        f" Caution: its effect is {how} in the simulator (effect_status '{status}'), so this "
        "evidence may not reflect the real card."
    )


def _known(row: pd.Series, metric: str) -> bool:
    return f"{metric}_ci_low" in row and not pd.isna(row[f"{metric}_ci_low"])


def _reason(row: pd.Series, direction: str) -> str:
    """Why a row is a candidate: the measures that triggered, then any that disagree."""
    sentences = []
    if _known(row, "impact"):
        sentences.append(_impact_sentence(row))
    if row[f"by_iwd_{direction}"]:
        sentences.append(_iwd_sentence(row))
        if _known(row, "impact") and not row[f"by_impact_{direction}"]:
            sentences.append("The ablation runs do not confirm the IWD signal.")
    label = "Too strong" if direction == "over" else "Too weak"
    return f"{label}: " + " ".join(sentences) + _caution(row)


def _summary(row: pd.Series) -> str:
    """Every measure a row has, for a card that is not a candidate."""
    sentences = []
    if _known(row, "impact"):
        sentences.append(_impact_sentence(row))
    if _known(row, "iwd"):
        sentences.append(_iwd_sentence(row))
    return " ".join(sentences) + _caution(row)


def _flags(table: pd.DataFrame, threshold: float, min_games: int) -> pd.DataFrame:
    flags = pd.DataFrame(index=table.index)
    has_impact = all(c in table.columns for c in IMPACT_COLUMNS)
    has_iwd = all(c in table.columns for c in IWD_COLUMNS)
    nothing = pd.Series(False, index=table.index)
    # NaN bounds compare False, so rows without a measure never trigger on it
    flags["by_impact_over"] = table["impact_ci_low"] > threshold if has_impact else nothing
    flags["by_impact_under"] = table["impact_ci_high"] < -threshold if has_impact else nothing
    flags["by_iwd_over"] = table["iwd_ci_low"] > threshold if has_iwd else nothing
    flags["by_iwd_under"] = table["iwd_ci_high"] < -threshold if has_iwd else nothing
    size_column = next((c for c in ("games", "iwd_n") if c in table.columns), None)
    enough = table[size_column] >= min_games if size_column else ~nothing
    flags["enough_games"] = enough
    # a precise ablation overrules IWD: it measures the card itself, IWD only its company
    impact_neutral = (
        (table["impact_ci_low"] >= -threshold) & (table["impact_ci_high"] <= threshold) if has_impact else nothing
    )
    over = flags["by_impact_over"] | (flags["by_iwd_over"] & ~(flags["by_impact_under"] | impact_neutral))
    under = flags["by_impact_under"] | (flags["by_iwd_under"] & ~(flags["by_impact_over"] | impact_neutral))
    flags["over"] = over & enough
    flags["under"] = under & enough
    return flags


def _evidence(table: pd.DataFrame, direction: str) -> pd.Series:
    impact = table[f"by_impact_{direction}"]
    iwd = table[f"by_iwd_{direction}"]
    return pd.Series(
        np.select([impact & iwd, impact, iwd], ["impact+iwd", "impact", "iwd"], ""),
        index=table.index,
    )


def _ranked(table: pd.DataFrame, direction: str) -> pd.DataFrame:
    chosen = table[table[direction]].copy()
    chosen["evidence"] = _evidence(chosen, direction)
    # the bound nearest zero of the measure that triggered (impact first): the conservative
    # size of the effect, and the ranking key
    bound = "ci_low" if direction == "over" else "ci_high"
    missing = pd.Series(np.nan, index=chosen.index)
    chosen["evidence_bound"] = np.where(
        chosen[f"by_impact_{direction}"],
        chosen.get(f"impact_{bound}", missing),
        chosen.get(f"iwd_{bound}", missing),
    )
    chosen["reason"] = [_reason(row, direction) for _, row in chosen.iterrows()]
    chosen = chosen.sort_values("evidence_bound", ascending=direction != "over", kind="stable")
    chosen.insert(0, "rank", np.arange(1, len(chosen) + 1))
    columns = _output_columns(chosen, ["rank", "evidence", "evidence_bound"])
    return chosen[columns].reset_index(drop=True)


def _output_columns(frame: pd.DataFrame, extra: list[str]) -> list[str]:
    leading = ["rank"] if "rank" in extra else []
    identity = ["card", "deck", "official"] if "deck" in frame.columns else ["card", "official"]
    evidence = [c for c in EVIDENCE_COLUMNS if c in frame.columns]
    rest = [c for c in extra if c != "rank"]
    return leading + identity + rest + evidence + ["effect_not_modeled", "reason"]


def _list_row(card: str, official: str, rows: pd.DataFrame, reason: str) -> dict:
    row = rows.iloc[0].to_dict() if len(rows) else {}
    row.update(card=card, official=official, reason=reason)
    row.setdefault("effect_not_modeled", False)
    return row


def balance_candidates(
    card_table: pd.DataFrame,
    official_limited: Iterable[str] = (),
    official_banned: Iterable[str] = (),
    min_games: int = MIN_GAMES,
    threshold: float = THRESHOLD,
) -> BalanceReport:
    """Rank cards for the limited/banned list and check the official list against the data.

    Parameters
    ----------
    card_table : DataFrame
        One row per card, or per (deck, card), with a ``card`` column and at least one of
        the evidence sets ``impact, impact_ci_low, impact_ci_high`` (ablation, see
        :func:`~wardsim.analytics.card_metrics.ablation_impact`) and ``iwd, iwd_ci_low,
        iwd_ci_high`` (see :func:`~wardsim.analytics.card_metrics.card_metrics`). Optional:
        ``deck``, ``games`` (or ``iwd_n``) for the sample size, ``gih_wr``, and
        ``effect_status`` (``"partial"`` and ``"unmodeled"`` are flagged).
    official_limited, official_banned : iterable of str
        The official list (card names; matched without regard to case or outer spaces).
    min_games : int
        Rows with fewer games (``games``, else ``iwd_n``) are not judged.
    threshold : float
        How far past 0 (in win-rate units: 0.02 is 2 points) an interval must lie.

    Returns
    -------
    BalanceReport
        ``overpowered`` and ``underpowered`` (ranked), and the official list split into
        ``listed_supported`` and ``listed_unsupported``, with ``unlisted_supported``.
    """
    table = card_table.reset_index() if "card" not in card_table.columns else card_table.copy()
    if "card" not in table.columns:
        raise ValueError("the card table needs a `card` column (or an index named card)")
    has_impact = all(c in table.columns for c in IMPACT_COLUMNS)
    has_iwd = all(c in table.columns for c in IWD_COLUMNS)
    if not (has_impact or has_iwd):
        raise ValueError(
            "the card table needs impact, impact_ci_low, impact_ci_high or iwd, iwd_ci_low, "
            "iwd_ci_high (from ablation_impact or card_metrics)"
        )
    table = table.reset_index(drop=True)

    def key(name: str) -> str:
        return str(name).strip().casefold()

    limited = {key(c): str(c).strip() for c in official_limited}
    banned = {key(c): str(c).strip() for c in official_banned}
    if both := sorted(set(limited) & set(banned)):
        raise ValueError(f"cards cannot be both limited and banned: {', '.join(both)}")
    card_keys = table["card"].map(key)
    table["official"] = np.select(
        [card_keys.isin(banned), card_keys.isin(limited)], ["banned", "limited"], "unrestricted"
    )
    status = table["effect_status"] if "effect_status" in table else pd.Series("", index=table.index)
    table["effect_not_modeled"] = status.isin(NOT_MODELED)

    table = pd.concat([table, _flags(table, threshold, min_games)], axis=1)
    overpowered = _ranked(table, "over")
    underpowered = _ranked(table, "under")

    supported, unsupported = [], []
    for card_key, official in [*((k, "banned") for k in banned), *((k, "limited") for k in limited)]:
        name = banned.get(card_key) or limited[card_key]
        rows = table[card_keys == card_key]
        strong = overpowered[overpowered["card"].map(key) == card_key]
        weak = underpowered[underpowered["card"].map(key) == card_key]
        if len(strong):
            supported.append(_list_row(name, official, strong, strong["reason"].iloc[0]))
            continue
        if rows.empty:
            reason = "No simulation data for this card, so nothing supports its place on the list."
        elif not rows["enough_games"].any():
            reason = f"Too few games to judge it (fewer than {min_games:,} in every row)."
        elif len(weak):
            evidence = weak["reason"].iloc[0].removeprefix("Too weak: ")
            reason = f"The data suggests it is too weak, not too strong. {evidence}"
            rows = weak
        else:
            # describe the row with the strongest case, the one nearest to supporting the list
            rows = rows[rows["enough_games"]].sort_values(
                "impact_ci_low" if has_impact else "iwd_ci_low", ascending=False
            )
            reason = (
                f"No clear evidence it is too strong (no interval lies above "
                f"{_points(threshold)} points). {_summary(rows.iloc[0])}"
            ).rstrip()
        unsupported.append(_list_row(name, official, rows, reason))

    listed = set(limited) | set(banned)
    unlisted = overpowered[~overpowered["card"].map(key).isin(listed)]
    # one row per card: its best-ranked evidence
    unlisted = unlisted.drop_duplicates("card", keep="first").reset_index(drop=True)

    def frame(rows: list[dict]) -> pd.DataFrame:
        result = pd.DataFrame(rows, columns=[*table.columns, "reason"])
        result["effect_not_modeled"] = result["effect_not_modeled"].astype(bool)
        return result[_output_columns(result, [])]

    return BalanceReport(
        overpowered=overpowered,
        underpowered=underpowered,
        listed_unsupported=frame(unsupported),
        listed_supported=frame(supported),
        unlisted_supported=unlisted,
    )
