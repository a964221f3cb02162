"""Forward crashes on real sizes (``check --input-shape``), session 19: the shape conditions
torch's functional losses check between their input and target. Each is torch's own error
condition on shapes the pass knows for certain; an unknown shape gives no crash:

- ``F.mse_loss`` / ``l1_loss`` / ``smooth_l1_loss`` / ``huber_loss`` / ``soft_margin_loss``
  / ``kl_div`` and ``F.pairwise_distance(x1, x2)``: input and target are broadcast together
  (torch only warns when the sizes differ, and raises when they do not broadcast);
- ``F.binary_cross_entropy`` / ``binary_cross_entropy_with_logits``: the target's size must
  equal the input's (a ValueError, broadcasting is not allowed);
- ``F.cross_entropy`` / ``nll_loss(input, target, weight)`` (and ``nn.CrossEntropyLoss(weight=
  w)``, whose forward torch's own source calls them with): one weight per class, the number
  of items of ``w`` equal to the class axis (axis 1, or axis 0 of a 1-D input); class-index
  targets whose values are known (``dataflow_known``) in ``[0, C)`` or ``ignore_index``;
- ``F.ctc_loss``: known input lengths at most the frames of ``log_probs``, known target
  lengths at most the width of padded 2-D targets.
"""

from __future__ import annotations

from typing import Any

from driftcheck.parsers.source.forward.dataflow_common import arg, broadcast, numel
from driftcheck.parsers.source.values.dataflow_values import Tens, is_int, known_shape

_shape = known_shape

# functional losses (and distances) whose two tensors torch broadcasts: name -> the second
# tensor's parameter name
_BROADCAST = {
    "mse_loss": "target",
    "l1_loss": "target",
    "smooth_l1_loss": "target",
    "huber_loss": "target",
    "soft_margin_loss": "target",
    "kl_div": "target",
    "pairwise_distance": "x2",
}
# functional losses whose target must have the input's size exactly
_SAME_SIZE = {"binary_cross_entropy", "binary_cross_entropy_with_logits"}


def method(f: Any, t: Tens, name: str, args: list, kwargs: dict, loc: Any) -> Any:
    """``F.<loss>(input, target)`` on real sizes: an unknown tensor after a crash, else None
    (the caller goes on)."""
    if name in ("cross_entropy", "nll_loss"):
        from driftcheck.parsers.source.forward import dataflow_fix28

        err = dataflow_fix28.class_target_error(f, name, t, arg(args, kwargs, 0, "target"))
        if err is not None:
            f.crash(loc, err)  # the target's shape or dtype (session 28)
            return Tens(None)
        got = _class_weight(f, _shape(t), _shape(arg(args, kwargs, 1, "weight")), loc)
        if got is None:
            got = _class_targets(f, _shape(t), args, kwargs, loc)
        return got
    if name == "ctc_loss":
        got = _ctc_lengths(f, _shape(t), args, kwargs, loc)
        if got is None:
            from driftcheck.parsers.source.forward import dataflow_fix28

            got = dataflow_fix28.ctc(f, _shape(t), args, kwargs, loc)  # counts, result shape
        return got
    if name not in _BROADCAST and name not in _SAME_SIZE:
        return None
    ts = _shape(t)
    os_ = _shape(arg(args, kwargs, 0, _BROADCAST.get(name, "target")))
    if ts is not None and os_ is None and name in _SAME_SIZE:
        return _bce_weights(f, ts, name, kwargs, loc)
    if ts is None or os_ is None:
        return None
    if name in _SAME_SIZE:
        got = _bce_weights(f, ts, name, kwargs, loc)
        if got is not None:
            return got
        if tuple(ts) != tuple(os_):
            f.crash(
                loc,
                f"{name}: Target size ({list(os_)}) must be the same as input size ({list(ts)})",
            )
            return Tens(None)
        return None
    if broadcast(tuple(ts), tuple(os_)) is None:
        f.crash(
            loc,
            f"{name}: the input {list(ts)} and the target {list(os_)} do not broadcast",
        )
        return Tens(None)
    return None


def _bce_weights(f: Any, ts: tuple, name: str, given: dict, loc: Any) -> Any:
    """``F.binary_cross_entropy(_with_logits)(x, y, weight=w, pos_weight=p)``: torch computes
    the loss into a tensor of the input's shape, so ``w`` and ``p`` must broadcast *to* it
    (``(6, 1)`` against ``(4, 6)`` does not broadcast; ``(3, 4, 6)`` broadcasts past it: both
    raise, measured on torch 2.13)."""
    for key in ("weight", "pos_weight"):
        ws = _shape(given.get(key))
        if ws is None or (key == "pos_weight" and name != "binary_cross_entropy_with_logits"):
            continue
        if broadcast(tuple(ws), tuple(ts)) != tuple(ts):
            f.crash(
                loc,
                f"{name}: {key} of shape {list(ws)} does not broadcast to the input's shape "
                f"{list(ts)}",
            )
            return Tens(None)
    return None


def module_bce(f: Any, obj: Any, x: Any, loc: Any) -> None:
    """``nn.BCEWithLogitsLoss(pos_weight=p)`` / ``nn.BCELoss(weight=w)`` called: their
    buffers go to the functional (``_bce_weights``)."""
    ts = _shape(x)
    if ts is None:
        return
    bufs = getattr(obj, "buffers", {}) or {}
    given = {}
    for key in ("weight", "pos_weight"):
        ws = getattr(bufs.get(key), "shape", None)
        if isinstance(ws, tuple) and all(is_int(d) for d in ws):
            given[key] = Tens(None, ws)
    _bce_weights(f, ts, BCE[obj.qual], given, loc)


def _class_weight(f: Any, ts: tuple | None, ws: tuple | None, loc: Any) -> Any:
    """torch's ``weight.numel() == n_classes`` check (any shape with that many items)."""
    if ts is None or ws is None or not ts:
        return None
    classes = ts[1] if len(ts) >= 2 else ts[0]
    if numel(tuple(ws)) != classes:
        f.crash(
            loc,
            f"weight tensor should be defined either for all {classes} classes or no classes "
            f"but got weight tensor of shape: {list(ws)}",
        )
        return Tens(None)
    return None


def _class_targets(f: Any, ts: tuple | None, args: list, kwargs: dict, loc: Any) -> Any:
    """Class-index targets whose values the pass knows (``torch.arange(B) * step``): each
    must lie in ``[0, C)`` or be ``ignore_index`` (torch's ``Target 6 is out of bounds.``).
    A target of the input's own shape is the class-probabilities form: not judged."""
    from driftcheck.parsers.source.forward import dataflow_known

    target = arg(args, kwargs, 0, "target")
    ignore = arg(args, kwargs, 3, "ignore_index", -100)
    vals = dataflow_known.array(f, target) if isinstance(target, Tens) else None
    if ts is None or not ts or vals is None or vals.dtype.kind != "i" or not is_int(ignore):
        return None
    if tuple(vals.shape) == tuple(ts):
        return None
    classes = ts[1] if len(ts) >= 2 else ts[0]
    bad = vals[((vals < 0) | (vals >= classes)) & (vals != ignore)]
    if bad.size:
        f.crash(loc, f"Target {int(bad.flat[0])} is out of bounds (classes: {classes}).")
        return Tens(None)
    return None


def _int_values(f: Any, v: Any) -> list[int] | None:
    """The ints of a lengths argument: a tensor whose values the pass knows, a list or
    tuple of ints, or one int; None when any is not known."""
    from driftcheck.parsers.source.forward import dataflow_known

    if isinstance(v, Tens):
        a = dataflow_known.array(f, v)
        return [int(x) for x in a.flat] if a is not None and a.dtype.kind == "i" else None
    if is_int(v):
        return [v]
    if isinstance(v, (list, tuple)) and all(is_int(x) for x in v):
        return list(v)
    return None


def _ctc_lengths(f: Any, ts: tuple | None, args: list, kwargs: dict, loc: Any) -> Any:
    """``F.ctc_loss(log_probs, targets, input_lengths, target_lengths)``: each input length
    at most the ``T`` of ``log_probs`` (``(T, B, C)`` or ``(T, C)``); with padded 2-D targets
    each target length at most their width (torch's argument checks)."""
    if ts is None or len(ts) not in (2, 3):
        return None
    ins = _int_values(f, arg(args, kwargs, 1, "input_lengths"))
    if ins and max(ins) > ts[0]:
        f.crash(
            loc,
            f"ctc_loss: Expected input_lengths to have value at most {ts[0]}, but got value "
            f"{max(ins)}",
        )
        return Tens(None)
    gs = _shape(arg(args, kwargs, 0, "targets"))
    outs = _int_values(f, arg(args, kwargs, 2, "target_lengths"))
    if gs is not None and len(gs) == 2 and len(ts) == 3 and outs and max(outs) > gs[1]:
        f.crash(
            loc,
            f"ctc_loss: Expected tensor to have size at least {max(outs)} at dimension 1, but "
            f"got size {gs[1]} for argument #2 'targets'",
        )
        return Tens(None)
    return None


# torch's loss modules that keep a per-class ``weight`` buffer and pass it to the functional
WEIGHTED = {"torch.nn.CrossEntropyLoss", "torch.nn.NLLLoss", "torch.nn.NLLLoss2d"}
# torch's binary losses: the functional each module's forward calls with its buffers
BCE = {
    "torch.nn.BCEWithLogitsLoss": "binary_cross_entropy_with_logits",
    "torch.nn.BCELoss": "binary_cross_entropy",
}


def module_weight(f: Any, obj: Any, x: Any, loc: Any) -> None:
    """``nn.CrossEntropyLoss(weight=w)(logits, target)``: the module is interpreted from
    torch's source, its ``weight`` buffer (shape known from ``__init__``) goes to
    ``F.cross_entropy``; the check is ``_class_weight``'s."""
    w = getattr(obj, "buffers", {}).get("weight")
    ws = getattr(w, "shape", None)
    if not isinstance(ws, tuple) or not all(isinstance(d, int) for d in ws):
        return
    _class_weight(f, _shape(x), ws, loc)
