"""Integer constants of the exact duel solver: the columns of its pair arrays and the codes in them.

`spec.build_spec` writes a pair's rules into small int64 arrays (`spec.PairRules`); the numba
stages read them. Each group is a NamedTuple of ints that kernels read as compile-time
constants; the Python layer reads names through `._fields`.

Two numbers describe a duel between strikes besides the two HPs:

- the *effect state* x, a mixed-radix number with one digit per component (`ComponentCol`,
  `ComponentKind`): whose turn it is (component 0, stride 1), and for each creature the status
  timers, wrap, shield, "skips its next turn" and DOT/HOT slots its pair's effects can give it;
- the *battle state* b, alive during one battle only: bit 0 says who strikes first (1: B),
  bit k + 1 says that battle-long effect k (`BattleBitCol`) took hold.
"""

from typing import NamedTuple

from wardsim.rules import AL_CAP

MAX_ARMOR_LEVEL = AL_CAP  # rules guide, creature cards: "Max AL can never exceed 12, even with AL buffs"
MAX_DAMAGE_RULES = 8  # multipliers, reductions, heals from damage per creature
MAX_BATTLE_BITS = 6  # battle-long effects of a pair (b has 1 + 6 bits)
MAX_EFFECT_STATES = 4096  # largest product of the components' radixes the solver takes
FRONTIER_CAP = 1 << 14  # outcomes a stage can hold at once
REACH_LIMIT = 1024  # strike states (effect x battle) up to which reachability is explored


class FighterSummaryT(NamedTuple):
    """Columns of `PairRules.fighters` (int64, one row per creature: 0 = A, 1 = B).

    The creature's battle numbers with its static rows folded in, as it faces this opponent.
    """

    hp: int = 0  # max HP, which is also the HP at the start
    armor_level: int = 1  # effective AL = min(AL + AL changes, 12) (DESIGN.md ruling 4)
    speed: int = 2
    hit_dice: int = 3
    hit_bonus: int = 4  # modifier + Hit bonuses
    attack_dice: int = 5
    atk_bonus: int = 6  # modifier + Atk bonuses
    first_strike_hit_dice: int = 7  # added in a battle where it strikes first (Condition.strikes_first)
    first_strike_hit_bonus: int = 8
    first_strike_attack_dice: int = 9
    first_strike_atk_bonus: int = 10
    auto_hit: int = 11  # hits regardless of the dice; critical hits still happen
    extra_multiplier: int = 12  # Atk damage multiplier from magic (1 = none)
    lifesteal_num: int = 13  # heals num / den of the Atk damage it deals (0 = none)
    lifesteal_den: int = 14
    strike_first: int = 15  # strikes first regardless of SPD
    flying_blocks: int = 16  # takes no Atk damage from this opponent (it has no wings)
    prevents_atk_damage: int = 17  # takes no Atk damage (indexed by DamageKind: keep these two in order)
    prevents_other_damage: int = 18  # takes no other damage (effects, DOTs, its critical-miss die)
    n_multipliers: int = 19  # rows used in PairRules.multipliers
    n_atk_reductions: int = 20  # rows used in PairRules.reductions (indexed by DamageKind: keep in order)
    n_other_reductions: int = 21
    n_heals_from_damage: int = 22  # rows used in PairRules.heals


FighterSummary = FighterSummaryT()
N_SUMMARY_COLS = len(FighterSummary)


class DamageKindT(NamedTuple):
    """Which of a creature's damage rules apply: axis 1 of `PairRules.reductions`."""

    atk: int = 0  # Atk damage of a hit
    other: int = 1  # effect damage, DOTs, the critical-miss die


DamageKind = DamageKindT()


class FractionColT(NamedTuple):
    """Columns of a damage rule that scales an amount: `reductions` and `heals` rows."""

    amount: int = 0  # x amount / divisor, rounded down
    divisor: int = 1


FractionCol = FractionColT()


class MultiplierColT(NamedTuple):
    """Columns of a `PairRules.multipliers` row (one Atk damage multiplier)."""

    condition: int = 0  # Condition.always, .strikes_first or .atk_die_six
    amount: int = 1


MultiplierCol = MultiplierColT()


class ProgramT(NamedTuple):
    """The triggers whose rows run as programs of ops (axis 1 of `PairRules.programs`)."""

    on_hit: int = 0  # the creature hits
    your_turn: int = 1  # its controller's turn, after the wrap roll
    turn_start: int = 2  # start of its controller's turn
    battle_start: int = 3  # a battle is initiated (the initiator's rows, then the defender's)
    opponent_turn: int = 4  # the opponent's turn, after the opponent's turn-start rows


Program = ProgramT()


class ProgramColT(NamedTuple):
    """Columns of `PairRules.programs[creature, program]`."""

    first_op: int = 0  # row in PairRules.ops
    n_ops: int = 1


ProgramCol = ProgramColT()


class OpColT(NamedTuple):
    """Columns of a `PairRules.ops` row: one effect row, as the solver applies it."""

    roll_lo: int = 0  # effect roll on 1d6 (0 = no roll): the op acts on roll_lo..roll_hi
    roll_hi: int = 1
    kind: int = 2  # OpKind
    victim: int = 3  # 0 = A, 1 = B
    component: int = 4  # the component of x it sets (OpKind.start_dot, .set_timer, .set_flag)
    value: int = 5  # start_dot: ticks, set_timer: exchanges (-1 = for ever); set_battle_bit: its bit
    amount: int = 6  # damage / heal: amount + dice d6
    dice: int = 7
    full_heal: int = 8  # heal: 1 = to max HP


OpCol = OpColT()
N_OP_COLS = len(OpCol)


class OpKindT(NamedTuple):
    """What an op does."""

    start_dot: int = 0  # a DOT or HOT slot starts (again) from this exchange
    set_timer: int = 1  # frozen / stunned / disarmed for `value` exchanges (keeps the later end)
    set_flag: int = 2  # wrapped, shielded, skips its next turn
    set_battle_bit: int = 3  # a battle-long effect takes hold
    damage: int = 4  # effect damage (not Atk damage)
    heal: int = 5


OpKind = OpKindT()


class ComponentColT(NamedTuple):
    """Columns of a `PairRules.components` row: one digit of the effect state x."""

    kind: int = 0  # ComponentKind
    victim: int = 1  # the creature it is on; -1 for the turn owner
    radix: int = 2  # values the digit takes
    stride: int = 3  # x // stride % radix is the digit
    timer_max: int = 4  # status timer: largest finite value; timer_max + 1 = never ends
    amount: int = 5  # wrap / DOT slot: amount + dice d6 per tick
    dice: int = 6
    release_lo: int = 7  # wrap: the release roll on 1d6
    release_hi: int = 8
    heals: int = 9  # DOT slot: 1 = a HOT
    ticks: int = 10  # DOT slot: ticks from a start (-1 = for ever)
    static_source: int = 11  # DOT slot of a static row: the creature whose exchanges it ticks in; -1 else


ComponentCol = ComponentColT()
N_COMPONENT_COLS = len(ComponentCol)


class ComponentKindT(NamedTuple):
    """What a digit of x holds.

    A status timer holds the exchanges left (0 = none, timer_max + 1 = never ends). A DOT slot
    holds 0 when empty, else 1 + 2 (ticks left - 1) + phase for a slot that runs out, or
    1 + phase for one that never does, where phase is the turn owner at whose exchanges it
    ticks. Wrap, shield and skip are 0 or 1.
    """

    turn_owner: int = 0  # component 0: the creature whose controller has the turn
    status_timer: int = 1
    wrap: int = 2
    shield: int = 3
    skip_turn: int = 4
    dot_slot: int = 5


ComponentKind = ComponentKindT()


class StatusComponentT(NamedTuple):
    """Columns of `PairRules.status_components`: per creature, its component of each status (-1: none)."""

    frozen: int = 0
    stunned: int = 1
    disarmed: int = 2
    wrapped: int = 3
    shielded: int = 4
    skips_turn: int = 5


StatusComponent = StatusComponentT()
N_STATUS_COMPONENTS = len(StatusComponent)


class BattleBitColT(NamedTuple):
    """Columns of a `PairRules.battle_bits` row: an effect that lasts until the battle ends."""

    owner: int = 0  # the creature it is on
    kind: int = 1  # BattleBitKind
    stat: int = 2  # stat_change: the Stat it changes
    amount: int = 3


BattleBitCol = BattleBitColT()
N_BATTLE_BIT_COLS = len(BattleBitCol)


class BattleBitKindT(NamedTuple):
    prevent_damage: int = 0  # the owner takes no damage
    stat_change: int = 1  # the owner's Hit / Atk / dice change


BattleBitKind = BattleBitKindT()


class StaticDotColT(NamedTuple):
    """Columns of a `PairRules.static_dots` row: a static DOT or HOT that ticks for the whole duel."""

    victim: int = 0
    source: int = 1  # it ticks at the end of the exchanges of this creature's controller
    amount: int = 2
    dice: int = 3
    heals: int = 4  # 1 = a HOT


StaticDotCol = StaticDotColT()
N_STATIC_DOT_COLS = len(StaticDotCol)


class FrontierColT(NamedTuple):
    """Columns of `Frontier.states`: one outcome a stage is following."""

    hp_a: int = 0
    hp_b: int = 1
    effect_state: int = 2  # x
    battle_state: int = 3  # b


FrontierCol = FrontierColT()
N_FRONTIER_COLS = len(FrontierCol)


class StrikeOddsT(NamedTuple):
    """Last axis of `StrikeTables.hit_odds`: how a strike's Hit roll ends."""

    critical_miss: int = 0
    miss: int = 1
    hit: int = 2
    critical_hit: int = 3  # = hit + 1: damage tables index hits by `critical` (0 or 1)


StrikeOdds = StrikeOddsT()
N_STRIKE_ODDS = len(StrikeOdds)


class ValueT(NamedTuple):
    """Last axis of every value: what the duel is worth from a state on."""

    a_wins: int = 0  # P(A wins); a_wins + striker is the striker's win
    b_wins: int = 1
    exchanges: int = 2  # expected exchanges still to play


Value = ValueT()
N_VALUES = len(Value)
