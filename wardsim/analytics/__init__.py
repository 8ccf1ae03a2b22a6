"""Analytics: win rates, matchups, the meta, card metrics, balance, the policy ladder, robustness.

Pure pandas / numpy / scipy over the simulator's per-game records and per-card counters;
nothing here runs games. Draws count as half a win throughout (see
:mod:`wardsim.analytics.intervals`), and win-rate intervals are Wilson (95% by default).
"""

from wardsim.analytics.balance import BalanceReport, balance_candidates
from wardsim.analytics.card_metrics import (
    AblationImpact,
    ablation_impact,
    card_metrics,
    pool_card_counters,
)
from wardsim.analytics.intervals import diff_interval, proportion_se, wilson_interval
from wardsim.analytics.ladder import ladder_table, policy_matchups
from wardsim.analytics.meta import (
    NashEquilibrium,
    bradley_terry,
    field_win_rate,
    nash_equilibrium,
)
from wardsim.analytics.robustness import PolicyCheck, RankAgreement, policy_check, rank_agreement, verdict_changes
from wardsim.analytics.winrates import (
    MatchupMatrix,
    deck_summary,
    first_player_advantage,
    first_player_by_deck,
    matchup_matrix,
    win_rate_by_length,
)

__all__ = [
    "AblationImpact",
    "BalanceReport",
    "MatchupMatrix",
    "NashEquilibrium",
    "PolicyCheck",
    "RankAgreement",
    "ablation_impact",
    "balance_candidates",
    "bradley_terry",
    "card_metrics",
    "deck_summary",
    "diff_interval",
    "field_win_rate",
    "first_player_advantage",
    "first_player_by_deck",
    "ladder_table",
    "matchup_matrix",
    "nash_equilibrium",
    "policy_check",
    "policy_matchups",
    "pool_card_counters",
    "proportion_se",
    "rank_agreement",
    "verdict_changes",
    "wilson_interval",
    "win_rate_by_length",
]
