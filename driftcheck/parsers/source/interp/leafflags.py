"""A parameter written on a catalogue layer that was built without it, read as the layer's flags.

``nn.LayerNorm(32, elementwise_affine=False)`` then ``ln.weight = nn.Parameter(torch.ones(32))``
(an init hook's surgery): torch registers the new weight and counts it. The catalogue counts a
layer's weights from its constructor flags, so the layer torch now holds is the one whose flags
make exactly the old weights plus the new one: ``elementwise_affine=True, bias=False``. The
search is over the layer's boolean flags only (at most ``MAX_FLAGS`` of them, so at most
``2 ** MAX_FLAGS`` bindings) and must find weights equal to the wanted ones, shapes included;
no such flags (a parameter the layer never holds, a shape it would not make) leaves the caller's
honest unknown in place. The same holds for a weight replaced by one of another shape that the
flags alone cannot make."""

from __future__ import annotations

from itertools import product
from typing import Any

from driftcheck.graph import catalogue
from driftcheck.parsers.source.values.abstract import Leaf, plain

MAX_FLAGS = 4


def _weights(spec: Any, params: dict[str, Any]) -> dict[str, tuple] | None:
    try:
        got = spec.weights(spec.bind(params))
    except Exception:  # noqa: BLE001 - flags this layer cannot bind: not a candidate
        return None
    return {k: tuple(plain(d) for d in s) for k, s in got.items()}


def flags_holding(leaf: Leaf, name: str, shape: tuple) -> dict[str, Any] | None:
    """The leaf's params with boolean flags set so that its weights are its current ones plus
    ``name`` of ``shape`` (replacing one of that name); None when no flags make exactly that."""
    spec = catalogue.get(leaf.type)
    if spec is None or leaf.unresolved:
        return None
    now = _weights(spec, dict(leaf.params))
    if now is None:
        return None
    want = {**now, name: tuple(shape)}
    flags = [p for p in spec.params if p.kind == "bool"]
    if not flags or len(flags) > MAX_FLAGS:
        return None
    canon = {a: p.name for p in spec.params for a in (p.name, *p.aliases)}
    base = {k: v for k, v in leaf.params.items() if canon.get(k) not in {p.name for p in flags}}
    bound = spec.bind(dict(leaf.params))
    best: tuple[int, dict[str, Any]] | None = None
    for values in product((False, True), repeat=len(flags)):
        assign = {p.name: v for p, v in zip(flags, values)}
        got = _weights(spec, {**base, **assign})
        if got != want:
            continue
        changed = sum(bound.get(k) != v for k, v in assign.items())
        if best is None or changed < best[0]:
            best = (changed, {**base, **assign})
    return best[1] if best is not None else None
