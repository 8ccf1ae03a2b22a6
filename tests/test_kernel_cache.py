"""The compiled kernels are kept per version of the kernel sources, so a kernel never runs with
the old code of a kernel it calls from another file (numba checks a kernel's own file only)."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

from wardsim.kernel import cache

KERNEL = Path(cache.__file__).parent


def _run(code: str, tmp_path: Path, **env: str) -> str:
    environment = {**os.environ, "WARDSIM_CACHE_DIR": str(tmp_path / "cache"), **env}
    done = subprocess.run([sys.executable, "-c", code], env=environment, capture_output=True, text=True, check=True)
    return done.stdout.strip()


def test_an_edit_of_any_kernel_source_gets_a_new_folder(tmp_path):
    (tmp_path / "game").mkdir()
    (tmp_path / "game" / "field.py").write_text("def f(): return 1\n")
    (tmp_path / "rng.py").write_text("def g(): return 2\n")
    before = cache.sources_digest(tmp_path)
    (tmp_path / "game" / "field.py").write_text("def f(): return 3\n")  # a callee changed
    edited = cache.sources_digest(tmp_path)
    (tmp_path / "game" / "field.py").rename(tmp_path / "game" / "state.py")
    assert len({before, edited, cache.sources_digest(tmp_path)}) == 3


def test_numba_keeps_the_kernels_in_the_folder_of_their_version(tmp_path):
    code = (
        "import numba, wardsim.simulation\n"
        "from wardsim.kernel.rng import new_rng\n"
        "new_rng(1, 0)\n"  # compiles and caches one small kernel
        "print(numba.config.CACHE_DIR)\n"
    )
    folder = Path(_run(code, tmp_path))
    assert folder == tmp_path / "cache" / f"{cache.PREFIX}{cache.sources_digest(KERNEL)}"
    assert list(folder.rglob("*.nbi")), "no kernel was cached there"


def test_numba_imported_first_uses_the_same_folder(tmp_path):
    code = "import numba\nimport wardsim.kernel\nprint(numba.config.CACHE_DIR)\n"
    assert Path(_run(code, tmp_path)).name == f"{cache.PREFIX}{cache.sources_digest(KERNEL)}"


def test_a_worker_inheriting_the_environment_finds_the_same_folder(tmp_path):
    code = "import os, wardsim.kernel\nprint(os.environ['NUMBA_CACHE_DIR'])\n"
    parent = _run(code, tmp_path)
    assert _run(code, tmp_path, NUMBA_CACHE_DIR=parent) == parent  # not a folder inside it


def test_folders_unused_for_two_days_go_when_a_new_one_is_made(tmp_path):
    old, recent = tmp_path / f"{cache.PREFIX}old", tmp_path / f"{cache.PREFIX}recent"
    old.mkdir()
    recent.mkdir()
    three_days_ago = time.time() - 3 * 24 * 3600
    os.utime(old, (three_days_ago, three_days_ago))
    (tmp_path / "notes.txt").write_text("not ours")
    new = cache.kernel_folder(tmp_path, "new")
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([new.name, recent.name, "notes.txt"])


def test_an_unwritable_cache_root_falls_back_to_the_temporary_folder(tmp_path):
    blocked = tmp_path / "file"
    blocked.write_text("a file where the folder would go")
    folder = cache.kernel_folder(blocked, "abc")
    assert folder.is_dir() and folder.name == f"{cache.PREFIX}abc" and blocked not in folder.parents
