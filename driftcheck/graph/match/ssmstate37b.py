"""A selective state-space layer's state size, read off its layers (Mamba's ``state_size``).

Mamba's mixer projects its inner stream ``D`` to ``dt_rank + 2 * N`` (``x_proj``: the step
size's rank, then the input and output matrices ``B`` and ``C`` of ``N`` each), projects the
step back from ``dt_rank`` to ``D`` (``dt_proj``), and holds ``A`` as a ``[D, N]`` parameter
(``A_log``). A changed ``N`` changes all three, and the forward's cuts of ``x_proj``'s output
(``split([dt_rank, N, N])``) too: without the fact they were reported one by one, a shape and
two ``narrow`` findings for one change (reimplfix37b: fresh34's ``mamba_csv_rows__stateSize``,
fresh7's ``falcon_mamba_global_args__stateSize``). Read where the three agree, in the model's
repeated block: linears ``D -> r + 2N`` and ``r -> D`` and a ``[D, N]`` parameter, one ``N``.
Nothing is read from names.
"""

from __future__ import annotations

from typing import Any

from driftcheck.graph.catalogue import get as spec_of
from driftcheck.graph.match.canon import Item, leaf_weights, walk

ATTRIBUTE = "model.ssmStateSize"


def ssm_state(main: Item | None) -> tuple[int, Item] | None:
    """(N, the ``[D, N]`` parameter's item) of the block ``main``; None where not one ``N``."""
    if main is None or not main.children:
        return None
    linears: list[tuple[int, int]] = []
    params: list[Item] = []
    for it in walk(main.children):
        if it.is_block:
            continue
        if it.ltype == "Parameter":
            params.append(it)
            continue
        spec = spec_of(it.ltype)
        if spec is None or spec.role != "linear":
            continue
        shape = (leaf_weights(it.ltype, it.params) or {}).get("weight")
        if not shape or len(shape) != 2 or not all(type(x) is int for x in shape):
            continue
        rows, cols = shape if it.ltype != "Conv1D" else shape[::-1]
        linears.append((cols, rows))  # (in, out)
    found: set[int] = set()
    where: Item | None = None
    for it in params:
        shape = it.params.get("shape")
        if not isinstance(shape, (list, tuple)) or len(shape) != 2:
            continue
        d, n = shape
        if type(d) is not int or type(n) is not int or n <= 0 or d <= n:
            continue
        ranks = {i for i, o in linears if o == d and i < d}  # r -> D (the step's projection)
        if any(i == d and o > r and o == r + 2 * n for i, o in linears for r in ranks):
            found.add(n)
            where = it
    if len(found) != 1 or where is None:
        return None
    return found.pop(), where


def add_ssm_state(main: Item | None, out: dict[str, Any], derived: Any) -> None:
    """``out["ssmStateSize"]`` (a ``derive.Derived`` built by ``derived``) where read."""
    got = ssm_state(main)
    if got is None or "ssmStateSize" in out:
        return
    n, it = got
    loc = it.node.param_locs.get("shape") or it.node.loc
    out["ssmStateSize"] = derived(n, ATTRIBUTE, loc, it.node.id)
