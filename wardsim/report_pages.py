"""The balance report as pages: plain-sentence conclusions, one HTML file, one Markdown file.

The HTML page is self-contained: inline CSS, charts as base64 PNG data URIs, no scripts and
no links out, so it reads the same offline, attached to a mail or opened years later. Every
text that comes from a file or the catalog (deck names, plans, card names, reasons that quote
them) is escaped with :func:`html.escape`; only the markup this module writes is trusted.
"""

from __future__ import annotations

import base64
import html
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import numpy as np
import pandas as pd

from wardsim.analytics.balance import MIN_GAMES, NOT_MODELED, THRESHOLD
from wardsim.analytics.robustness import NEAR_THRESHOLD, RANKING_FAILS, RANKING_HOLDS, RESTS_ON_SKILL, PolicyCheck
from wardsim.charts import length_bins

if TYPE_CHECKING:
    from wardsim.raids import BossPool
    from wardsim.report import Report

CHARTS = {  # file stem -> title
    "matchups": "Matchup matrix",
    "card_impact": "Card impact",
    "win_rate_by_length": "Win rate by game length",
    "first_player": "First-player advantage",
    "nash": "The meta: Nash equilibrium and Bradley-Terry strengths",
}
FLAG = "\u26a0"  # warning sign before anything whose simulation is incomplete
THRESHOLD_POINTS = 100 * THRESHOLD  # balance_candidates' default threshold, in points


class Markup(str):
    """HTML written by this module: inserted as it is, never escaped."""


def escape(text: object) -> str:
    """Text for HTML: ``&``, ``<``, ``>`` and both quotes as entities."""
    return html.escape(str(text), quote=True)


def _html(value: object) -> str:
    return value if isinstance(value, Markup) else escape(value)


def pct(x: float, digits: int = 1) -> str:
    return "n/a" if x is None or pd.isna(x) else f"{x * 100:.{digits}f}%"


def interval(low: float, high: float, digits: int = 1) -> str:
    return "n/a" if pd.isna(low) or pd.isna(high) else f"{low * 100:.{digits}f}-{high * 100:.{digits}f}%"


def points(x: float) -> str:
    return "n/a" if pd.isna(x) else f"{x * 100:+.1f}"


def _rate(row: pd.Series) -> str:
    """``62.1% (95% CI 58.0-66.0%)`` from a row's win_rate, ci_low and ci_high."""
    return f"{pct(row['win_rate'])} (95% CI {interval(row['ci_low'], row['ci_high'])})"


# ------------------------------------------------------------------ conclusions


def _listing(items: Sequence[str]) -> str:
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def _deck_sentences(report: Report) -> list[str]:
    decks = report.decks
    rates = report.matchups.win_rate
    order = list(decks.index)
    best, worst = order[0], order[-1]
    sentences = []
    against = rates.loc[best].drop(best).sort_values(ascending=False)
    favoured = int((report.matchups.ci_low.loc[best].drop(best) > 0.5).sum())
    beats = _listing([f"{o} ({pct(v, 0)})" for o, v in against.head(2).items()])
    sentence = (
        f"{best} is the strongest deck: it wins {_rate(decks.loc[best])} of its games and is clearly "
        f"favoured in {favoured} of its {len(against)} matchups; it beats {beats}, and its hardest "
        f"matchup is {against.index[-1]} ({pct(against.iloc[-1], 0)})."
    )
    if len(order) > 2:
        second = order[1]
        if decks.loc[best, "ci_low"] <= decks.loc[second, "ci_high"]:
            sentence += f" Its lead over {second} ({pct(decks.loc[second, 'win_rate'])}) is within the margin of error."
    sentences.append(sentence)
    against = rates.loc[worst].drop(worst).sort_values(ascending=False)
    sentences.append(
        f"{worst} is the weakest deck: it wins {_rate(decks.loc[worst])} of its games; its best "
        f"matchup is {against.index[0]} ({pct(against.iloc[0], 0)})."
    )
    return sentences


def _meta_sentence(report: Report) -> str:
    shares = pd.Series(report.nash.strategy).sort_values(ascending=False)
    support = [d for d in shares.index if d in report.nash.support]
    if len(support) == 1:
        return (
            f"At the Nash equilibrium of deck choice a well-informed field brings only {support[0]}: no other "
            "deck is favoured against it."
        )
    left_out = len(shares) - len(support)
    mix = _listing([f"{d} ({pct(shares[d], 0)})" for d in support])
    tail = f"; the other {left_out} deck{'s' if left_out > 1 else ''} would not be brought" if left_out else ""
    return f"At the Nash equilibrium of deck choice a well-informed field brings {mix}{tail}."


def _first_player_sentence(report: Report) -> str:
    fp = report.first_player
    text = f"the first player wins {_rate(fp)}"
    if fp["ci_low"] > 0.5:
        return f"Going first is an advantage: {text}."
    if fp["ci_high"] < 0.5:
        return f"Going first is a disadvantage: {text}."
    return f"Going first makes no measurable difference: {text}, an interval that includes 50%."


def _share(share: float) -> str:
    """A share in %, never rounded to 0% or 100% when it is not."""
    if 0 < share < 0.001:
        return "under 0.1%"
    if 0.999 < share < 1:
        return "over 99.9%"
    return pct(share, 1)


def _length_sentence(report: Report) -> str:
    records = report.tournament.records
    reasons = records["end_reason"].astype(str).value_counts(normalize=True)
    words = {
        "cemetery": "by the cemetery threshold",
        "no_creature": "with a player unable to place a creature",
        "turn_cap": "at the turn cap (draws)",
        "both_lost": "with both players losing at once",
        "returned_alone": "with a card sent back to an empty hand and deck",
    }
    parts = [f"{_share(share)} {words.get(reason, reason)}" for reason, share in reasons.items() if share > 0]
    return (
        f"Games last {records['turns'].mean():.1f} turns on average (median {records['turns'].median():.0f}); "
        f"{_listing(parts)}."
    )


def _evidence(row: pd.Series) -> str:
    """The measure that made a row a candidate (the `evidence` column), in words."""
    impact_known = "impact" in row and not pd.isna(row.get("impact"))
    impact = (
        (
            f"ablation impact {points(row['impact'])} points ({points(row['impact_ci_low'])} to "
            f"{points(row['impact_ci_high'])})"
        )
        if impact_known
        else ""
    )
    iwd = f"IWD {points(row['iwd'])} points ({points(row['iwd_ci_low'])} to {points(row['iwd_ci_high'])})"
    kind = row.get("evidence", "impact" if impact_known else "iwd")
    if "impact" in str(kind):
        return impact
    if impact_known:
        return f"{iwd}, which the {impact} does not confirm"
    return iwd


def _card_label(row: pd.Series) -> str:
    label = f"{row['card']} in {row['deck']}" if "deck" in row and not pd.isna(row.get("deck")) else str(row["card"])
    if row.get("effect_not_modeled"):
        label += f" ({FLAG} effect {row.get('effect_status')})"
    return label


def _some(names: Sequence[str], shown: int = 5) -> str:
    names = list(names)
    if len(names) <= shown:
        return _listing(names)
    return ", ".join(names[:shown]) + f" and {len(names) - shown} more"


def _cards_phrase(frame: pd.DataFrame, verb: str) -> str:
    """``3 cards in 2 decks look`` / ``1 card in 1 deck looks``."""
    decks = frame["deck"].nunique() if "deck" in frame else 0
    cards = f"{len(frame)} card{'s' if len(frame) > 1 else ''}"
    where = f" in {decks} deck{'s' if decks > 1 else ''}" if decks else ""
    return f"{cards}{where} {verb if len(frame) > 1 else verb + 's'}"


def _clearest(frame: pd.DataFrame) -> str:
    return "; ".join(f"{_card_label(r)}, {_evidence(r)}" for _, r in frame.head(3).iterrows())


def _balance_sentences(report: Report) -> list[str]:
    balance = report.balance
    sentences = []
    if not report.has_ablation:
        sentences.append(
            "Without ablation runs the card evidence is IWD alone: it is observational and favours cards "
            "that are drawn in long games, so the card candidates below are leads for ablation runs, "
            "not verdicts."
        )
    for frame, label in ((balance.overpowered, "too strong"), (balance.underpowered, "too weak")):
        if report.has_ablation:
            # causal evidence first; IWD-only candidates are what the ablation did not confirm
            causal = frame[frame["evidence"].astype(str).str.contains("impact")] if len(frame) else frame
            if len(causal):
                sentences.append(
                    f"By ablation (the card against a filler in its place, on the same games), "
                    f"{_cards_phrase(causal, 'look')} {label}; the clearest: {_clearest(causal)}."
                )
            else:
                sentences.append(
                    f"By ablation no card is clearly {label} at this sample size (no interval lies "
                    f"beyond {'+' if label == 'too strong' else '-'}{THRESHOLD_POINTS:.0f} points)."
                )
            if len(frame) > len(causal):
                more = len(frame) - len(causal)
                sentences.append(
                    f"{more} more {'look' if more > 1 else 'looks'} {label} by IWD alone, which the "
                    "ablation does not confirm."
                )
        elif len(frame):
            sentences.append(f"{_cards_phrase(frame, 'look')} {label}; the clearest: {_clearest(frame)}.")
    listed = set(report.official_limited) | set(report.official_banned)
    played = listed & set(report.cards["card"])
    supported = balance.listed_supported
    if played:
        if report.has_ablation and len(supported):
            causal = supported["impact_ci_low"] > THRESHOLD_POINTS / 100
            by_ablation = sorted(set(supported.loc[causal, "card"]))
            by_iwd = sorted(set(supported.loc[~causal, "card"]) - set(by_ablation))
            verdict = (
                f"the ablation supports the restriction of {_some(by_ablation)}"
                if by_ablation
                else "the ablation supports none of these restrictions"
            )
            verdict += f"; IWD alone supports that of {_some(by_iwd)}" if by_iwd else ""
        else:
            names = sorted(set(supported["card"]))
            verdict = f"the data supports the restriction of {_some(names) if names else 'none of them'}"
        sentences.append(
            f"Of the {len(listed)} cards on the official list, {len(played)} "
            f"{'is' if len(played) == 1 else 'are'} played here; {verdict}."
        )
    unlisted = balance.unlisted_supported
    if report.has_ablation and len(unlisted):
        unlisted = unlisted[unlisted["evidence"].astype(str).str.contains("impact")]
    if len(unlisted):
        basis = " (by ablation)" if report.has_ablation else ""
        sentences.append(f"Candidates to add to the list{basis}: {_some(list(unlisted['card']))}.")
    return sentences


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _number(x: float) -> str:
    return "n/a" if pd.isna(x) else f"{x:.2f}"


def verdict_label(row: pd.Series, prefix: str = "") -> str:
    """A card's verdict with the evidence that made it: ``too strong (impact)``."""
    evidence = row.get(f"{prefix}evidence", "")
    verdict = str(row[f"{prefix}verdict"])
    return f"{verdict} ({evidence})" if isinstance(evidence, str) and evidence else verdict


def policy_check_sentences(check: PolicyCheck) -> list[str]:
    """Whether the deck ranking and the card verdicts hold under the check policy, in sentences."""
    ranking = check.ranking
    other = f"{check.check_policy} play"
    sentence = (
        f"Under {other} the deck ranking {ranking.verdict} (Spearman rank correlation "
        f"{_number(ranking.spearman)}, 95% interval {_number(ranking.ci_low)} to {_number(ranking.ci_high)})"
    )
    moved = ranking.decks[ranking.decks["rank_shift"] != 0]
    if len(moved):
        biggest = moved.reindex(moved["rank_shift"].abs().sort_values(ascending=False, kind="stable").index)
        moves = [
            f"{d} {_ordinal(int(x['rank']))} to {_ordinal(int(x['check_rank']))}" for d, x in biggest.head(3).iterrows()
        ]
        sentence += f"; {len(moved)} of {len(ranking.decks)} decks change places, the biggest moves {_listing(moves)}"
    else:
        sentence += f"; every deck keeps its place under {check.check_policy}"
    sentences = [sentence + "."]
    verdicts = check.verdicts
    changed = check.changed
    if verdicts.empty:
        sentences.append("No card is a balance candidate under either policy, so no card advice rests on the bot.")
    elif changed.empty:
        sentences.append(f"All {len(verdicts)} card verdicts hold under {other}.")
    else:
        skill = changed[changed["reading"] == RESTS_ON_SKILL]
        labels = [
            f"{row['card']} in {row['deck']} ({verdict_label(row)} under {check.policy}, "
            f"{verdict_label(row, 'check_')} under {check.check_policy})"
            for _, row in changed.iterrows()
        ]
        sentences.append(f"{len(changed)} of the {len(verdicts)} card verdicts change under {other}: {_some(labels)}.")
        near = len(changed) - len(skill)
        if len(skill):
            cards = _some([f"{r.card} in {r.deck}" for r in skill.itertuples()])
            sentences.append(
                f"For {cards} the measure differs clearly between the two policies: that advice rests on how "
                "well the bots play."
            )
        if near:
            sentences.append(
                f"{near} changed verdict{'s lie' if near > 1 else ' lies'} near the threshold under both policies, "
                "where the data cannot tell the policies apart."
            )
    return sentences


def conclusions(report: Report) -> list[str]:
    """The report's findings in plain sentences, strongest statements first."""
    sentences = [
        *_deck_sentences(report),
        _meta_sentence(report),
        _first_player_sentence(report),
        _length_sentence(report),
        *_balance_sentences(report),
    ]
    if report.policy_check is not None:
        sentences += policy_check_sentences(report.policy_check)
    flagged = report.decks[report.decks["not_modeled"] != ""]
    if len(flagged):
        sentences.append(
            f"{FLAG} {_listing(list(flagged.index))} hold cards whose effects are not fully modeled; "
            "their results may not reflect the real decks."
        )
    return sentences


# ------------------------------------------------------------------ tables


Column = tuple[str, Callable[[pd.Series], object]]  # header, cell of a row


def _html_table(
    frame: pd.DataFrame,
    columns: Sequence[Column],
    row_class: Callable[[pd.Series], str] | None = None,
) -> str:
    head = "".join(f"<th>{escape(header)}</th>" for header, _ in columns)
    body = []
    for _, row in frame.iterrows():
        css = row_class(row) if row_class else ""
        cells = "".join(f"<td>{_html(cell(row))}</td>" for _, cell in columns)
        body.append(f'<tr class="{css}">{cells}</tr>' if css else f"<tr>{cells}</tr>")
    return f"<table><thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table>"


def _md(text: object) -> str:
    """Text for Markdown, which passes HTML through: ``&``, ``<`` and ``>`` as entities."""
    return html.escape(str(text), quote=False)


def _md_cell(value: object) -> str:
    # deck and card names may hold characters Markdown or HTML would read as markup
    return _md(value).replace("|", "\\|").replace("\n", " ")


def _md_table(frame: pd.DataFrame, columns: Sequence[Column]) -> str:
    lines = ["| " + " | ".join(_md_cell(h) for h, _ in columns) + " |", "|" + "|".join("---" for _ in columns) + "|"]
    for _, row in frame.iterrows():
        lines.append("| " + " | ".join(_md_cell(cell(row)) for _, cell in columns) + " |")
    return "\n".join(lines)


def _metric(name: str) -> Callable[[pd.Series], str]:
    def cell(row: pd.Series) -> str:
        if pd.isna(row[name]):
            return "n/a"
        value = points(row[name]) if name in ("iwd", "impact") else f"{row[name] * 100:.1f}"
        size = row.get(f"{name}_n", row.get(f"{name}_games"))
        n = "" if size is None or pd.isna(size) else f"; n {int(size):,}"
        return f"{value} ({row[f'{name}_ci_low'] * 100:.1f} to {row[f'{name}_ci_high'] * 100:.1f}{n})"

    return cell


def _status(row: pd.Series) -> str:
    status = row.get("effect_status", "")
    return f"{FLAG} {status}" if status in NOT_MODELED else str(status)


def _deck_columns() -> list[Column]:
    return [
        ("deck", lambda r: (f"{FLAG} " if r["not_modeled"] else "") + str(r["deck"])),
        ("win rate", lambda r: pct(r["win_rate"])),
        ("95% CI", lambda r: interval(r["ci_low"], r["ci_high"])),
        ("games (W-L-D)", lambda r: f"{int(r['games']):,} ({int(r['wins'])}-{int(r['losses'])}-{int(r['draws'])})"),
        ("went first", lambda r: f"{pct(r['first_win_rate'])} ({interval(r['first_ci_low'], r['first_ci_high'])})"),
        ("went second", lambda r: f"{pct(r['second_win_rate'])} ({interval(r['second_ci_low'], r['second_ci_high'])})"),
        ("BT strength", lambda r: f"{r['strength']:.2f}"),
        ("Nash share", lambda r: pct(r["nash_share"], 0)),
        ("plan", lambda r: r["plan"]),
        ("not fully modeled", lambda r: r["not_modeled"] or "-"),
    ]


def _card_columns(has_ablation: bool) -> list[Column]:
    columns: list[Column] = [
        ("deck", lambda r: r["deck"]),
        ("card", lambda r: (f"{FLAG} " if r["effect_status"] in NOT_MODELED else "") + str(r["card"])),
        ("copies", lambda r: int(r["copies"])),
        ("official", lambda r: r["official"]),
        ("effect", _status),
    ]
    if has_ablation:
        columns.append(("impact, points", _metric("impact")))
    columns += [
        ("IWD, points", _metric("iwd")),
        ("GIH WR", _metric("gih_wr")),
        ("OH WR", _metric("oh_wr")),
        ("GD WR", _metric("gd_wr")),
        ("GNS WR", _metric("gns_wr")),
        ("played WR", _metric("played_wr")),
        ("plays", lambda r: int(r["plays"])),
        ("fizzled", lambda r: "-" if not r["plays"] else pct(r["fizzles"] / r["plays"], 0)),
    ]
    return columns


def _balance_columns(frame: pd.DataFrame) -> list[Column]:
    columns: list[Column] = []
    if "rank" in frame.columns:
        columns.append(("rank", lambda r: int(r["rank"])))
    columns.append(("card", lambda r: (f"{FLAG} " if r.get("effect_not_modeled") else "") + str(r["card"])))
    if "deck" in frame.columns:
        columns.append(("deck", lambda r: "" if pd.isna(r.get("deck")) else r["deck"]))
    columns += [("official", lambda r: r["official"]), ("why", lambda r: r["reason"])]
    return columns


def _matchup_square(report: Report) -> pd.DataFrame:
    order = report.deck_order()
    m = report.matchups
    cells = {}
    for opponent in order:
        cells[opponent] = [
            "-"
            if deck == opponent
            else f"{m.win_rate.loc[deck, opponent] * 100:.0f} ({m.ci_low.loc[deck, opponent] * 100:.0f}-"
            f"{m.ci_high.loc[deck, opponent] * 100:.0f})"
            for deck in order
        ]
    return pd.DataFrame(cells, index=pd.Index(order, name="deck")).reset_index()


def _matchup_columns(report: Report) -> list[Column]:
    columns: list[Column] = [("deck \\ opponent", lambda r: r["deck"])]
    for opponent in report.deck_order():
        columns.append((opponent, _field(opponent)))
    return columns


def _check_deck_columns(check: PolicyCheck) -> list[Column]:
    return [
        ("deck", lambda r: r["deck"]),
        (f"win rate, {check.policy}", lambda r: pct(r["win_rate"])),
        (f"rank, {check.policy}", lambda r: int(r["rank"])),
        (f"win rate, {check.check_policy}", lambda r: pct(r["check_win_rate"])),
        (f"rank, {check.check_policy}", lambda r: int(r["check_rank"])),
        ("shift", lambda r: f"{int(r['rank_shift']):+d}" if r["rank_shift"] else "0"),
    ]


def _check_card_columns(check: PolicyCheck) -> list[Column]:
    def measure(prefix: str) -> Callable[[pd.Series], str]:
        return lambda r: (
            f"{points(r[prefix + 'value'])} ({points(r[prefix + 'ci_low'])} to {points(r[prefix + 'ci_high'])})"
        )

    return [
        ("deck", lambda r: r["deck"]),
        ("card", lambda r: (f"{FLAG} " if r.get("effect_status") in NOT_MODELED else "") + str(r["card"])),
        ("official", lambda r: r.get("official", "")),
        (f"verdict, {check.policy}", verdict_label),
        (f"verdict, {check.check_policy}", lambda r: verdict_label(r, "check_")),
        ("measure", lambda r: "ablation impact" if r["metric"] == "impact" else "IWD"),
        (f"{check.policy}, points", measure("")),
        (f"{check.check_policy}, points", measure("check_")),
        (
            "difference, points",
            lambda r: (
                f"{points(r['difference'])} ({points(r['difference_ci_low'])} to {points(r['difference_ci_high'])})"
            ),
        ),
        ("reading", lambda r: r["reading"]),
    ]


CHECK_METHOD = (
    "The round robin{ablation} played again by {check} on the same seeds: game k of every pairing deals the "
    "same cards under both policies. The deck ranking is compared by Spearman's rank correlation of the decks' "
    "win rates, with a paired bootstrap 95% interval (games drawn with replacement, each with its result under "
    "both policies; bias-corrected); it holds when the interval starts at {holds} or above, and does not hold "
    "when it lies below {fails}. A card verdict (too strong, too weak or no verdict, per deck) that changes is "
    "read with the measure both runs have: its difference between the policies, with a 95% interval, is '"
    + RESTS_ON_SKILL
    + "' when the interval leaves out 0, and '"
    + NEAR_THRESHOLD
    + "' when it does not."
)


def _check_method(report: Report, check: PolicyCheck) -> str:
    ablation = " and the ablation runs" if report.has_ablation else ""
    return CHECK_METHOD.format(ablation=ablation, check=check.check_policy, holds=RANKING_HOLDS, fails=RANKING_FAILS)


def _field(name: str) -> Callable[[pd.Series], object]:
    return lambda row: row[name]


def _meta_frame(report: Report) -> pd.DataFrame:
    return report.decks.reset_index()[["deck", "strength", "nash_share"]].sort_values(
        ["nash_share", "strength"], ascending=False
    )


META_COLUMNS: list[Column] = [
    ("deck", lambda r: r["deck"]),
    ("Bradley-Terry strength", lambda r: f"{r['strength']:.2f}"),
    ("Nash share", lambda r: pct(r["nash_share"], 1)),
]


def _length_frame(report: Report) -> pd.DataFrame:
    records = report.tournament.records
    edges = length_bins(records["turns"])
    binned = pd.cut(records["turns"], bins=edges, include_lowest=True)
    counts = records.groupby(binned, observed=False)["end_reason"].agg(
        games="size", turn_cap=lambda s: int((s.astype(str) == "turn_cap").sum())
    )
    counts.index = [f"{int(np.ceil(i.left)) if i.left > 0 else 0}-{int(i.right)}" for i in counts.index]
    return counts.rename_axis("turns").reset_index()


# ------------------------------------------------------------------ HTML

CSS = """
body{font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;margin:0 auto;max-width:1200px;
padding:1rem 2rem;color:#1a202c;line-height:1.45}
h1{margin-bottom:.2rem}h2{border-bottom:2px solid #e2e8f0;padding-bottom:.2rem;margin-top:2.2rem}
.meta{color:#4a5568}nav a{margin-right:.8rem}
table{border-collapse:collapse;margin:.6rem 0;font-size:.85rem}
th,td{border:1px solid #e2e8f0;padding:.25rem .5rem;text-align:left;vertical-align:top}
th{background:#edf2f7;position:sticky;top:0}tbody tr:nth-child(even){background:#f7fafc}
tr.flagged td{background:#fff5f5}.flag{color:#b3261e;font-weight:bold}
.warning{border:2px solid #b3261e;background:#fff5f5;padding:.6rem 1rem;border-radius:6px}
.note{border-left:4px solid #a0aec0;padding:.3rem .8rem;background:#f7fafc}
img{max-width:100%;height:auto;display:block;margin:.6rem 0}
pre{background:#f7fafc;border:1px solid #e2e8f0;padding:.6rem;overflow-x:auto}
.scroll{overflow-x:auto}
"""


def _img(images: dict[str, bytes], stem: str, title: str) -> str:
    if stem not in images:
        return ""
    data = base64.b64encode(images[stem]).decode("ascii")
    return f'<img src="data:image/png;base64,{data}" alt="{escape(title)}">'


def _section(anchor: str, title: str, *parts: str) -> str:
    return f'<section id="{anchor}"><h2>{escape(title)}</h2>{"".join(parts)}</section>'


def _p(text: str, css: str = "") -> str:
    return f'<p class="{css}">{escape(text)}</p>' if css else f"<p>{escape(text)}</p>"


def _flag_box(report: Report) -> str:
    flagged_cards = report.cards[report.cards["effect_status"].isin(NOT_MODELED)]
    if flagged_cards.empty:
        return ""
    names = sorted({f"{c} ({s})" for c, s in zip(flagged_cards["card"], flagged_cards["effect_status"], strict=True)})
    decks = sorted(set(flagged_cards["deck"]))
    return (
        f'<div class="warning"><p><span class="flag">{FLAG} Not fully modeled.</span> '
        f"These cards' effects are only partly modeled or not modeled by the simulator: "
        f"{escape(', '.join(names))}. The decks that hold them ({escape(', '.join(decks))}) and every number "
        "about these cards may not reflect the real game; they are marked "
        f'<span class="flag">{FLAG}</span> wherever they appear.</p></div>'
    )


def _run_line(report: Report) -> str:
    t = report.tournament
    games = len(t.records)
    ablation = (
        f"; ablation {report.ablation_games:,} games per pairing" if report.ablation_games else "; no ablation runs"
    )
    checked = f"; checked under {report.policy_check.check_policy}" if report.policy_check is not None else ""
    return (
        f"{len(t.decks)} decks, {t.games:,} games per ordered pairing ({games:,} games), policy {t.policy}, "
        f"seed {t.seed}, format {report.fmt}{ablation}{checked}."
    )


def html_page(report: Report, images: dict[str, bytes]) -> str:
    """The report as one self-contained HTML page; `images` are the charts' PNG bytes by file stem."""
    fp = report.first_player
    cards = report.cards
    balance = report.balance
    flagged_row = lambda r: "flagged" if r.get("effect_status") in NOT_MODELED else ""  # noqa: E731
    deck_row = lambda r: "flagged" if r["not_modeled"] else ""  # noqa: E731
    nav = "".join(
        f'<a href="#{a}">{t}</a>'
        for a, t in (
            ("conclusions", "Conclusions"),
            ("decks", "Decks"),
            ("matchups", "Matchups"),
            ("first-player", "First player"),
            ("length", "Game length"),
            ("meta", "Meta"),
            ("cards", "Cards"),
            ("balance", "Balance"),
            *((("bot-skill", "Bot skill"),) if report.policy_check is not None else ()),
            *((("whole-set", "Whole set"),) if report.whole_set is not None else ()),
            *((("optimized", "Optimized decks"),) if report.optimized is not None else ()),
            *((("boss", "Boss Battles"),) if report.boss is not None else ()),
            ("method", "Method"),
        )
    )
    notes = "".join(_p(n, "note") for n in report.notes)
    sections = [
        _section(
            "conclusions",
            "Conclusions",
            "<ul>" + "".join(f"<li>{escape(s)}</li>" for s in report.conclusions()) + "</ul>",
        ),
        _section(
            "decks",
            "Decks",
            _p(
                "Win rate over every game a deck played, in both seats, mirrors left out; draws count half. "
                "Went first / went second: the deck's win rate on the play and on the draw."
            ),
            f'<div class="scroll">{_html_table(report.decks.reset_index(), _deck_columns(), deck_row)}</div>',
        ),
        _section(
            "matchups",
            "Matchups",
            _p(
                "Win rate (%) of the row deck against the column deck over both seat orders, with its Wilson "
                "95% interval."
            ),
            _img(images, "matchups", CHARTS["matchups"]),
            f'<div class="scroll">{_html_table(_matchup_square(report), _matchup_columns(report))}</div>',
        ),
        _section(
            "first-player",
            "First-player advantage",
            _p(
                f"The first player wins {_rate(fp)} of {int(fp['games']):,} games "
                f"({int(fp['wins']):,} wins, {int(fp['losses']):,} losses, {int(fp['draws']):,} draws)."
            ),
            _img(images, "first_player", CHARTS["first_player"]),
        ),
        _section(
            "length",
            "Game length",
            _p(_length_sentence(report)),
            _img(images, "win_rate_by_length", CHARTS["win_rate_by_length"]),
            _html_table(
                _length_frame(report),
                [
                    ("turns", lambda r: r["turns"]),
                    ("games", lambda r: f"{int(r['games']):,}"),
                    ("turn-cap draws", lambda r: f"{int(r['turn_cap']):,}"),
                ],
            ),
        ),
        _section(
            "meta",
            "The meta",
            _p(_meta_sentence(report)),
            _p(
                "Bradley-Terry strength: P(i beats j) = s_i / (s_i + s_j), geometric mean 1. Nash share: the "
                "mix of decks a well-informed field would bring; no deck does better than 50% against it."
            ),
            _img(images, "nash", CHARTS["nash"]),
            _html_table(_meta_frame(report), META_COLUMNS),
        ),
        _section(
            "cards",
            "Cards",
            _p(
                "Per deck and card, summed over the deck's games. GIH WR: win rate with the card in hand "
                "(opening hand or drawn); OH: in the opening hand; GD: drawn later; GNS: never seen; IWD = "
                "GIH WR - GNS WR; played WR: when it was played. Impact: the deck's win rate with the card "
                "minus with a neutral filler in its copies' slots, on the same seeds (causal). Plays: times "
                "a copy was played; fizzled: the share of those plays that had no effect (negated, nothing "
                "to act on, a battle-bound card with no battle, a heal at full HP). Each cell: value (95% "
                "interval; n games)."
            ),
            _img(images, "card_impact", CHARTS["card_impact"]),
            f'<div class="scroll">{_html_table(cards, _card_columns(report.has_ablation), flagged_row)}</div>',
        ),
        _section("balance", "Balance advice", *_balance_html(report, balance)),
        *(
            (_section("bot-skill", "Does the advice rest on bot skill?", *_check_html(report)),)
            if report.policy_check
            else ()
        ),
        *_set_sections(report, html=True),
        _section(
            "method",
            "Method and reproduction",
            _p(_run_line(report)),
            _p("To make this report again (the games depend only on the seed and the decks, not on --jobs):"),
            f"<pre>{escape(report.command)}</pre>",
            _p(
                "Each matchup plays on its own seed derived from the run seed and the two deck names, the same "
                "for both seat orders; run.json lists every pairing's seed, and `wardsim simulate A B --seed "
                "<seed>` replays one pairing alone. Win rates count draws as half a win; intervals are Wilson "
                "95% intervals (Newcombe's for IWD, paired for impact). Files beside this page: decks.csv, "
                "matchups.csv, cards.csv, balance.csv, the Parquet tables and the PNG charts."
            ),
        ),
    ]
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>WARD balance report</title><style>{CSS}</style></head><body>"
        f'<header><h1>WARD balance report</h1><p class="meta">{escape(_run_line(report))}</p>'
        f"<nav>{nav}</nav></header>{_flag_box(report)}{notes}{''.join(sections)}</body></html>\n"
    )


def _set_sections(report: Report, html: bool) -> list[str]:
    """The "whole set" and "optimized decks" sections, as HTML sections or Markdown lines."""
    from wardsim.set_pages import search_section, survey_section  # it builds on this module's tables

    parts: list[str] = []
    sections = (
        ("whole-set", "The whole set", survey_section(report.whole_set) if report.whole_set else None),
        ("optimized", "Optimized decks", search_section(report.optimized) if report.optimized else None),
        ("boss", "Boss Battles", boss_section(report.boss) if report.boss else None),
    )
    for anchor, title, rendered in sections:
        if rendered is None:
            continue
        page, text = rendered
        parts += [_section(anchor, title, page)] if html else [f"## {title}", "", text, ""]
    return parts


BOSS_COLUMNS: list[Column] = [
    ("deck", lambda r: str(r["deck"])),
    ("win % alone (95% CI)", lambda r: f"{100 * r['win_rate']:.1f} ({100 * r['ci_low']:.1f}-{100 * r['ci_high']:.1f})"),
    ("games", lambda r: f"{int(r['games']):,}"),
    ("turns (mean)", lambda r: f"{r['mean_turns']:.1f}"),
]


def boss_section(pool: BossPool) -> tuple[str, str]:
    """The report's "Boss Battles" section: each deck alone against the boss (HTML, Markdown)."""
    boss, table = pool.boss, pool.table
    example = " (an example boss, not an official one)" if boss.example else ""
    sentences = [
        f"Each deck plays {pool.games} games alone against {boss.summary()}{example}, on the same games of seed "
        f"{pool.seed}, {pool.policy} for both sides (Boss Battles rules: docs/rulings.md).",
    ]
    if len(table):
        top = table.iloc[0]
        ahead = len(table) > 1 and top["ci_low"] > table["ci_high"].iloc[1:].max()
        sentences.append(
            f"{top['deck']} does best alone: {100 * top['win_rate']:.1f}% ({100 * top['ci_low']:.1f}-"
            f"{100 * top['ci_high']:.1f}%)"
            + (", ahead of every other deck beyond their intervals." if ahead else "; its interval overlaps others'.")
        )
    page = "".join(_p(s) for s in sentences) + _html_table(table, BOSS_COLUMNS)
    text = "\n".join([*(f"{s}\n" for s in sentences), _md_table(table, BOSS_COLUMNS)])
    return page, text


def _check_html(report: Report) -> list[str]:
    check = report.policy_check
    assert check is not None
    sentences = policy_check_sentences(check)
    parts = [_p(_check_method(report, check)), _p(sentences[0]), "<h3>Deck ranking</h3>"]
    parts.append(_html_table(check.ranking.decks.reset_index(), _check_deck_columns(check)))
    parts.append("<h3>Card verdicts</h3>")
    parts += [_p(s) for s in sentences[1:]]
    flagged_row = lambda r: "flagged" if r.get("effect_status") in NOT_MODELED else ""  # noqa: E731
    if len(check.verdicts):
        parts.append(
            f'<div class="scroll">{_html_table(check.verdicts, _check_card_columns(check), flagged_row)}</div>'
        )
    return parts


def _balance_html(report: Report, balance) -> list[str]:
    parts = [
        _p(
            f"A card is a candidate when the interval of its {'ablation impact or ' if report.has_ablation else ''}"
            f"IWD lies entirely beyond ±{THRESHOLD_POINTS:.0f} points, in a deck with at least {MIN_GAMES} games. "
            "Official list: the rules guide's limited and banned list."
        )
    ]
    for title, frame in (("Too strong", balance.overpowered), ("Too weak", balance.underpowered)):
        parts.append(f"<h3>{escape(title)}</h3>")
        parts.append(_html_table(frame, _balance_columns(frame)) if len(frame) else _p("None at this sample size."))
    parts.append("<h3>The official list against the data</h3>")
    listed = pd.concat(
        [
            balance.listed_supported.assign(verdict="supported"),
            balance.listed_unsupported.assign(verdict="not supported"),
        ],
        ignore_index=True,
    )
    no_data = listed["reason"].str.startswith("No simulation data")
    judged = listed[~no_data]
    if len(judged):
        parts.append(
            _html_table(
                judged,
                [
                    ("card", lambda r: r["card"]),
                    ("official", lambda r: r["official"]),
                    ("verdict", lambda r: r["verdict"]),
                    ("why", lambda r: r["reason"]),
                ],
            )
        )
    if no_data.any():
        parts.append(_p("Not played by any deck here, so no data: " + ", ".join(listed.loc[no_data, "card"]) + "."))
    unlisted = balance.unlisted_supported
    parts.append("<h3>Candidates to add to the list</h3>")
    parts.append(_html_table(unlisted, _balance_columns(unlisted)) if len(unlisted) else _p("None."))
    return parts


# ------------------------------------------------------------------ Markdown


def markdown_page(report: Report) -> str:
    """The report in Markdown; charts are the PNG files written beside it."""
    lines = ["# WARD balance report", "", _md(_run_line(report)), ""]
    flagged = report.cards[report.cards["effect_status"].isin(NOT_MODELED)]
    if len(flagged):
        names = sorted({f"{c} ({s})" for c, s in zip(flagged["card"], flagged["effect_status"], strict=True)})
        lines += [
            f"> **{FLAG} Not fully modeled:** {_md(', '.join(names))}, in "
            f"{_md(', '.join(sorted(set(flagged['deck']))))}. Their numbers may not reflect the real game.",
            "",
        ]
    lines += [f"> {_md(n)}" for n in report.notes] + ([""] if report.notes else [])
    lines += ["## Conclusions", ""] + [f"- {_md(s)}" for s in report.conclusions()] + [""]
    lines += ["## Decks", "", _md_table(report.decks.reset_index(), _deck_columns()), ""]
    lines += [
        "## Matchups",
        "",
        f"![{CHARTS['matchups']}](matchups.png)",
        "",
        "Win rate (%) of the row deck against the column deck, Wilson 95% interval.",
        "",
        _md_table(_matchup_square(report), _matchup_columns(report)),
        "",
    ]
    lines += [
        "## First-player advantage",
        "",
        _md(_first_player_sentence(report)),
        "",
        f"![{CHARTS['first_player']}](first_player.png)",
        "",
    ]
    lines += [
        "## Game length",
        "",
        _md(_length_sentence(report)),
        "",
        f"![{CHARTS['win_rate_by_length']}](win_rate_by_length.png)",
        "",
    ]
    lines += [
        "## The meta",
        "",
        _md(_meta_sentence(report)),
        "",
        f"![{CHARTS['nash']}](nash.png)",
        "",
        _md_table(_meta_frame(report), META_COLUMNS),
        "",
    ]
    lines += ["## Cards", ""]
    if report.has_ablation:
        lines += [f"![{CHARTS['card_impact']}](card_impact.png)", ""]
    lines += [
        "Each cell: value (95% interval; n games). Impact and IWD in points, the rest in %.",
        "",
        _md_table(report.cards, _card_columns(report.has_ablation)),
        "",
    ]
    lines += ["## Balance advice", ""]
    balance = report.balance
    for title, frame in (
        ("Too strong", balance.overpowered),
        ("Too weak", balance.underpowered),
        ("On the official list, supported by the data", balance.listed_supported),
        ("On the official list, not supported", balance.listed_unsupported),
        ("Candidates to add to the list", balance.unlisted_supported),
    ):
        lines += [f"### {title}", "", _md_table(frame, _balance_columns(frame)) if len(frame) else "None.", ""]
    check = report.policy_check
    if check is not None:
        sentences = policy_check_sentences(check)
        lines += ["## Does the advice rest on bot skill?", "", _md(_check_method(report, check)), ""]
        lines += ["### Deck ranking", "", _md(sentences[0]), ""]
        lines += [_md_table(check.ranking.decks.reset_index(), _check_deck_columns(check)), ""]
        lines += ["### Card verdicts", ""] + [_md(s) + "\n" for s in sentences[1:]]
        if len(check.verdicts):
            lines += [_md_table(check.verdicts, _check_card_columns(check)), ""]
    lines += _set_sections(report, html=False)
    lines += [
        "## Method and reproduction",
        "",
        _md(_run_line(report)),
        "",
        "```sh",
        report.command,
        "```",
        "",
        "Every pairing's seed is in run.json; `wardsim simulate A B --seed <seed>` replays one pairing.",
        "",
    ]
    return "\n".join(lines)
