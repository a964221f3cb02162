"""Session 39 review (review39): clean models on which the merged session code gave false
blockers, each checked against torch (CPU forward, seeded, eval, no grad): driftcheck gives a
blocker exactly when torch raises.

- H1 (``forward/dataflow_fix39a.py``): a plain object built in forward whose attribute the code
  changes through ``__dict__``, ``__setattr__``, ``vars``, ``del`` or a base's ``__init__``
  reached through ``super()`` kept the old value (``manual_seed(2.5)`` read where torch seeds 3,
  a reshape by a stale head count);
- H2: an optimizer reached through ``getattr(net, "opt")`` / a helper read as a second optimizer
  (``ChainedScheduler`` "different optimizers");
- the lead's KV-cache find (``self.n += k`` in a method kept 0) is in tests/test_crash39a.py.
"""

from __future__ import annotations

import json
import re
import runpy
from pathlib import Path

import pytest

from driftcheck.cli import main

PROBES = Path(__file__).parent / "review39_probes"


def _shape(src: str) -> tuple[int, ...]:
    m = re.search(r"# SHAPE (\S+)", src)
    return tuple(int(v) for v in m.group(1).split(",")) if m else (4, 8)


def _torch_raises(path: Path, shape: tuple[int, ...]) -> bool:
    torch = pytest.importorskip("torch")
    torch.manual_seed(0)
    try:
        net = runpy.run_path(str(path), run_name="__probe__")["Net"]()
        net.eval()
        with torch.no_grad():
            net(torch.randn(shape))
    except Exception:  # noqa: BLE001 - torch's verdict: it raised
        return True
    return False


@pytest.mark.parametrize("name", sorted(p.name for p in PROBES.glob("*.py")))
def test_blocker_iff_torch_raises(name, capsys):
    path = PROBES / name
    shape = _shape(path.read_text())
    raises = _torch_raises(path, shape)
    rc = main(
        ["check", f"{path}::Net", "--input-shape", ",".join(map(str, shape)), "--format", "json"]
    )
    data = json.loads(capsys.readouterr().out)
    found = [f for f in data.get("findings", []) if f.get("severity") == "blocker"]
    assert (rc == 1) is bool(found)
    assert bool(found) is raises, (name, raises, found)
