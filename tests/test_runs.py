"""Run folders at scale: the manifest after many chunks, and chunks of another chunking."""

from __future__ import annotations

import json

from wardsim import runs
from wardsim.runs import RunStore


def _store(tmp_path, games=10_000):
    return RunStore(tmp_path / "run", {"decks": ["a", "b"]}, games, "engine")


def test_saving_a_chunk_serializes_that_chunk_alone(tmp_path, monkeypatch):
    # a 10-million-game run saves 10,000 chunks: rewriting the manifest must not serialize
    # every chunk saved before at each save (a cost that grows with the square of the chunks)
    serialized = []
    as_dict = runs.Chunk.as_dict
    monkeypatch.setattr(runs.Chunk, "as_dict", lambda chunk: serialized.append(chunk.first) or as_dict(chunk))
    store = _store(tmp_path)
    for first in range(0, 10_000, 100):
        store.save(first, 100, b"records", {"games": 100})
    assert serialized == list(range(0, 10_000, 100))
    manifest = json.loads((tmp_path / "run" / "manifest.json").read_text())
    assert [c["first"] for c in manifest["chunks"]] == list(range(0, 10_000, 100))


def test_the_manifest_lists_the_chunks_in_game_order_and_reads_back(tmp_path):
    store = _store(tmp_path)
    for first in (2000, 0, 1000):
        store.save(first, 1000, f"records {first}".encode(), {"games": 1000})
    manifest = json.loads((tmp_path / "run" / "manifest.json").read_text())
    assert manifest["games"] == 10_000 and manifest["engine"] == "engine"
    assert [c["first"] for c in manifest["chunks"]] == [0, 1000, 2000]
    again = _store(tmp_path)
    assert sorted(again.chunks) == [0, 1000, 2000]
    assert again.load(1000, 1000) == ({"games": 1000}, None)


def test_a_chunk_of_another_chunking_replaces_the_saved_chunks_it_covers(tmp_path):
    store = _store(tmp_path)
    for first in (0, 1000, 2000, 3000):
        store.save(first, 1000, b"records", {"games": 1000})
    store.save(500, 2000, b"records", {"games": 2000})  # covers games 500-2499: chunks 0, 1000, 2000
    assert sorted(store.chunks) == [500, 3000]
    assert sorted(p.name for p in (tmp_path / "run" / "totals").iterdir()) == [
        "part-000000500-2000.json",
        "part-000003000-1000.json",
    ]
    assert sorted(p.name for p in (tmp_path / "run" / "records").iterdir()) == [
        "part-000000500.parquet",
        "part-000003000.parquet",
    ]
    assert sorted(_store(tmp_path).chunks) == [500, 3000]
