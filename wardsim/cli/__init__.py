"""The `wardsim` command line: one module per command group, wired here explicitly."""

from __future__ import annotations

import typer

from wardsim.cli import cards as cards_cmd
from wardsim.cli import deck as deck_cmd
from wardsim.cli import simulate as simulate_cmd
from wardsim.cli.errors import OneLineErrors

app = typer.Typer(
    name="wardsim",
    help="Monte Carlo balance and deck analytics for the WARD trading card game.",
    cls=OneLineErrors,
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
app.command("cards")(cards_cmd.cards)
app.add_typer(deck_cmd.app, name="deck")
app.command("simulate")(simulate_cmd.simulate)
app.command("replay")(simulate_cmd.replay)
# deck pools: round robin and the balance report
from wardsim.cli import report as report_cmd  # noqa: E402  (kept beside its wiring)
from wardsim.cli import tournament as tournament_cmd  # noqa: E402

app.command("tournament")(tournament_cmd.tournament)
app.command("report")(report_cmd.report)
# battle commands
from wardsim.cli import duel as duel_cmd  # noqa: E402  (kept beside its wiring)

app.command("duel")(duel_cmd.duel)
app.command("duels")(duel_cmd.duels)
from wardsim.cli.whatif import whatif_command  # noqa: E402

app.command("whatif")(whatif_command)
# the bots measured
from wardsim.cli.ladder import ladder_command  # noqa: E402

app.command("ladder")(ladder_command)
# the whole set: every card ranked, and the strongest decks searched for
from wardsim.cli.optimize import optimize_command  # noqa: E402
from wardsim.cli.survey import survey_command  # noqa: E402

app.command("survey")(survey_command)
app.command("optimize")(optimize_command)


def main() -> None:
    app()
