"""The notebooks in notebooks/ run top to bottom without an error, at a small number of games.

Each notebook has one cell tagged ``parameters``; the test appends small values to it (every
name it sets must already be a parameter there, so a renamed parameter fails here instead of
being ignored) and executes the notebook with nbclient in a kernel started from this very
interpreter, so it imports the wardsim under test. Numbers are not checked: the notebooks
compute their prose from their own cells, and the analytics have their own tests.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import nbformat
import pytest
from jupyter_client.kernelspec import KernelSpec, KernelSpecManager
from jupyter_client.manager import KernelManager
from nbclient import NotebookClient

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
TIMEOUT_S = 600  # per cell: on a cold numba cache, the first cell that plays compiles the kernels (minutes)

# small runs: the whole file takes well under a minute and a half once the kernels are cached
SMALL = {
    "01_quickstart.ipynb": {"GAMES": 200, "POLICY": "greedy", "REPLAY_LINES": 15},
    "02_card_metrics.ipynb": {"GAMES": 60, "ABLATION_GAMES": 10, "POLICY": "greedy"},
    "03_balance_whatif.ipynb": {"GAMES": 20, "POLICY": "greedy", "SWEEP_VALUES": [1, 3, 5]},
    "04_multiplayer.ipynb": {
        "GAMES": 30,
        "FFA_SIZES": [3],
        "TEAM_DECKS": ["dragons", "giants", "undead", "sustain"],
        "PAIR_GAMES": 4,
        "POLICY": "greedy",
    },
    "05_boss_battles.ipynb": {
        "GAMES": 16,
        "HPS": [60, 200],
        "PARTY": ["dragons", "giants"],
        "CARRY_DECKS": ["dragons", "giants", "undead"],
        "POLICY": "greedy",
    },
    "06_whole_set.ipynb": {
        "DECKS": 60,
        "OPPONENTS": 2,
        "GAMES": 4,
        "MIN_DECKS": 2,
        "ABLATE": 1,
        "POLICY": "greedy",
        "BUDGET": 3000,
        "FINAL_GAMES": 10,
    },
}


class _ThisInterpreter(KernelSpecManager):
    """Every kernel name starts an IPython kernel in the interpreter running the tests (not a
    `python3` kernel that another installation may have registered for the user)."""

    def get_kernel_spec(self, kernel_name: str) -> KernelSpec:
        return KernelSpec(
            argv=[sys.executable, "-m", "ipykernel_launcher", "-f", "{connection_file}"],
            display_name=f"wardsim tests ({sys.executable})",
            language="python",
        )


def parameters_cell(nb: nbformat.NotebookNode) -> nbformat.NotebookNode:
    cells = [c for c in nb.cells if "parameters" in c.get("metadata", {}).get("tags", [])]
    assert len(cells) == 1, f"a notebook needs exactly one cell tagged 'parameters', found {len(cells)}"
    return cells[0]


def assigned_names(source: str) -> set[str]:
    return {
        target.id
        for node in ast.parse(source).body
        if isinstance(node, ast.Assign)
        for target in node.targets
        if isinstance(target, ast.Name)
    }


def with_parameters(nb: nbformat.NotebookNode, values: dict) -> nbformat.NotebookNode:
    cell = parameters_cell(nb)
    unknown = set(values) - assigned_names(cell.source)
    assert not unknown, f"not parameters of the notebook: {', '.join(sorted(unknown))}"
    cell.source += "\n# small values for the test suite\n" + "".join(f"{k} = {v!r}\n" for k, v in values.items())
    return nb


def test_every_notebook_has_small_parameters():
    assert sorted(p.name for p in NOTEBOOKS.glob("*.ipynb")) == sorted(SMALL)


@pytest.mark.parametrize("name", sorted(SMALL))
def test_notebooks_are_committed_without_outputs(name):
    nb = nbformat.read(NOTEBOOKS / name, as_version=4)
    for cell in nb.cells:
        if cell.cell_type == "code":
            assert cell.outputs == [] and cell.execution_count is None, f"{name}: strip the outputs before committing"


@pytest.mark.parametrize("name", sorted(SMALL))
def test_notebook_runs_top_to_bottom(name):
    nb = with_parameters(nbformat.read(NOTEBOOKS / name, as_version=4), SMALL[name])
    # the kernel must be this interpreter, importing the wardsim of this checkout
    nb.cells.append(
        nbformat.v4.new_code_cell(
            "import sys, wardsim\n"
            f"assert sys.executable == {sys.executable!r}, sys.executable\n"
            f"assert wardsim.__file__.startswith({str(NOTEBOOKS.parent)!r}), wardsim.__file__\n"
        )
    )
    kernel = KernelManager(kernel_spec_manager=_ThisInterpreter())
    client = NotebookClient(
        nb, km=kernel, timeout=TIMEOUT_S, allow_errors=False, resources={"metadata": {"path": str(NOTEBOOKS)}}
    )
    client.execute()  # CellExecutionError names the cell and the traceback
    errors = [o for c in nb.cells if c.cell_type == "code" for o in c.outputs if o.output_type == "error"]
    assert not errors
