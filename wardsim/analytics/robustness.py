"""Does the advice hold under another policy? A deck pool's results compared between two bots.

Every number of a balance report is the result of one policy's play. The same round robin
played again by a second policy (on the same seeds: game *k* of a pairing deals the same
cards in both runs) shows which conclusions rest on how well the bots play:

* **the deck ranking**: the Spearman rank correlation of the decks' win rates under the two
  policies, with a bootstrap interval. The bootstrap is **paired**: it draws games of each
  pairing with replacement and takes a drawn game's result under both policies, as the two
  runs dealt it the same cards; the interval is therefore not widened by deal luck the two
  runs share. Noise swaps the ranks of near-tied decks, so a rank correlation is biased
  toward 0 and the replicates lag the estimate: the interval is Efron's bias-corrected
  percentile interval (:func:`bias_corrected_interval`). :data:`RANKING_HOLDS` names when a
  ranking is said to hold.
* **the card verdicts**: each card (per deck) is *too strong*, *too weak* or gets *no
  verdict* under each policy (:func:`wardsim.analytics.balance.balance_candidates`). A card
  that is a candidate under either is listed with the evidence that made each verdict, and
  with the measure both runs have (ablation impact if both measured it, IWD otherwise:
  impact measures the card itself, so it is compared even where a verdict came from IWD
  alone), its difference between the policies and the difference's 95% interval. A verdict
  changes either because the card's value depends on how it is played (the difference is
  clear: its interval leaves out 0) or because the card sits near the threshold under both
  policies (the interval holds 0: the data cannot tell the policies apart). The two runs
  share their deals, so their measures are positively correlated and the difference's
  interval, which treats them as independent, is conservative (too wide rather than too
  narrow).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd

from wardsim.analytics.balance import BalanceReport
from wardsim.analytics.intervals import BOOTSTRAP

RANKING_HOLDS = 0.8  # a ranking holds when the interval of its rank correlation starts at or above this
RANKING_FAILS = 0.5  # and does not hold when the whole interval lies below this
VERDICTS = ("too strong", "too weak", "no verdict")
HOLDS = "holds"
RESTS_ON_SKILL = "rests on bot skill"
NEAR_THRESHOLD = "near the threshold under both"
Z95 = 1.959963984540054


@dataclass(frozen=True)
class RankAgreement:
    """The deck ranking under two policies.

    Attributes
    ----------
    decks : DataFrame
        Indexed by deck, best first under the first policy: ``games, win_rate, rank,
        check_win_rate, check_rank, rank_shift`` (check rank minus rank: positive when the
        deck falls under the second policy).
    spearman : float
        Spearman's rank correlation of the two win-rate columns (NaN with fewer than 2
        decks or a constant column).
    ci_low, ci_high : float
        Its paired bootstrap interval (bias-corrected percentile, :func:`bias_corrected_interval`).
    replicates : int
        Bootstrap replicates.
    """

    decks: pd.DataFrame
    spearman: float
    ci_low: float
    ci_high: float
    replicates: int

    @property
    def verdict(self) -> str:
        """``"holds"``, ``"holds only in part"`` or ``"does not hold"`` (see :data:`RANKING_HOLDS`)."""
        if self.ci_low >= RANKING_HOLDS:
            return "holds"
        if self.ci_high < RANKING_FAILS:
            return "does not hold"
        return "holds only in part"


def _spearman_rows(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """Spearman's correlation of each row of x with the same row of y (ties get mean ranks)."""
    from scipy.stats import rankdata  # scipy where used: a lighter start-up

    rx = rankdata(x, axis=-1)
    ry = rankdata(y, axis=-1)
    rx -= rx.mean(axis=-1, keepdims=True)
    ry -= ry.mean(axis=-1, keepdims=True)
    denominator = np.sqrt((rx**2).sum(axis=-1) * (ry**2).sum(axis=-1))
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.where(denominator > 0, (rx * ry).sum(axis=-1) / denominator, np.nan)


def bias_corrected_interval(replicated: np.ndarray, estimate: float, confidence: float = 0.95) -> tuple[float, float]:
    """Efron's bias-corrected percentile interval of a bootstrap.

    A rank correlation computed from noisy win rates is biased toward 0 (noise swaps ranks),
    and a bootstrap replicate adds noise again, so the replicates sit mostly below the
    estimate and the plain percentile interval lies too low (it may even end at the
    estimate). The correction reads the quantiles at ``Phi(2 z0 +- z)``, where ``Phi(z0)`` is
    the share of replicates below the estimate (ties counting half); with ``z0 = 0`` it is
    the plain percentile interval.

    Parameters
    ----------
    replicated : ndarray(float)
        The bootstrap replicates (NaN ones are left out).
    estimate : float
        The estimate from the data.
    confidence : float
        The interval's coverage.

    Returns
    -------
    (float, float)
        The interval; NaN when there is no finite replicate or estimate.
    """
    values = np.asarray(replicated, dtype=float)
    values = values[np.isfinite(values)]
    if not len(values) or not np.isfinite(estimate):
        return float("nan"), float("nan")
    below = (np.sum(values < estimate) + 0.5 * np.sum(values == estimate)) / len(values)
    below = float(np.clip(below, 0.5 / len(values), 1.0 - 0.5 / len(values)))
    from scipy.stats import norm

    z0 = norm.ppf(below)
    z = norm.ppf(0.5 + confidence / 2.0)
    low, high = np.quantile(values, norm.cdf([2 * z0 - z, 2 * z0 + z]))
    return float(low), float(high)


def _joint_counts(records: pd.DataFrame, check_records: pd.DataFrame) -> pd.DataFrame:
    """Per pairing, the games by (winner in the first run, winner in the second): 9 columns."""
    keys = ["deck_a", "deck_b", "game"]
    left = records[keys + ["winner"]].astype({"deck_a": str, "deck_b": str})
    right = check_records[keys + ["winner"]].astype({"deck_a": str, "deck_b": str})
    joined = left.merge(right, on=keys, how="outer", suffixes=("", "_check"), indicator=True)
    if (joined["_merge"] != "both").any() or joined.duplicated(keys).any():
        raise ValueError(
            "the two runs must play the same games (the same pairings, games and seed) to be compared game by game"
        )
    joined["joint"] = 3 * joined["winner"].astype(int) + joined["winner_check"].astype(int)
    counts = pd.crosstab([joined["deck_a"], joined["deck_b"]], joined["joint"])
    return counts.reindex(columns=range(9), fill_value=0)


def rank_agreement(
    records: pd.DataFrame,
    check_records: pd.DataFrame,
    replicates: int = BOOTSTRAP,
    seed: int = 0,
    confidence: float = 0.95,
) -> RankAgreement:
    """Compare the deck ranking (win rate over all games, draws half) of two runs of a pool.

    Parameters
    ----------
    records, check_records : DataFrame
        The per-game records (:mod:`wardsim.records`: ``deck_a, deck_b, game, winner``) of
        the same round robin played by two policies: the same pairings and game indices.
    replicates : int
        Paired bootstrap replicates (see the module notes); 0 leaves the interval NaN.
    seed : int
        The bootstrap's seed.
    confidence : float
        The interval's coverage.

    Returns
    -------
    RankAgreement
    """
    counts = _joint_counts(records, check_records)
    pairings = counts.index.to_frame(index=False)
    decks = list(dict.fromkeys([*pairings["deck_a"], *pairings["deck_b"]]))
    seat_a = (pairings["deck_a"].to_numpy()[:, None] == np.array(decks)[None, :]).astype(float)
    seat_b = (pairings["deck_b"].to_numpy()[:, None] == np.array(decks)[None, :]).astype(float)
    winner, check_winner = np.divmod(np.arange(9), 3)
    # a joint outcome's score for seat A and seat B under each run (draws half)
    weights = np.stack(
        [
            (winner == 0) + 0.5 * (winner == 2),
            (winner == 1) + 0.5 * (winner == 2),
            (check_winner == 0) + 0.5 * (check_winner == 2),
            (check_winner == 1) + 0.5 * (check_winner == 2),
        ],
        axis=1,
    )
    joint = counts.to_numpy(dtype=float)
    games = joint.sum(axis=1) @ (seat_a + seat_b)

    def win_rates(drawn: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        scores = drawn @ weights  # (..., pairings, 4)
        base = scores[..., 0] @ seat_a + scores[..., 1] @ seat_b
        check = scores[..., 2] @ seat_a + scores[..., 3] @ seat_b
        return base / games, check / games

    rate, check_rate = win_rates(joint)
    spearman = float(_spearman_rows(rate, check_rate))
    low = high = float("nan")
    if replicates > 0:
        rng = np.random.default_rng(np.random.SeedSequence([int(seed) % 2**64, 2]))
        n = joint.sum(axis=1).astype(np.int64)
        drawn = rng.multinomial(n, joint / n[:, None], size=(replicates, len(n))).astype(float)
        low, high = bias_corrected_interval(_spearman_rows(*win_rates(drawn)), spearman, confidence)
    from scipy.stats import rankdata

    table = pd.DataFrame(
        {
            "games": games.round().astype(int),
            "win_rate": rate,
            "rank": rankdata(-rate, method="min").astype(int),
            "check_win_rate": check_rate,
            "check_rank": rankdata(-check_rate, method="min").astype(int),
        },
        index=pd.Index(decks, name="deck"),
    )
    table["rank_shift"] = table["check_rank"] - table["rank"]
    table = table.sort_values(["rank", "win_rate"], ascending=[True, False], kind="stable")
    return RankAgreement(table, spearman, low, high, replicates)


def _verdicts(cards: pd.DataFrame, balance: BalanceReport) -> pd.DataFrame:
    """Per (deck, card): its verdict and the evidence that made it (``""`` without a verdict)."""
    keys = pd.MultiIndex.from_frame(cards[["deck", "card"]])
    verdicts = pd.DataFrame({"verdict": "no verdict", "evidence": ""}, index=keys)
    for frame, label in ((balance.overpowered, "too strong"), (balance.underpowered, "too weak")):
        if len(frame):
            rows = pd.MultiIndex.from_frame(frame[["deck", "card"]])
            verdicts.loc[rows, "verdict"] = label
            verdicts.loc[rows, "evidence"] = frame["evidence"].to_numpy()
    return verdicts


def _se(frame: pd.DataFrame, metric: str) -> pd.Series:
    if f"{metric}_se" in frame.columns:
        return frame[f"{metric}_se"]
    return (frame[f"{metric}_ci_high"] - frame[f"{metric}_ci_low"]) / (2 * Z95)


def verdict_changes(
    cards: pd.DataFrame,
    check_cards: pd.DataFrame,
    balance: BalanceReport,
    check_balance: BalanceReport,
) -> pd.DataFrame:
    """The card verdicts of two runs of a pool side by side: every (deck, card) that is a
    candidate under either policy.

    Parameters
    ----------
    cards, check_cards : DataFrame
        The card tables of the two runs, one row per (deck, card), with ``impact,
        impact_ci_low, impact_ci_high`` (and ``impact_se``) where the ablation was measured,
        and ``iwd, iwd_ci_low, iwd_ci_high``; optional ``official`` and ``effect_status``.
    balance, check_balance : BalanceReport
        :func:`~wardsim.analytics.balance.balance_candidates` of each card table.

    Returns
    -------
    DataFrame
        One row per (deck, card) that is a candidate under either policy, changed verdicts
        first: ``deck, card, official, effect_status, verdict, check_verdict``, the measures
        that made them, ``evidence, check_evidence`` (``impact``, ``iwd`` or ``impact+iwd``,
        as in :func:`~wardsim.analytics.balance.balance_candidates`; ``""`` for no
        verdict), ``changed``, then
        ``metric`` (``"impact"`` if both tables have it, else ``"iwd"``), its ``value,
        ci_low, ci_high`` under each policy (``check_`` for the second), ``difference``
        (second minus first) with ``difference_ci_low, difference_ci_high``,
        ``difference_clear`` (its interval leaves out 0) and ``reading``: :data:`HOLDS` (the
        same verdict), :data:`RESTS_ON_SKILL` (another verdict and a clear difference) or
        :data:`NEAR_THRESHOLD` (another verdict, but no clear difference).
    """
    metric = "impact" if "impact" in cards.columns and "impact" in check_cards.columns else "iwd"
    verdict = _verdicts(cards, balance)
    check_verdict = _verdicts(check_cards, check_balance).add_prefix("check_")
    columns = [metric, f"{metric}_ci_low", f"{metric}_ci_high"]
    first = cards.set_index(["deck", "card"])
    second = check_cards.set_index(["deck", "card"])
    table = pd.concat([verdict, check_verdict], axis=1, join="outer")
    table = table.fillna({"verdict": "no verdict", "check_verdict": "no verdict", "evidence": "", "check_evidence": ""})
    table = table[(table["verdict"] != "no verdict") | (table["check_verdict"] != "no verdict")]
    table = table[["verdict", "check_verdict", "evidence", "check_evidence"]]
    keys = table.index
    info = [c for c in ("official", "effect_status") if c in first.columns]
    table = pd.concat([first[info].reindex(keys), table], axis=1)
    table["changed"] = table["verdict"] != table["check_verdict"]
    table["metric"] = metric
    for prefix, frame in (("", first), ("check_", second)):
        values = frame[columns].reindex(keys)
        table[f"{prefix}value"] = values[metric]
        table[f"{prefix}ci_low"] = values[f"{metric}_ci_low"]
        table[f"{prefix}ci_high"] = values[f"{metric}_ci_high"]
    table["difference"] = table["check_value"] - table["value"]
    spread = Z95 * np.sqrt(_se(first, metric).reindex(keys) ** 2 + _se(second, metric).reindex(keys) ** 2)
    table["difference_ci_low"] = table["difference"] - spread
    table["difference_ci_high"] = table["difference"] + spread
    table["difference_clear"] = (table["difference_ci_low"] > 0) | (table["difference_ci_high"] < 0)
    table["reading"] = np.select(
        [~table["changed"], table["difference_clear"]], [HOLDS, RESTS_ON_SKILL], NEAR_THRESHOLD
    )
    table = table.reset_index()
    order = ["changed", "difference_clear"]
    return table.sort_values(order, ascending=False, kind="stable").reset_index(drop=True)


@dataclass(frozen=True)
class PolicyCheck:
    """A pool's results under two policies: does the advice rest on bot skill?

    Attributes
    ----------
    policy, check_policy : str
        The report's policy and the second one.
    ranking : RankAgreement
        The deck ranking under both.
    verdicts : DataFrame
        :func:`verdict_changes`: every card that is a candidate under either policy.
    """

    policy: str
    check_policy: str
    ranking: RankAgreement
    verdicts: pd.DataFrame

    @property
    def changed(self) -> pd.DataFrame:
        """The (deck, card) rows whose verdict differs between the two policies."""
        return self.verdicts[self.verdicts["changed"]]

    @property
    def held(self) -> pd.DataFrame:
        """The candidates whose verdict is the same under both policies."""
        return self.verdicts[~self.verdicts["changed"]]


def policy_check(
    policy: str,
    check_policy: str,
    records: pd.DataFrame,
    check_records: pd.DataFrame,
    cards: pd.DataFrame,
    check_cards: pd.DataFrame,
    balance: BalanceReport,
    check_balance: BalanceReport,
    replicates: int = BOOTSTRAP,
    seed: int = 0,
) -> PolicyCheck:
    """Compare two runs of a pool: :func:`rank_agreement` and :func:`verdict_changes`."""
    return PolicyCheck(
        policy=policy,
        check_policy=check_policy,
        ranking=rank_agreement(records, check_records, replicates=replicates, seed=seed),
        verdicts=verdict_changes(cards, check_cards, balance, check_balance),
    )
