"""The policy ladder's statistics: how strong each bot policy is, with intervals.

The ladder (:mod:`wardsim.ladders`) plays every pair of policies on every ordered deck pairing
of a pool, in both seats. Its results are **cells**, one row per (seat A policy, seat B
policy, deck A, deck B) with the games played and their outcome; this module turns them into
strengths:

* **Bradley-Terry.** ``P(policy i beats policy j) = s_i / (s_i + s_j)``, fitted by maximum
  likelihood (Hunter's MM algorithm, :func:`wardsim.analytics.meta.bradley_terry_mm`) on the
  policies' scores against each other, summed over decks and seats; a draw counts as half a
  win to each side. Strengths are normalised to **geometric mean 1**, so a policy of strength
  2 beats one of strength 1 two times in three, and one of strength 1 is average.
* **Elo.** ``elo_i = 1500 + 400 log10(s_i)``: the Elo difference of two policies is
  ``400 log10(s_i / s_j)`` (400 points is odds of 10 to 1), and the **mean Elo is 1500**
  (the geometric mean of the strengths is 1). No policy is the anchor, so the scale does not
  depend on which policies a ladder includes, only on their mean.
* **A prior** of half a virtual win each way between every two policies (``prior=0.5``)
  keeps the strengths finite when a policy never lost (the plain maximum-likelihood fit
  would put it at infinity); against the thousands of games of a ladder it moves a strength
  by well under one percent. ``prior=0`` gives the plain fit.
* **Intervals** are 95% percentile intervals of a bootstrap with a fixed seed. By default
  (``resample="pairings"``) it resamples **deck pairings**: each replicate draws the ordered
  deck pairings with replacement and keeps every game played on a drawn pairing (every pair
  of policies, both seats) together. Games on one pairing share its decks, and how much a
  better policy gains depends on the decks (a policy that plays around Lightning answers
  gains nothing in a matchup without them), so games on one pairing are not independent;
  resampling pairings keeps that correlation and says how much the strengths depend on which
  decks are in the pool. ``resample="games"`` resamples the games of each cell (their wins,
  draws and losses, multinomially): the interval for this exact pool, narrower. With fewer
  than :data:`MIN_PAIRINGS` pairings the pairing bootstrap has too few units to be trusted,
  and :func:`ladder_table`'s caller should say so.
* **Standard errors** from the observed Fisher information (``log_strength_se``), for
  comparison: they treat every game as independent, like the games bootstrap.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pandas as pd

from wardsim.analytics.intervals import BOOTSTRAP, wilson_interval
from wardsim.analytics.meta import bradley_terry_mm

CELL_COLUMNS = ("policy_a", "policy_b", "deck_a", "deck_b", "games", "wins_a", "wins_b", "draws")
RESAMPLE = ("pairings", "games")
PRIOR = 0.5  # virtual wins each way between two policies: finite strengths for an unbeaten policy
MIN_PAIRINGS = 10  # fewer deck pairings than this make a pairing bootstrap untrustworthy
ELO_MEAN = 1500.0
ELO_SCALE = 400.0  # Elo points per factor 10 in strength


def _check_cells(cells: pd.DataFrame) -> None:
    missing = [c for c in CELL_COLUMNS if c not in cells.columns]
    if missing:
        raise ValueError(f"the ladder cells need the columns {', '.join(CELL_COLUMNS)}; missing {', '.join(missing)}")
    if (cells["policy_a"] == cells["policy_b"]).any():
        raise ValueError("a cell plays a policy against itself; the ladder pairs distinct policies")
    counts = cells[["wins_a", "wins_b", "draws"]].to_numpy()
    if (counts < 0).any() or (counts.sum(axis=1) != cells["games"].to_numpy()).any():
        raise ValueError("every cell needs wins_a + wins_b + draws = games, none negative")


def _policy_order(cells: pd.DataFrame, policies: Sequence[str] | None) -> list[str]:
    seen = list(dict.fromkeys([*cells["policy_a"], *cells["policy_b"]]))
    if policies is None:
        return seen
    unknown = sorted(set(seen) - set(policies))
    if unknown:
        raise ValueError(f"cells name policies not in the list: {', '.join(unknown)}")
    return list(policies)


def _one_hot(cells: pd.DataFrame, policies: list[str]) -> tuple[np.ndarray, np.ndarray]:
    """(cells, P, P) indicators of each cell's (seat A policy, seat B policy) and its transpose."""
    index = {p: k for k, p in enumerate(policies)}
    a = cells["policy_a"].map(index).to_numpy()
    b = cells["policy_b"].map(index).to_numpy()
    forward = np.zeros((len(cells), len(policies), len(policies)))
    forward[np.arange(len(cells)), a, b] = 1.0
    return forward, np.swapaxes(forward, 1, 2)


def score_matrix(cells: pd.DataFrame, policies: Sequence[str] | None = None) -> pd.DataFrame:
    """The policies' scores against each other, summed over decks and seats.

    Parameters
    ----------
    cells : DataFrame
        One row per cell with the columns of :data:`CELL_COLUMNS`.
    policies : sequence of str, optional
        The row and column order (default: as they first appear in the cells).

    Returns
    -------
    DataFrame
        ``scores.loc[i, j]``: the games policy i won against policy j, draws counting half;
        ``scores + scores.T`` is the games between them, and the diagonal is 0.
    """
    _check_cells(cells)
    order = _policy_order(cells, policies)
    forward, backward = _one_hot(cells, order)
    score_a = cells["wins_a"].to_numpy() + 0.5 * cells["draws"].to_numpy()
    score_b = cells["wins_b"].to_numpy() + 0.5 * cells["draws"].to_numpy()
    matrix = np.einsum("c,cij->ij", score_a, forward) + np.einsum("c,cij->ij", score_b, backward)
    return pd.DataFrame(matrix, index=pd.Index(order, name="policy"), columns=pd.Index(order, name="opponent"))


def fit_strengths(scores: np.ndarray, prior: float = PRIOR) -> np.ndarray:
    """Bradley-Terry strengths (geometric mean 1) of one scores matrix or a stack of them.

    Parameters
    ----------
    scores : ndarray(float, shape=(..., P, P))
        Wins (draws half) of row policy against column policy; the diagonal is ignored.
    prior : float
        Virtual wins added each way between every two policies (see the module notes).

    Returns
    -------
    ndarray(float, shape=(..., P))
        The maximum-likelihood strengths. ValueError when they are unbounded (with
        ``prior=0``, a group of policies that never lost, or never won, to the rest).
    """
    scores = np.asarray(scores, dtype=float)
    n = scores.shape[-1]
    off_diagonal = ~np.eye(n, dtype=bool)
    wins = np.where(off_diagonal, scores + prior, 0.0)
    if prior <= 0 and n > 1:
        for matrix in wins.reshape(-1, n, n):
            # Hunter's condition: every split of the policies has one on each side beating the other
            from scipy.sparse.csgraph import connected_components  # scipy where used: a lighter start-up

            if connected_components(matrix > 0, directed=True, connection="strong")[0] > 1:
                raise ValueError(
                    "Bradley-Terry strengths are unbounded: a policy never lost (or never won) "
                    "against the others; use a prior above 0"
                )
    return bradley_terry_mm(wins)


def fisher_se(scores: np.ndarray, strengths: np.ndarray) -> np.ndarray:
    """Standard errors of the log-strengths (mean-zero) from the observed Fisher information.

    The information of the log-strengths is the graph Laplacian of the policies with weights
    ``n_ij p_ij (1 - p_ij)`` (``n_ij``: games between i and j, ``p_ij`` the fitted
    probability); its pseudo-inverse is their covariance under the mean-zero constraint.
    Every game counts as independent, and a draw as a coin flip (slightly conservative).

    Parameters
    ----------
    scores : ndarray(float, shape=(P, P))
        Wins (draws half) of row policy against column policy.
    strengths : ndarray(float, shape=(P,))
        The fitted strengths.

    Returns
    -------
    ndarray(float, shape=(P,))
    """
    scores = np.asarray(scores, dtype=float)
    games = scores + scores.T
    np.fill_diagonal(games, 0.0)
    p = strengths[:, None] / (strengths[:, None] + strengths[None, :])
    weight = games * p * (1.0 - p)
    laplacian = np.diag(weight.sum(axis=1)) - weight
    return np.sqrt(np.clip(np.diag(np.linalg.pinv(laplacian)), 0.0, None))


def elo(strengths: np.ndarray | pd.Series | float) -> np.ndarray | pd.Series | float:
    """Elo ratings of strengths of geometric mean 1: ``1500 + 400 log10(s)`` (mean 1500)."""
    return ELO_MEAN + ELO_SCALE * np.log10(strengths)


def bootstrap_scores(
    cells: pd.DataFrame,
    policies: Sequence[str] | None = None,
    resample: str = "pairings",
    replicates: int = BOOTSTRAP,
    seed: int = 0,
) -> np.ndarray:
    """Bootstrap replicates of the scores matrix (see the module notes on `resample`).

    Parameters
    ----------
    cells : DataFrame
        The ladder's cells (:data:`CELL_COLUMNS`).
    policies : sequence of str, optional
        The policy order of the matrices.
    resample : {"pairings", "games"}
        ``"pairings"``: draw the ordered deck pairings ``(deck_a, deck_b)`` with replacement,
        each with all its cells; ``"games"``: redraw each cell's wins, draws and losses from
        its own shares (multinomial), keeping its number of games.
    replicates : int
        How many replicates.
    seed : int
        The seed of the resampling: the same seed gives the same replicates.

    Returns
    -------
    ndarray(float, shape=(replicates, P, P))
    """
    if resample not in RESAMPLE:
        raise ValueError(f"unknown resample {resample!r}; choose one of {', '.join(RESAMPLE)}")
    _check_cells(cells)
    order = _policy_order(cells, policies)
    rng = np.random.default_rng(np.random.SeedSequence([int(seed) % 2**64, RESAMPLE.index(resample)]))
    forward, backward = _one_hot(cells, order)
    counts = cells[["wins_a", "draws", "wins_b"]].to_numpy(dtype=float)
    if resample == "games":
        games = cells["games"].to_numpy()
        shares = counts / np.maximum(games, 1)[:, None]
        drawn = rng.multinomial(games, shares, size=(replicates, len(cells))).astype(float)
        score_a = drawn[..., 0] + 0.5 * drawn[..., 1]
        score_b = drawn[..., 2] + 0.5 * drawn[..., 1]
        return np.einsum("rc,cij->rij", score_a, forward) + np.einsum("rc,cij->rij", score_b, backward)
    # one scores matrix per deck pairing; a replicate sums the matrices of the pairings it draws
    pairing = pd.MultiIndex.from_frame(cells[["deck_a", "deck_b"]]).factorize()[0]
    n_pairings = int(pairing.max()) + 1
    per_cell = np.einsum("c,cij->cij", counts[:, 0] + 0.5 * counts[:, 1], forward) + np.einsum(
        "c,cij->cij", counts[:, 2] + 0.5 * counts[:, 1], backward
    )
    per_pairing = np.zeros((n_pairings, len(order), len(order)))
    np.add.at(per_pairing, pairing, per_cell)
    draws = rng.multinomial(n_pairings, np.full(n_pairings, 1.0 / n_pairings), size=replicates).astype(float)
    return np.einsum("rk,kij->rij", draws, per_pairing)


def ladder_table(
    cells: pd.DataFrame,
    policies: Sequence[str] | None = None,
    resample: str = "pairings",
    replicates: int = BOOTSTRAP,
    seed: int = 0,
    prior: float = PRIOR,
    confidence: float = 0.95,
) -> pd.DataFrame:
    """Each policy's Bradley-Terry strength and Elo with bootstrap intervals, strongest first.

    Parameters
    ----------
    cells : DataFrame
        One row per cell with the columns of :data:`CELL_COLUMNS`: the seat A and seat B
        policies, the two decks, and the games with their outcome (A's wins, B's wins,
        draws).
    policies : sequence of str, optional
        The policies (default: those of the cells, as they first appear).
    resample : {"pairings", "games"}
        What the bootstrap resamples (see the module notes).
    replicates : int
        Bootstrap replicates; 0 leaves the intervals out (NaN).
    seed : int
        The bootstrap's seed.
    prior : float
        Virtual wins each way between two policies (see the module notes).
    confidence : float
        The intervals' coverage.

    Returns
    -------
    DataFrame
        Indexed by policy, strongest first: ``strength, strength_ci_low, strength_ci_high``
        (geometric mean 1), ``elo, elo_ci_low, elo_ci_high`` (mean 1500), ``elo_gap,
        elo_gap_ci_low, elo_gap_ci_high`` (its Elo lead over the next policy down; NaN for the
        last), ``log_strength_se`` (Fisher), and its results against all the others:
        ``games, wins, losses, draws, win_rate, ci_low, ci_high`` (Wilson, draws half).
    """
    order = _policy_order(cells, policies)
    scores = score_matrix(cells, order).to_numpy()
    strengths = fit_strengths(scores, prior)
    table = pd.DataFrame(index=pd.Index(order, name="policy"))
    table["strength"] = strengths
    tail = (1.0 - confidence) / 2.0
    replicated = (
        fit_strengths(bootstrap_scores(cells, order, resample, replicates, seed), prior)
        if replicates > 0
        else np.full((1, len(order)), np.nan)
    )
    table["strength_ci_low"], table["strength_ci_high"] = np.quantile(replicated, [tail, 1.0 - tail], axis=0)
    for column in ("", "_ci_low", "_ci_high"):
        table[f"elo{column}"] = elo(table[f"strength{column}"].to_numpy())
    # each policy's Elo lead over the next weaker one, its interval from the same replicates: two
    # strengths' intervals may overlap while their ratio is clear, for they move together
    rank = np.argsort(-strengths, kind="stable")
    gap = np.full((3, len(order)), np.nan)
    for stronger, weaker in zip(rank[:-1], rank[1:], strict=True):
        replicated_gap = ELO_SCALE * np.log10(replicated[:, stronger] / replicated[:, weaker])
        gap[0, stronger] = ELO_SCALE * np.log10(strengths[stronger] / strengths[weaker])
        gap[1:, stronger] = np.quantile(replicated_gap, [tail, 1.0 - tail])
    table["elo_gap"], table["elo_gap_ci_low"], table["elo_gap_ci_high"] = gap
    table["log_strength_se"] = fisher_se(scores, strengths)
    games = scores + scores.T
    score = scores.sum(axis=1)
    table["games"] = games.sum(axis=1).round().astype(int)
    draws = pd.concat([cells.groupby("policy_a")["draws"].sum(), cells.groupby("policy_b")["draws"].sum()], axis=1).sum(
        axis=1
    )
    table["draws"] = draws.reindex(order, fill_value=0).astype(int).to_numpy()
    table["wins"] = np.round(score - table["draws"].to_numpy() / 2).astype(int)
    table["losses"] = table["games"] - table["wins"] - table["draws"]
    table["win_rate"] = score / np.maximum(table["games"].to_numpy(), 1)
    table["ci_low"], table["ci_high"] = wilson_interval(score, table["games"].to_numpy(dtype=float))
    return table.sort_values("strength", ascending=False, kind="stable")


def policy_matchups(cells: pd.DataFrame, policies: Sequence[str] | None = None) -> pd.DataFrame:
    """Every policy against every other over all decks and both seats, with Wilson intervals.

    Returns
    -------
    DataFrame
        One row per (policy, opponent), both orders: ``policy, opponent, games, wins, losses,
        draws, win_rate, ci_low, ci_high`` (draws half).
    """
    _check_cells(cells)
    order = _policy_order(cells, policies)
    forward = cells.rename(columns={"policy_a": "policy", "policy_b": "opponent", "wins_a": "wins", "wins_b": "losses"})
    backward = cells.rename(
        columns={"policy_b": "policy", "policy_a": "opponent", "wins_b": "wins", "wins_a": "losses"}
    )
    columns = ["policy", "opponent", "games", "wins", "losses", "draws"]
    both = pd.concat([forward[columns], backward[columns]], ignore_index=True)
    rows = both.groupby(["policy", "opponent"], sort=False).sum().reset_index()
    rank = {p: k for k, p in enumerate(order)}
    rows = rows.sort_values(["policy", "opponent"], key=lambda s: s.map(rank), kind="stable").reset_index(drop=True)
    score = rows["wins"] + 0.5 * rows["draws"]
    rows["win_rate"] = score / rows["games"]
    rows["ci_low"], rows["ci_high"] = wilson_interval(score.to_numpy(dtype=float), rows["games"].to_numpy(dtype=float))
    return rows
