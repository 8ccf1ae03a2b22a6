"""Where numba keeps the compiled kernels: a folder per version of the kernel sources.

numba checks a cached kernel against its own source file only. A kernel that calls a kernel of
another file keeps the callee's old machine code after that file changed (an update of wardsim,
a local edit), and plays the old rules without a word. So the kernels of each version of
`wardsim/kernel/` get a folder of their own, named by the digest of its sources: a changed
kernel anywhere means a fresh folder and a full compile, never a stale callee.

The folders live under `$WARDSIM_CACHE_DIR` (by default `~/.cache/wardsim`, or
`$XDG_CACHE_HOME/wardsim`); numba is pointed there through `NUMBA_CACHE_DIR` before it is
imported (or through its config, if something imported it first), so that worker processes,
which import this package too, find the same folder. Folders unused for `STALE_SECONDS` are
removed when another one is made. Nothing here imports numba: `wardsim deck check` and
`wardsim cards` stay quick.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path

PREFIX = "kernels-"
STALE_SECONDS = 2 * 24 * 3600  # two days unused: another version's, or a local edit's


def sources_digest(root: Path) -> str:
    """A digest of every kernel source under `root`, by relative path and content."""
    digest = hashlib.sha256()
    for path in sorted(root.rglob("*.py")):
        digest.update(path.relative_to(root).as_posix().encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def cache_root() -> Path:
    """The folder that holds one kernels folder per version."""
    if os.environ.get("WARDSIM_CACHE_DIR"):
        return Path(os.environ["WARDSIM_CACHE_DIR"])
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "wardsim"


def prune(root: Path, keep: Path, now: float) -> None:
    """Remove the kernels folders of `root` but `keep` that no run has used for STALE_SECONDS."""
    for folder in root.glob(PREFIX + "*"):
        try:
            stale = folder != keep and now - folder.stat().st_mtime > STALE_SECONDS
        except OSError:  # removed meanwhile by another process
            continue
        if stale:
            shutil.rmtree(folder, ignore_errors=True)


def kernel_folder(root: Path, digest: str) -> Path:
    """The kernels folder of this version under `root`, made (or marked as used) now; under
    the temporary folder where `root` cannot be written."""
    for base in (root, Path(tempfile.gettempdir()) / "wardsim-cache"):
        folder = base / f"{PREFIX}{digest}"
        try:
            new = not folder.is_dir()
            folder.mkdir(parents=True, exist_ok=True)
            now = time.time()
            os.utime(folder, (now, now))
        except OSError:
            continue
        if new:
            prune(base, folder, now)
        return folder
    return folder  # numba finds it unwritable and keeps its kernels beside their sources


def use_versioned_cache() -> Path:
    """Point numba's cache at this version's kernels folder; returns it."""
    folder = kernel_folder(cache_root(), sources_digest(Path(__file__).parent))
    os.environ["NUMBA_CACHE_DIR"] = str(folder)  # read when numba is imported, here and in workers
    config = sys.modules.get("numba.core.config")
    if config is not None:  # numba came first: its config has read the environment already
        config.CACHE_DIR = str(folder)  # type: ignore[attr-defined]
    return folder


def clear() -> None:
    """Remove every kernels folder (`make clean-cache`)."""
    for folder in cache_root().glob(PREFIX + "*"):
        shutil.rmtree(folder, ignore_errors=True)
