"""Run folders: the saved chunks of a run, each checked against its checksum before it is reused.

A run folder (`simulate --out DIR`, and every pairing of a tournament or report) holds::

    manifest.json                     the run: its configuration, the engine's fingerprint, the
                                      games, and per saved chunk the size and sha256 of its files
    records/part-<first>.parquet      the chunk's per-game records (games first .. first + n - 1)
    totals/part-<first>-<n>.json      the chunk's counters
    .wardsim-output                   the marker of a folder wardsim wrote (`wardsim.outputs`)

A chunk counts as saved only once the manifest lists it: its two files are written first
(each through a temporary file and an atomic rename), then the manifest (atomically too). A
run killed at any moment therefore leaves whole files and a manifest that lists only whole
chunks. On resume every listed chunk is read and checked against the manifest: a chunk whose
file is missing, shorter than written (truncated) or different (its checksum fails) is played
again, and the caller is told which; files the manifest does not list (a chunk killed before
its manifest entry, a chunking of another run length) are deleted. The manifest's configuration
and engine fingerprint must be the caller's, so chunks of different configurations or engine
versions never mix. The files are byte-for-byte the same whichever way the run got there.

This module knows files, not games: `wardsim.simulation` turns chunks into records and totals.
"""

from __future__ import annotations

import bisect
import hashlib
import json
import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from wardsim.outputs import OutputFolder, write_atomic


@dataclass(frozen=True)
class ChunkCheck:
    """What the manifest knows of one file of a chunk."""

    sha256: str
    size: int

    @classmethod
    def of(cls, data: bytes) -> ChunkCheck:
        return cls(hashlib.sha256(data).hexdigest(), len(data))

    def problem(self, path: Path) -> str | None:
        """Why the file at `path` is not the one saved (None when it is)."""
        try:
            data = path.read_bytes()
        except FileNotFoundError:
            return "missing"
        except OSError as err:
            return f"unreadable ({err.strerror or err})"
        if len(data) < self.size:
            return "truncated"
        if hashlib.sha256(data).hexdigest() != self.sha256:
            return "fails its checksum"
        return None


@dataclass(frozen=True)
class Chunk:
    first: int
    n: int
    records: ChunkCheck
    totals: ChunkCheck

    def as_dict(self) -> dict:
        return {
            "first": self.first,
            "n": self.n,
            "records": {"sha256": self.records.sha256, "bytes": self.records.size},
            "totals": {"sha256": self.totals.sha256, "bytes": self.totals.size},
        }

    @classmethod
    def from_dict(cls, raw: Any) -> Chunk:
        checks = [ChunkCheck(str(raw[k]["sha256"]), int(raw[k]["bytes"])) for k in ("records", "totals")]
        return cls(int(raw["first"]), int(raw["n"]), *checks)


class RunStore:
    """A run's folder (see the module notes).

    Parameters
    ----------
    out : Path
        The folder; made if missing. A folder holding files wardsim did not write is refused
        unless `force` (`wardsim.outputs.OutputFolder.claim`).
    key : dict
        What decides the run's games (JSON-able); a folder saved with another key is refused.
    games : int
        The run's length, written to the manifest.
    engine : str
        The engine's fingerprint; a folder saved by another engine is refused.
    """

    def __init__(self, out: Path | str, key: dict, games: int, engine: str, force: bool = False):
        self.out = Path(out)
        self.key = key
        self.games = games
        self.engine = engine
        self.chunks: dict[int, Chunk] = {}
        self._entries: dict[int, str] = {}  # each chunk's manifest line, serialized once
        self._firsts: list[int] = []  # the saved chunks' first games, sorted
        self.manifest_unreadable = False
        folder = OutputFolder.claim(self.out, force)
        self.manifest = folder.file("manifest.json")
        if self.manifest.exists():
            self._read_manifest()
        self.records_dir = folder.folder("records")
        self.totals_dir = folder.folder("totals")
        self._remove_unlisted()
        self._write_manifest()

    def _read_manifest(self) -> None:
        try:
            saved = json.loads(self.manifest.read_bytes())
            chunks = [Chunk.from_dict(c) for c in saved.get("chunks", [])]
            config, engine = saved["config"], saved.get("engine")
        except (OSError, ValueError, KeyError, TypeError, AttributeError):
            self.manifest_unreadable = True  # nothing in the folder can be vouched for: play it all again
            return
        if config != self.key:
            raise ValueError(
                f"{self.out} holds a different run (other decks, policies, seed or rules); choose another --out folder"
            )
        if engine != self.engine:
            raise ValueError(
                f"{self.out} holds games played by another version of the engine (its rules, "
                "kernels or cards have changed since), which cannot be mixed with new ones; "
                "delete the folder or choose another --out folder"
            )
        # a chunk past the end of this run (a longer run saved here before) is not this run's
        for c in chunks:
            if c.first + c.n <= self.games:
                self._list(c)

    def _list(self, chunk: Chunk) -> None:
        if chunk.first not in self.chunks:
            bisect.insort(self._firsts, chunk.first)
        self.chunks[chunk.first] = chunk
        self._entries[chunk.first] = json.dumps(chunk.as_dict(), separators=(",", ":"))

    def _unlist(self, first: int) -> None:
        del self.chunks[first], self._entries[first]
        del self._firsts[bisect.bisect_left(self._firsts, first)]

    def _write_manifest(self) -> None:
        # rewritten after every chunk: each chunk's line is serialized once and the file is
        # joined from them, so a run of 10,000 chunks does not serialize 10,000 growing lists
        # (that cost grew with the square of the chunks: an hour of a 10-million-game run)
        head = {"config": self.key, "games": self.games, "engine": self.engine}
        lines = ",\n".join(self._entries[first] for first in self._firsts)
        text = json.dumps(head, indent=1)[:-2] + ',\n "chunks": [\n' + lines + ("\n ]\n}\n" if lines else " ]\n}\n")
        write_atomic(self.manifest, text.encode("utf-8"))

    def records_path(self, first: int) -> Path:
        return self.records_dir / f"part-{first:09d}.parquet"

    def totals_path(self, first: int, n: int) -> Path:
        return self.totals_dir / f"part-{first:09d}-{n}.json"

    def _remove_unlisted(self) -> None:
        """Delete what the manifest does not list: temporary files and chunks it never recorded."""
        listed = {self.records_path(c.first) for c in self.chunks.values()}
        listed |= {self.totals_path(c.first, c.n) for c in self.chunks.values()}
        for folder in (self.records_dir, self.totals_dir):
            for path in folder.iterdir():
                if path not in listed and path.is_file():
                    path.unlink()

    def load(self, first: int, n: int) -> tuple[dict | None, str | None]:
        """The saved totals of chunk (first, n) when its files are whole, else why not.

        Returns ``(totals, None)`` for a verified chunk, ``(None, None)`` for a chunk that was
        never saved, and ``(None, reason)`` for one whose files are missing, truncated, changed
        or unreadable (it must be played again)."""
        chunk = self.chunks.get(first)
        if chunk is None or chunk.n != n:
            return None, None
        for name, check, path in (
            ("records", chunk.records, self.records_path(first)),
            ("totals", chunk.totals, self.totals_path(first, n)),
        ):
            problem = check.problem(path)
            if problem:
                return None, f"{name} {problem}"
        try:
            totals = json.loads(self.totals_path(first, n).read_bytes())
        except (OSError, ValueError) as err:
            return None, f"totals unreadable ({err})"
        return totals, None

    def save(self, first: int, n: int, records: bytes, totals: dict) -> None:
        """Save chunk (first, n): its records (Parquet bytes) and totals, then its manifest entry."""
        for other in self._overlapping(first, n):
            # a chunk of another chunking that covers some of these games: it goes
            self._unlist(other.first)
            self.totals_path(other.first, other.n).unlink(missing_ok=True)
            if other.first != first:
                self.records_path(other.first).unlink(missing_ok=True)
        totals_bytes = (json.dumps(totals, separators=(",", ":")) + "\n").encode("utf-8")
        write_atomic(self.records_path(first), records)
        write_atomic(self.totals_path(first, n), totals_bytes)
        self._list(Chunk(first, n, ChunkCheck.of(records), ChunkCheck.of(totals_bytes)))
        self._write_manifest()

    def _overlapping(self, first: int, n: int) -> list[Chunk]:
        """The saved chunks that share a game with games first .. first + n - 1 (saved chunks
        never overlap each other, so they sit just before first + n in the sorted firsts)."""
        found = []
        k = bisect.bisect_left(self._firsts, first + n) - 1
        while k >= 0:
            c = self.chunks[self._firsts[k]]
            if c.first + c.n <= first:
                break
            found.append(c)
            k -= 1
        return found


@contextmanager
def uninterrupted() -> Iterator[None]:
    """Ctrl-C waits for the end of the block: a chunk saved is a chunk counted, so the line
    that says how many games were saved never lags the manifest by a chunk. Only the main
    thread can hold Ctrl-C back; elsewhere the block runs as it is."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    pressed: list[int] = []
    previous = signal.signal(signal.SIGINT, lambda signum, frame: pressed.append(signum))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
        if pressed:
            raise KeyboardInterrupt
