"""Shared checks for the forward-crash rule tests (tests/test_crash14.py, test_crash15.py, ...).

Each of those files writes small models of its own (a crashing one and a clean twin per rule
family), keyed by name in a table ``name -> (source of class Net, input shape, kind)``. What a
test then asks is the same everywhere and lives here: torch runs the model on CPU and either
raises or not; ``driftcheck check --input-shape`` must report a blocker exactly when it raised.
"""

from __future__ import annotations

import json
import runpy
import textwrap
from collections.abc import Callable
from pathlib import Path

import pytest

from driftcheck.cli import main

Models = dict[str, tuple[str, tuple[int, ...], str]]


def registrar(models: Models, kind_first: bool = False) -> Callable[..., None]:
    """The ``model(name, shape, src, kind="float")`` each crash-rule file fills its table with
    (``kind_first``: the older ``model(name, shape, kind="float", src="")``): the class source
    dedented, the input shape, the input kind (``float`` / ``tokens``)."""
    if kind_first:

        def model_kind_first(
            name: str, shape: tuple[int, ...], kind: str = "float", src: str = ""
        ) -> None:
            models[name] = (textwrap.dedent(src), shape, kind)

        return model_kind_first

    def model(name: str, shape: tuple[int, ...], src: str, kind: str = "float") -> None:
        models[name] = (textwrap.dedent(src), shape, kind)

    return model


def net_source(layers: tuple[str, ...], body: str, init: str | None = "") -> str:
    """The source of ``class Net`` whose ``__init__`` makes ``layers`` (``self.fc = ...``) then
    runs ``init`` (``pass`` when empty; no line at all when None), and whose forward is
    ``h = self.<first layer>(x)`` then ``body`` (which returns): the small model most rule
    tests write, one builder for all of them."""
    first = layers[0].split("=")[0].strip().removeprefix("self.")
    made = "".join(f"\n        {line}" for line in layers)
    extra = "" if init is None else f"\n        {init or 'pass'}"
    return (
        f"\nclass Net(nn.Module):\n    def __init__(self):\n        super().__init__(){made}{extra}"
        f"\n\n    def forward(self, x):\n        h = self.{first}(x)\n        {body}\n"
    )


def torch_crashes(
    path: Path, shape: tuple[int, ...], kind: str, train: bool = False, tokens: int = 3
) -> bool:
    """True when the file's ``Net()`` raises in forward on a seeded input of ``shape``."""
    torch = pytest.importorskip("torch")
    torch.manual_seed(0)
    net = runpy.run_path(str(path), run_name="__crash_rule__")["Net"]()
    net.train(train)
    x = torch.randint(0, tokens, shape) if kind == "tokens" else torch.randn(shape)
    try:
        with torch.no_grad():
            net(x)
    except Exception:  # noqa: BLE001 - any error forward raises is the crash
        return True
    return False


def blockers(path: Path, shape: tuple[int, ...], capsys) -> list[dict]:
    """The blocker findings of ``check PATH::Net --input-shape``; exit 1 iff there are any."""
    argv = ["check", f"{path}::Net", "--input-shape", ",".join(map(str, shape))]
    rc = main([*argv, "--format", "json"])
    data = json.loads(capsys.readouterr().out)
    found = [f for f in data.get("findings", []) if f.get("severity") == "blocker"]
    assert (rc == 1) is bool(found), (rc, found)
    return found


def write(models: Models, head: str, name: str, tmp_path: Path) -> Path:
    path = tmp_path / f"{name}.py"
    path.write_text(head + models[name][0])
    return path


def check_blocker_iff_crash(models: Models, head: str, name: str, tmp_path: Path, capsys) -> None:
    """A blocker exactly when torch raises, in train and eval mode alike, with a line to point at.

    The verdict must not depend on the module's mode (MultiheadAttention has a fast path in eval
    mode under no_grad that checks its masks in other code)."""
    _, shape, kind = models[name]
    path = write(models, head, name, tmp_path)
    crashes = torch_crashes(path, shape, kind, train=False)
    assert torch_crashes(path, shape, kind, train=True) is crashes
    found = blockers(path, shape, capsys)
    assert bool(found) is crashes, (name, crashes, found)
    if crashes:
        assert any(loc.get("line") for f in found for loc in f.get("locations", [])), found


def check_both_sides(models: Models, head: str, tmp_path: Path) -> None:
    """A crashing model and a clean one per rule family (the names' first word)."""
    pytest.importorskip("torch")
    sides: dict[str, set[bool]] = {}
    for name, (_, shape, kind) in models.items():
        path = write(models, head, name, tmp_path)
        sides.setdefault(name.split("_")[0], set()).add(torch_crashes(path, shape, kind))
    assert all(v == {True, False} for v in sides.values()), sides


def check_silent_without_shape(
    models: Models, head: str, names: tuple[str, ...], tmp_path: Path, capsys
) -> None:
    """Without ``--input-shape`` the rules stay silent (nothing is known for certain)."""
    for name in names:
        path = write(models, head, name, tmp_path)
        main(["check", f"{path}::Net", "--format", "json"])
        data = json.loads(capsys.readouterr().out)
        assert not [f for f in data["findings"] if f["severity"] == "blocker"], name
