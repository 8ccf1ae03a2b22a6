"""A game table for scripted rule scenarios: set hands, decks and fields by card name, script
the dice, and step the game kernel the way the rules guide describes a turn."""

from __future__ import annotations

import numpy as np

from wardsim.catalog import Catalog, default_catalog
from wardsim.kernel.enums import FighterCol
from wardsim.kernel.game import play, resolve
from wardsim.kernel.game.actions import action_a_nb, action_kind_nb, encode_action
from wardsim.kernel.game.enums import Event, GlobCol, InstCol, InstZone, Phase, PlayerCol
from wardsim.kernel.game.match import new_seats_arrays
from wardsim.kernel.game.state import DECK_SIZE, cemetery_hp_nb, reset_state_nb
from wardsim.kernel.game.trace import TRACE_WIDTH
from wardsim.kernel.rng import RNG_WORDS, as_script, check_script, new_rng
from wardsim.policies import policy_arrays
from wardsim.rules import Rules

CAT = default_catalog()
TABLES = CAT.tables()
FILLER = "Frog"  # AL 1, 10 HP: a harmless card to pad decks
K = play.ActionKind


class Table:
    """Two players, 30 cards each (or more seats: `more` decks, in `teams`; each its own team by
    default; `rounds` > 0: an AL Ladder, in its first round; `boss` >= 0: a Boss Battle against
    that seat, with the boss's cards in `catalog`). Cards start in the deck; put them where the
    scenario needs."""

    def __init__(
        self,
        deck_a: list[str] | None = None,
        deck_b: list[str] | None = None,
        policy: str = "greedy",
        rules: Rules = Rules(),
        more: tuple[list[str], ...] = (),
        teams: list[int] | None = None,
        rounds: int = 0,
        boss: int = -1,
        catalog: Catalog | None = None,
    ):
        self.catalog = catalog or CAT
        names = [self._pad(deck) for deck in (deck_a or [], deck_b or [], *more)]
        cards = np.array([[self.catalog.index(n) for n in deck] for deck in names], dtype=np.int64)
        tables = self.catalog.tables()
        self.cards, self.effects = tables.cards, tables.effects
        seat_teams = np.arange(len(names)) if teams is None else np.asarray(teams, dtype=np.int64)
        self.inst, self.fighters, self.players, self.glob, self.decks = new_seats_arrays(
            cards, seat_teams, rules.to_array(), rounds, boss
        )
        reset_state_nb(self.inst, self.fighters, self.players, self.glob, self.decks)
        self.glob[GlobCol.round] = 1 if rounds else 0
        self.rng = new_rng(7, 0)
        self.script = np.zeros(0, dtype=np.int64)
        self.trace = np.zeros((4000, TRACE_WIDTH), dtype=np.int64)
        self.policy, self.params = policy_arrays(*[policy] * len(names))
        self.glob[GlobCol.first] = 0
        self.glob[GlobCol.active] = 0
        self.glob[GlobCol.faced] = 1
        self.glob[GlobCol.turn] = self.glob[GlobCol.cycle]  # past the first turn cycle unless a test sets it
        self.players[:, PlayerCol.last_turn] = 0  # every player has had a turn

    @staticmethod
    def _pad(deck: list[str]) -> list[str]:
        return list(deck) + [FILLER] * (DECK_SIZE - len(deck))

    # ------------------------------------------------------------ placing cards

    def find(self, p: int, name: str, zone: int | None = InstZone.deck) -> int:
        """An instance of card `name` owned by p (in `zone`, if given)."""
        card = self.catalog.index(name)
        for i in range(p * DECK_SIZE, (p + 1) * DECK_SIZE):
            if self.inst[i, InstCol.card] == card and (zone is None or self.inst[i, InstCol.zone] == zone):
                return i
        raise LookupError(f"no {name} of player {p} in zone {zone}")

    def _take_from_deck(self, i: int) -> None:
        from wardsim.kernel.game.state import remove_from_deck_nb

        remove_from_deck_nb(self.decks, self.players, i)

    def to_hand(self, p: int, *names: str) -> list[int]:
        out = []
        for name in names:
            i = self.find(p, name)
            self._take_from_deck(i)
            self.inst[i, InstCol.zone] = InstZone.hand
            out.append(i)
        return out

    def to_cemetery(self, p: int, *names: str) -> list[int]:
        out = []
        for name in names:
            i = self.find(p, name)
            self._take_from_deck(i)
            self.inst[i, InstCol.zone] = InstZone.cemetery
            out.append(i)
        return out

    def primary(self, p: int, name: str) -> int:
        """Put `name` on the field as p's primary creature."""
        from wardsim.kernel.game.field import place_primary_nb

        i = self.find(p, name)
        self._take_from_deck(i)
        place_primary_nb(self.cards, self.inst, self.fighters, self.players, self.glob, p, i)
        return i

    def on_top(self, p: int, *names: str) -> None:
        """Put these cards on top of p's deck, the first named on the very top."""
        for name in reversed(names):
            i = self.find(p, name)
            self._take_from_deck(i)
            n = self.players[p, PlayerCol.deck_n]
            self.decks[p, n] = i
            self.players[p, PlayerCol.deck_n] = n + 1

    def empty_deck(self, p: int) -> None:
        """Move p's whole deck to the cemetery-free 'under' zone: out of play, no HP counted."""
        for k in range(self.players[p, PlayerCol.deck_n]):
            self.inst[self.decks[p, k], InstCol.zone] = InstZone.under
        self.players[p, PlayerCol.deck_n] = 0

    def dice(self, *faces: int) -> None:
        self.script = as_script(faces)
        self.rng[6] = 0  # restart the script position

    # ------------------------------------------------------------ stepping

    @property
    def args(self):
        return self.cards, self.effects, self.inst, self.fighters, self.players, self.glob, self.decks

    def begin_turn(self) -> None:
        play.begin_turn_nb(*self.args, self.policy, self.params, self.rng, self.script, self.trace)

    def legal(self) -> list[int]:
        out = np.empty(256, dtype=np.int64)
        n = play.legal_actions_nb(*self.args[:6], out)
        return out[:n].tolist()

    def act(self, kind: int, a: int = 0, b: int = 0) -> None:
        action = encode_action(kind, a, b)
        legal = self.legal()
        if kind == K.summon:  # a summon's b is the cemetery cost the kernel computed
            action = next((x for x in legal if action_kind_nb(x) == kind and action_a_nb(x) == a), action)
        assert action in legal, f"action {kind},{a},{b} is not legal now: {legal}"
        play.apply_action_nb(*self.args, action, self.policy, self.params, self.rng, self.script, self.trace)

    def end_phase(self) -> None:
        self.act(K.end)

    def end_turn(self) -> None:
        while self.glob[GlobCol.phase] not in (Phase.draw, Phase.over):
            self.act(K.end)
        play.end_turn_nb(*self.args, self.policy, self.params, self.rng, self.script, self.trace)

    def refresh(self) -> None:
        resolve.refresh_fighters_nb(*self.args[:6])

    def to_combat(self) -> None:
        """End the magic/summoning phase (if in it): the combat phase begins."""
        if self.glob[GlobCol.phase] == Phase.main:
            self.act(K.end)

    def battle(self, attacker: int | None = None) -> None:
        """The active player's creature (its primary by default) initiates a battle."""
        self.to_combat()
        p = int(self.glob[GlobCol.active])
        self.act(K.battle, int(self.players[p, PlayerCol.primary]) if attacker is None else attacker)

    def play(self, name: str, target: int = 2) -> int:
        """The active player plays magic card `name` from hand (target: magic.MagicTarget)."""
        i = self.find(int(self.glob[GlobCol.active]), name, InstZone.hand)
        self.act(K.magic, i, target)
        return i

    def pass_turn(self) -> None:
        """The active player takes a whole turn doing nothing (no battle, no card played)."""
        self.begin_turn()
        self.end_turn()

    def used_dice(self) -> int:
        """Scripted dice read so far (raises if the kernel read past the script)."""
        return check_script(self.rng, self.script)

    # ------------------------------------------------------------ reading

    def fighter(self, i: int, col: int) -> int:
        return int(self.fighters[i, col])

    def zone(self, i: int) -> int:
        return int(self.inst[i, InstCol.zone])

    def hp(self, i: int) -> int:
        return int(self.fighters[i, FighterCol.hp])

    def cemetery_hp(self, p: int) -> int:
        return int(cemetery_hp_nb(self.cards, self.inst, self.players, p))

    def hand(self, p: int) -> list[str]:
        return sorted(
            self.catalog.cards[self.inst[i, InstCol.card]].name
            for i in range(self.inst.shape[0])
            if self.inst[i, InstCol.zone] == InstZone.hand and self.inst[i, InstCol.owner] == p
        )

    def primary_name(self, p: int) -> str | None:
        i = self.players[p, PlayerCol.primary]
        return None if i < 0 else self.catalog.cards[self.inst[i, InstCol.card]].name

    def events(self, kind: int) -> list[list[int]]:
        n = self.glob[GlobCol.trace_n]
        return [row for row in self.trace[:n].tolist() if row[2] == kind]

    @property
    def winner(self) -> int:
        return int(self.glob[GlobCol.winner])


__all__ = ["Table", "K", "CAT", "InstZone", "Phase", "Event", "RNG_WORDS"]
