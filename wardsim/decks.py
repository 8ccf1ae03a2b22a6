"""Deck files: plain text, one `COUNT NAME` (or `COUNTx NAME`) per line.

`#` starts a comment; blank lines are ignored; the first comment line is the deck's plan.
Checking a deck reports every problem at once, each with the file and the line, in words a
player understands.

A deck file is UTF-8 text, with or without a byte order mark (as Windows editors save it),
with any line endings (LF, CRLF or CR), tabs or spaces between the count and the name, and
trailing spaces. A file that is not text (a NUL byte, bytes that are not UTF-8, more than
`MAX_DECK_BYTES`) is refused by name, with the line of the first bad byte.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from wardsim.catalog import Card, Catalog, default_catalog
from wardsim.formats import Format, get_format
from wardsim.rules import LADDER_MAGIC, LADDER_ROUNDS

LINE = re.compile(r"^(?P<count>\d+)\s*[xX]?\s+(?P<name>\S.*?)\s*$")
# a comment starts at a '#' that begins the line or is not followed by a digit: card numbers
# are part of names (Subject #4212)
COMMENT = re.compile(r"^\s*#|#(?!\d)")
LINE_BREAK = re.compile(r"\r\n|\r|\n")  # as editors count lines (str.splitlines also breaks on \f, \x1c, ...)
MAX_DECK_BYTES = 1 << 20  # a deck is a few hundred bytes; a file this large is something else
MAX_COUNT_DIGITS = 6  # int() refuses thousands of digits; no deck holds a million copies
MAX_SHOWN_NAME = 60  # a name longer than any card's is shown cut, and gets no suggestions
MAX_SHOWN_PROBLEMS = 30  # DeckError.lines() lists this many, then counts the rest


@dataclass(frozen=True)
class DeckLine:
    line: int  # 1-based line number in the file
    count: int
    name: str  # as written


@dataclass(frozen=True)
class Problem:
    line: int | None  # None: the deck as a whole
    message: str


class DeckError(ValueError):
    """An unreadable or illegal deck; `problems` lists every problem found."""

    def __init__(self, path: str, problems: list[Problem], unreadable: bool = False):
        self.path = path
        self.problems = problems
        self.unreadable = unreadable  # the file could not be read as a deck file at all
        super().__init__("\n".join(self.lines()))

    def lines(self) -> list[str]:
        shown = [
            f"{self.path}:{p.line}: {p.message}" if p.line else f"{self.path}: {p.message}"
            for p in self.problems[:MAX_SHOWN_PROBLEMS]
        ]
        if len(self.problems) > MAX_SHOWN_PROBLEMS:
            shown.append(f"{self.path}: ... and {len(self.problems) - MAX_SHOWN_PROBLEMS} more problems")
        return shown


@dataclass
class Deck:
    """A parsed deck: its lines resolved to catalog cards."""

    name: str
    path: str
    plan: str
    lines: list[DeckLine]
    cards: list[tuple[Card, int]] = field(default_factory=list)  # (card, copies), in file order
    first_line: dict[str, int] = field(default_factory=dict)  # card name -> its first line

    @property
    def size(self) -> int:
        return sum(n for _, n in self.cards)

    def card_indices(self, catalog: Catalog | None = None) -> np.ndarray:
        """The deck as catalog rows, one entry per copy: ndarray(int32, shape=(size,))."""
        catalog = catalog or default_catalog()
        return np.array([catalog.index(c.name) for c, n in self.cards for _ in range(n)], dtype=np.int32)

    def not_modeled(self) -> list[Card]:
        """Cards whose effect is not fully encoded (partial or unmodeled)."""
        return [c for c, _ in self.cards if c.effect_status in ("partial", "unmodeled")]

    def summary(self) -> str:
        """One line: creatures vs magic and the AL curve by sacrifice class."""
        creatures = [(c, n) for c, n in self.cards if c.is_creature]
        n_creatures = sum(n for _, n in creatures)
        classes: Counter[str] = Counter()
        for c, n in creatures:
            al = c.armor_level or 0
            # rules guide, Sacrificing: AL 1-6 no sacrifice, 7-11 one, 12 two
            classes["1-6" if al <= 6 else "7-11" if al <= 11 else "12"] += n
        curve = ", ".join(f"AL {k}: {classes[k]}" for k in ("1-6", "7-11", "12"))
        return f"{self.size} cards: {n_creatures} creatures, {self.size - n_creatures} magic; {curve}"


def parse_deck(text: str, path: str = "<deck>", catalog: Catalog | None = None) -> tuple[Deck, list[Problem]]:
    """Read a deck; return it with the problems of reading it (unknown names, bad lines)."""
    catalog = catalog or default_catalog()
    problems: list[Problem] = []
    lines: list[DeckLine] = []
    plan = ""
    for number, raw in enumerate(LINE_BREAK.split(text.replace("\ufeff", "")), start=1):
        hash_mark = COMMENT.search(raw)
        content, comment = (raw[: hash_mark.end() - 1], raw[hash_mark.end() :]) if hash_mark else (raw, "")
        if not plan and comment.strip() and not content.strip():
            plan = comment.strip()
        content = content.strip()
        if not content:
            continue
        match = LINE.match(content)
        if not match:
            problems.append(
                Problem(number, f"cannot read {_shown(content)}: expected 'COUNT NAME', e.g. '3 Grizzly Bear'")
            )
            continue
        if len(match["count"]) > MAX_COUNT_DIGITS:
            problems.append(
                Problem(number, f"count {match['count'][:MAX_COUNT_DIGITS]}... is more copies than a deck holds")
            )
            continue
        count = int(match["count"])
        if count < 1:
            problems.append(Problem(number, f"count must be at least 1, got {count}"))
            continue
        lines.append(DeckLine(number, count, match["name"]))
    copies: dict[str, int] = {}
    first_line: dict[str, int] = {}
    by_name: dict[str, Card] = {}
    for dl in lines:
        if dl.name not in catalog:
            hint = catalog.suggest(dl.name) if len(dl.name) <= MAX_SHOWN_NAME else []
            more = f"; did you mean {', '.join(repr(h) for h in hint)}?" if hint else ""
            problems.append(Problem(dl.line, f"unknown card {_shown(dl.name)}{more}"))
            continue
        card = catalog[dl.name]
        by_name[card.name] = card
        copies[card.name] = copies.get(card.name, 0) + dl.count
        first_line.setdefault(card.name, dl.line)
    deck = Deck(
        name=deck_name(path),
        path=path,
        plan=plan,
        lines=lines,
        cards=[(by_name[n], copies[n]) for n in copies],
        first_line=first_line,
    )
    return deck, problems


def deck_name(path: str | Path) -> str:
    """A deck's name: its file name without `.txt`. Bytes of the name that are not UTF-8 (a
    POSIX file name may hold any) become U+FFFD: the name labels tables, Parquet and HTML."""
    stem = Path(path).stem
    return stem.encode("utf-8", "surrogateescape").decode("utf-8", "replace")


def _shown(text: str) -> str:
    """A name or line as written, quoted (escapes visible), cut if longer than any card's name."""
    return repr(text) if len(text) <= MAX_SHOWN_NAME else repr(text[:MAX_SHOWN_NAME]) + "..."


def read_deck_text(path: str | Path) -> str:
    """The text of a deck file; DeckError (naming the file, and the line of a bad byte) when it
    cannot be read or is not UTF-8 text."""
    path = str(path)

    def refuse(message: str, line: int | None = None) -> DeckError:
        return DeckError(path, [Problem(line, message)], unreadable=True)

    try:
        with open(path, "rb") as file:
            raw = file.read(MAX_DECK_BYTES + 1)
    except OSError as err:
        raise refuse(f"cannot read the file: {err.strerror or err}") from None
    except ValueError as err:  # a path with a NUL character
        raise refuse(f"cannot read the file: {err}") from None
    text_only = "a deck file is plain text (UTF-8), one 'COUNT NAME' per line"
    if len(raw) > MAX_DECK_BYTES:
        raise refuse(f"not a deck file: larger than {MAX_DECK_BYTES // 1024} KiB; {text_only}")
    if b"\0" in raw:
        at = raw.index(b"\0")
        raise refuse(f"not a deck file: binary data (a NUL byte); {text_only}", raw[:at].count(b"\n") + 1)
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        raise refuse(
            f"not UTF-8 text (byte 0x{raw[err.start]:02x}); save the deck as UTF-8 text, one 'COUNT NAME' per line",
            raw[: err.start].count(b"\n") + 1,
        ) from None


def legality_problems(deck: Deck, fmt: Format) -> list[Problem]:
    """Every way the deck breaks the format's deck rules (DESIGN.md ruling 1)."""
    problems = []
    for card, n in deck.cards:
        line = deck.first_line.get(card.name)
        allowed = fmt.copies_allowed(card.name, card.is_promo)
        if card.name in fmt.banned:
            problems.append(Problem(line, f"{card.name} is banned in the {fmt.name} format"))
        elif n > allowed:
            if card.name in fmt.limited:
                why = f"{card.name} is limited in the {fmt.name} format: at most {allowed} copy"
            elif card.is_promo and allowed < fmt.max_copies:
                why = f"{card.name} is a promo card: at most {allowed} copy"
            else:
                why = f"too many copies of {card.name}: at most {allowed}"
            problems.append(Problem(line, f"{why}, the deck has {n}"))
    listed = sum(dl.count for dl in deck.lines)  # unknown names count: the player wrote them
    if listed != fmt.deck_size:
        problems.append(Problem(None, f"a deck must have exactly {fmt.deck_size} cards; this one has {listed}"))
    if deck.cards and not any(c.is_creature for c, _ in deck.cards):
        problems.append(Problem(None, "the deck has no creature, so it cannot place one (rules guide: How to play)"))
    return problems


def revives_creatures(card: Card) -> bool:
    """Does the card bring creatures back: from a cemetery (to the hand, the deck or the field),
    or a dying creature back to life? The AL Ladder allows no such card."""
    for row in card.effects:
        if row.action == "revive":
            return True
        if (
            row.action in ("move_card", "limited_summon", "summon_primary")
            and row.zone_from in ("cemetery", "opponent_cemetery")
            and row.filter.card_type != "magic"
        ):
            return True
    return False


def ladder_problems(deck: Deck) -> list[Problem]:
    """Every way the deck breaks the AL Ladder's deck rules (rules guide, AL Ladder PVP): one
    creature of each AL class 1 to 12, 18 magic cards, no creature revival card."""
    problems = []
    by_class: dict[int, list[Card]] = {}
    for card, n in deck.cards:
        if card.is_creature:
            by_class.setdefault(card.armor_level or 0, []).extend([card] * n)
        if revives_creatures(card):
            problems.append(
                Problem(deck.first_line.get(card.name), f"{card.name} revives creatures: not allowed in the AL Ladder")
            )
    for al, creatures in sorted(by_class.items()):
        if len(creatures) > 1:
            names = ", ".join(sorted({c.name for c in creatures}))
            problems.append(
                Problem(
                    deck.first_line.get(creatures[1].name),
                    f"{len(creatures)} creatures of AL {al} ({names}): the AL Ladder takes one of each class",
                )
            )
    missing = [al for al in range(1, LADDER_ROUNDS + 1) if al not in by_class]
    if missing:
        classes = ", ".join(map(str, missing))
        problems.append(
            Problem(None, f"no creature of AL {classes}: the AL Ladder takes one of each class, 1 to {LADDER_ROUNDS}")
        )
    magic = sum(n for c, n in deck.cards if not c.is_creature)
    if magic != LADDER_MAGIC:
        problems.append(Problem(None, f"an AL Ladder deck has {LADDER_MAGIC} magic cards; this one has {magic}"))
    return problems


def load_deck(
    path: str | Path, fmt: str | Format = "official", catalog: Catalog | None = None, ladder: bool = False
) -> Deck:
    """Read and check a deck file; DeckError lists every problem. `ladder`: check it as an AL
    Ladder deck too (`ladder_problems`)."""
    catalog = catalog or default_catalog()
    fmt = get_format(fmt, catalog) if isinstance(fmt, str) else fmt
    path = str(path)
    deck, problems = parse_deck(read_deck_text(path), path, catalog)
    problems += legality_problems(deck, fmt)
    if ladder:
        problems += ladder_problems(deck)
    if problems:
        raise DeckError(path, sorted(problems, key=lambda p: p.line or 10**9))
    return deck


def bundled_decks_dir() -> Path:
    """The `decks/` folder of a source checkout."""
    return Path(__file__).resolve().parent.parent / "decks"


def bundled_decks(fmt: str | Format = "official", catalog: Catalog | None = None) -> list[Deck]:
    """The bundled decks (`decks/*.txt` of a source checkout), by name, checked in `fmt`."""
    paths = sorted(bundled_decks_dir().glob("*.txt"))
    if not paths:
        raise FileNotFoundError(
            f"no bundled decks in {bundled_decks_dir()}: they ship with a source checkout; load your own with load_deck"
        )
    return [load_deck(path, fmt, catalog) for path in paths]
