"""The game state indexed by seat: sizes, teams, who faces whom, turn cycles and action codes.

1v1 is two seats in two teams; the same arrays hold up to six seats (kernel.game.state). These
tests check the state itself; tests/test_multiplayer.py plays games of more than two seats.
"""

from __future__ import annotations

import numpy as np
import pytest

from wardsim.catalog import default_catalog
from wardsim.kernel.game.actions import action_a_nb, action_b_nb, action_kind_nb, encode_action
from wardsim.kernel.game.enums import ActionKind, GlobCol, InstCol, InstZone, MagicTarget, PlayerCol
from wardsim.kernel.game.match import new_game_arrays, new_seats_arrays
from wardsim.kernel.game.state import (
    DECK_SIZE,
    MAX_INST,
    MAX_SEATS,
    next_seat_nb,
    opponent_nb,
    remove_from_deck_nb,
    reset_state_nb,
)
from wardsim.rules import Rules

CAT = default_catalog()
G = GlobCol
P = PlayerCol


def _seats(teams: list[int]):
    frog = CAT.index("Frog")
    decks = np.full((len(teams), DECK_SIZE), frog, dtype=np.int64)
    inst, fighters, players, glob, deck_stacks = new_seats_arrays(decks, np.array(teams), Rules().to_array())
    reset_state_nb(inst, fighters, players, glob, deck_stacks)
    return inst, fighters, players, glob, deck_stacks


@pytest.mark.nojit
def test_a_1v1_game_is_two_seats_in_two_teams_with_two_turns_a_cycle():
    frog = np.full(DECK_SIZE, CAT.index("Frog"), dtype=np.int64)
    inst, fighters, players, glob, decks = new_game_arrays(frog, frog, Rules().to_array())
    reset_state_nb(inst, fighters, players, glob, decks)
    assert inst.shape[0] == fighters.shape[0] == 2 * DECK_SIZE and decks.shape == (2, DECK_SIZE)
    assert players[:, P.team].tolist() == [0, 1]
    assert glob[G.cycle] == 2
    for p in range(2):
        glob[G.active] = p
        assert opponent_nb(players, glob, p) == 1 - p and opponent_nb(players, glob, 1 - p) == p
        assert next_seat_nb(players, glob, p) == 1 - p


@pytest.mark.nojit
@pytest.mark.parametrize("seats", range(2, MAX_SEATS + 1))
def test_each_seat_owns_the_thirty_instances_of_its_deck_list(seats):
    inst, fighters, players, glob, decks = _seats(list(range(seats)))
    assert inst.shape[0] == seats * DECK_SIZE <= MAX_INST
    assert (inst[:, InstCol.owner] == np.arange(seats * DECK_SIZE) // DECK_SIZE).all()
    assert (inst[:, InstCol.zone] == InstZone.deck).all()
    assert players[:, P.deck_n].tolist() == [DECK_SIZE] * seats
    assert glob[G.cycle] == seats  # one turn of each seat
    assert sorted(decks.ravel().tolist()) == list(range(seats * DECK_SIZE))


@pytest.mark.nojit
def test_the_opponent_is_the_faced_seat_for_the_active_team_and_the_active_player_for_the_others():
    # 2v2: seats 0 and 2 against seats 1 and 3; seat 0 plays and faces seat 3
    inst, fighters, players, glob, decks = _seats([0, 1, 0, 1])
    glob[G.active], glob[G.faced] = 0, 3
    assert [opponent_nb(players, glob, p) for p in range(4)] == [3, 0, 3, 0]


@pytest.mark.nojit
def test_a_card_that_changed_owner_is_found_in_another_seats_deck():
    inst, fighters, players, glob, decks = _seats([0, 1, 2])
    # instance 5 (seat 0's deck list) lies in seat 2's deck, as a Stone Golem sent there would
    decks[0, : DECK_SIZE - 1] = [i for i in range(DECK_SIZE) if i != 5]
    players[0, P.deck_n] = DECK_SIZE - 1
    decks[2, DECK_SIZE - 1] = 5
    players[2, P.deck_n] = DECK_SIZE
    remove_from_deck_nb(decks, players, 5)
    assert players[2, P.deck_n] == DECK_SIZE - 1 and 5 not in decks[2, : DECK_SIZE - 1]
    assert players[0, P.deck_n] == DECK_SIZE - 1


@pytest.mark.nojit
def test_action_codes_hold_every_instance_of_six_seats_in_the_order_of_their_operands():
    last = MAX_INST - 1
    code = encode_action(ActionKind.magic, last, MagicTarget.choice + 3)
    assert (action_kind_nb(code), action_a_nb(code), action_b_nb(code)) == (
        ActionKind.magic,
        last,
        MagicTarget.choice + 3,
    )
    codes = [encode_action(k, a, b) for k in (0, 3, 5) for a in (0, 59, last) for b in (0, 1, 12)]
    assert codes == sorted(codes)
