"""``torch.pow(base, exponent)`` in ``forward``: a rotary embedding's frequencies.

``base ** tensor`` is kept as a RoPE base the code holds (``Runner.power_base``, read by
``output/value_uses.py``); the same frequencies written ``torch.pow(base, -torch.arange(0, d,
2).float() / d)`` (fresh36's gpt_neox_japanese_ini: the base read from an INI file, held by no
module) were not, so a planted base had no finding. The same reading for the call: a plain
number > 1 raised to a tensor, as the operator's."""

from __future__ import annotations

import ast
from typing import Any

from driftcheck.parsers.source.values.dataflow_values import Tens


def torch_pow_base(run: Any, args: list, kwargs: dict, fr: Any, at: Any) -> None:
    base = args[0] if args else kwargs.get("input", kwargs.get("self"))
    exp = args[1] if len(args) > 1 else kwargs.get("exponent")
    if base is None or exp is None or isinstance(base, Tens) or not isinstance(exp, Tens):
        return
    run.power_base(base, exp, fr, at)
    if isinstance(at, ast.Call):
        node = at.args[1] if len(at.args) > 1 else None
        if node is None:
            node = next((k.value for k in at.keywords if k.arg == "exponent"), None)
        if node is not None and not isinstance(node, ast.Starred):
            path, line = fr.loc(at)
            func = fr.func
            owner = getattr(func, "owner", None)
            name = getattr(func, "name", None) or "<module>"
            via = f"{owner.name}.{name}" if owner is not None else name
            run.arange_rotary_dim(node, fr, (path, line, None), via)
