"""Session 36 (torchchecks36b): torch's argument checks (``driftcheck/data/torch_checks.json``,
``forward/dataflow_torchchecks.py``) applied to the calls the source interpreter runs while the
model (or the script around it) is set up: ``nn.MultiheadAttention(10, 3)`` in ``__init__``,
``torch.optim.SGD(params, lr=-1)``, ``StepLR(opt, step_size=0)``...

Judged only where the call is certain to run and torch's error certain to escape:

- the call is in a file under analysis (not an installed library: our reading of a library's
  code may be what is wrong), not under a condition the interpreter could not decide
  (``Interp.uncertain``), not inside ``try`` / ``contextlib.suppress`` (a handler may take it);
- the call binds as Python binds it (no ``*`` / ``**`` spread, no unknown keyword, no missing
  required argument) and the values the failing check reads are known exactly (plain numbers,
  strings, bools, None, literal lists / tuples of them); anything else gives no verdict.

The crash is recorded as the construction failures of the user's own code are
(``importcheck.ConstructionRaise``: an ``Unknown`` node noted ``construction raises <Exc>:
<torch's message>``, the verifier's IMP004 blocker) with the call's file:line. Interpretation
goes on (the failure node already makes the count unknown).

Switch: ``DRIFTCHECK_NO_TORCH_CHECKS=1`` (the forward table's switch), read once per
interpreter.
"""

from __future__ import annotations

import ast
import os
from pathlib import Path
from typing import Any

from driftcheck.parsers.source.values.abstract import Leaf, Sourced, plain


def _raw(v: Any) -> Any:
    """``v`` without its ``Sourced`` wrappers (the probes among them already read through
    ``plain`` by ``judge``)."""
    while isinstance(v, Sourced):
        v = v.value
    if v.__class__ in (list, tuple) and any(isinstance(x, Sourced) for x in v):
        items = [_raw(x) for x in v]
        return items if v.__class__ is list else tuple(items)
    return v


def _off(ip: Any) -> bool:
    got = ip.__dict__.get("_torchchecks_off")
    if got is None:
        got = os.environ.get("DRIFTCHECK_NO_TORCH_CHECKS") == "1"
        ip.__dict__["_torchchecks_off"] = got
    return got


def judge(ip: Any, f: Any, e: ast.Call, args: list, kwargs: dict, path: Any) -> Any:
    """Record torch's error for the call ``e`` of ``f`` (an ``Ext``) when it is certain (and
    return it, for ``place``); None otherwise."""
    from driftcheck.parsers.source.forward import dataflow_torchchecks as tc

    got = tc.entry_of(f.qual)
    if got is None or _off(ip):
        return None
    if ip.uncertain or ip.tries or ip.stmts.suppressing > 0:
        return None
    if "**" in kwargs:
        return None
    from driftcheck.parsers.source.loader import installed

    try:
        if path is None or installed(Path(path)):
            return None
    except (OSError, ValueError):
        return None
    for v in (*args, *kwargs.values()):
        # the verdict reads these values, crash or not: a memo's recording that holds one as a
        # probe ends (its replay for other values would skip the check: speed on and off alike)
        plain(v)
    env = tc.bind(got[1], e, [_raw(a) for a in args], {k: _raw(v) for k, v in kwargs.items()})
    if env is None:
        return None
    err = tc.verdict(got[1], env)
    if err is None:
        return None
    exc, _, msg = err.partition(": ")
    from driftcheck.parsers.source.importcheck import ConstructionRaise

    name = f.qual.rsplit(".", 1)[-1]
    text = f"{name}(...) raises in torch: {msg}"
    raised = ConstructionRaise(exc, text, str(path), e.lineno, "construction")
    ip.failures.append(raised)
    return raised


def place(raised: Any, out: Any) -> None:
    """Session 37 (torchchecks37): the failure also noted on the catalogue layer the call built
    (``nn.MultiheadAttention(10, 3)`` is still a ``Leaf``): that node then carries it in the
    graph (``analyze.add_failures`` adds no ``Unknown`` node for a failure a node already
    carries), and IMP004 does not report it where a catalogue check (ATT001, LAY001...)
    already claimed the node: one defect, one finding. A call that built no layer (an
    optimizer, a scheduler, a functional call) keeps its ``Unknown`` node."""
    if isinstance(out, Leaf):
        note = raised.note()
        if note not in out.notes:
            out.notes.append(note)
