"""Shared pytest options and fixtures."""

from __future__ import annotations

import pytest


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--regen-playthroughs",
        action="store_true",
        default=False,
        help="Rewrite tests/playthroughs/*.txt and the docs examples taken from them instead of comparing.",
    )


@pytest.fixture
def regen_playthroughs(request: pytest.FixtureRequest) -> bool:
    """Whether this run rewrites the golden playthroughs (`make playthroughs`)."""
    return bool(request.config.getoption("--regen-playthroughs"))
