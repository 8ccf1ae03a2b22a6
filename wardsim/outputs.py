"""Output folders: wardsim writes only where it may, and never replaces a file it did not write.

A command that writes a folder (`simulate --out`, `tournament --out`, `report`, `whatif`)
claims it first: a folder that does not exist yet is made, an empty folder is taken, and a
folder wardsim wrote before is recognised by its marker file, `.wardsim-output`, which lists
the files and subfolders wardsim wrote there. Any other folder (one that holds the user's own
files) is refused unless the caller forces it, and even in a folder of its own wardsim does not
replace a file its marker does not list. `duels --out FILE` writes beside the user's files:
there the marker lists what wardsim wrote in that folder, and the same rule protects the rest.

Every write goes through a temporary file and an atomic rename (`write_atomic`), so a run
killed in the middle of a write leaves the old file or the new one, never half of one.
"""

from __future__ import annotations

import io
import json
import os
from pathlib import Path
from typing import Any

MARKER = ".wardsim-output"
FORCE_HINT = "add --force to write there anyway"


def parquet_bytes(frame: Any, **options: Any) -> bytes:
    """A DataFrame as Parquet file contents. Written with `write_atomic`, a Parquet file gets
    the atomic write, and a path that is not UTF-8 (Arrow's own file paths must be) works."""
    buffer = io.BytesIO()
    frame.to_parquet(buffer, **options)
    return buffer.getvalue()


class OutputError(ValueError):
    """An output folder or file that wardsim may not write; the message says why and what to do."""


def write_atomic(path: Path, data: bytes) -> None:
    """Write `data` to `path` through a temporary file renamed over it (atomic on POSIX and Windows)."""
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_bytes(data)
    os.replace(tmp, path)


class OutputFolder:
    """A folder wardsim writes into; `claim` and `beside` make one, `file` names a file in it."""

    def __init__(self, path: Path, written: set[str], force: bool):
        self.path = path
        self.written = written  # names (files or folders) that wardsim wrote here
        self.force = force

    @classmethod
    def claim(cls, path: Path | str, force: bool = False) -> OutputFolder:
        """The folder `path`, made if missing; OutputError if it is a file, or holds files
        wardsim did not write (unless `force`)."""
        path = Path(path)
        if path.exists() and not path.is_dir():
            raise OutputError(f"{path} is a file, not a folder; choose a folder (a new one is made)")
        try:
            path.mkdir(parents=True, exist_ok=True)
            present = sorted(p.name for p in path.iterdir())
        except OSError as err:
            raise OutputError(f"cannot write into {path}: {err.strerror or err}") from None
        marker = path / MARKER
        if marker.exists():
            return cls(path, _read_marker(marker), force)
        if present and not force:
            shown = ", ".join(present[:3]) + (", ..." if len(present) > 3 else "")
            raise OutputError(
                f"{path} already holds files that wardsim did not write ({shown}); choose a new or empty "
                f"folder, or {FORCE_HINT} (files of the same name are replaced)"
            )
        folder = cls(path, set(), force)
        folder._save()
        return folder

    @classmethod
    def beside(cls, path: Path | str, force: bool = False) -> OutputFolder:
        """The folder of the file `path`, which may hold other files: only what wardsim wrote
        there (its marker) may be replaced."""
        folder = Path(path).parent
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as err:
            raise OutputError(f"cannot make the folder {folder}: {err.strerror or err}") from None
        marker = folder / MARKER
        return cls(folder, _read_marker(marker) if marker.exists() else set(), force)

    def file(self, name: str) -> Path:
        """The path of `name` in the folder, registered as wardsim's before it is written;
        OutputError if a file of that name is there that wardsim did not write."""
        target = self.path / name
        if name not in self.written:
            if target.exists() and not self.force:
                raise OutputError(
                    f"{target} is not a file wardsim wrote, so it is not replaced; move it away or {FORCE_HINT}"
                )
            self.written.add(name)
            self._save()
        return target

    def folder(self, name: str) -> Path:
        """A subfolder of the folder, made and registered as wardsim's."""
        target = self.file(name)
        if target.exists() and not target.is_dir():
            raise OutputError(f"{target} is a file where wardsim keeps a folder; move it away")
        target.mkdir(exist_ok=True)
        return target

    def remove(self, name: str) -> None:
        """Delete a file wardsim wrote here (a chart a new report does not have); others stay."""
        if name in self.written:
            (self.path / name).unlink(missing_ok=True)

    def _save(self) -> None:
        text = json.dumps({"written_by": "wardsim", "files": sorted(self.written)}, indent=1) + "\n"
        try:
            write_atomic(self.path / MARKER, text.encode("utf-8"))
        except OSError as err:
            raise OutputError(f"cannot write into {self.path}: {err.strerror or err}") from None


def _read_marker(marker: Path) -> set[str]:
    try:
        names = json.loads(marker.read_text(encoding="utf-8"))["files"]
        return {str(n) for n in names}
    except (OSError, ValueError, KeyError, TypeError):
        return set()  # an unreadable marker vouches for nothing: every file there counts as the user's
