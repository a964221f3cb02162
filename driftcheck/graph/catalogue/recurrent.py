"""Recurrent layers: RNN, LSTM (with proj_size), GRU and their cells.

Weight names follow torch: ``weight_ih_l{k}[_reverse]``, ``weight_hh_l{k}``, ``bias_ih_l{k}``,
``bias_hh_l{k}`` and, for LSTM with proj_size > 0, ``weight_hr_l{k}``. Gate multipliers: RNN 1,
GRU 3, LSTM 4. MACs: per token, per layer and direction, the ih and hh matmuls (+ projection).
"""

from __future__ import annotations

from math import prod

from driftcheck.errors import ShapeError
from driftcheck.graph.catalogue._helpers import checked, ex, known
from driftcheck.graph.catalogue.spec import LayerSpec, P, expect_dim, fmt

_GATES = {"RNN": 1, "GRU": 3, "LSTM": 4}


def _rnn_params(kind: str) -> tuple[P, ...]:
    params = [
        P("input_size", dim=True, aliases=("input_dim", "in_features", "embed_dim")),
        P("hidden_size", dim=True, aliases=("hidden_dim", "units", "num_units")),
        P("num_layers", "int", 1, aliases=("n_layers",)),
    ]
    if kind == "RNN":
        params.append(P("nonlinearity", "str", "tanh"))
    params += [
        P("bias", "bool", True),
        P("batch_first", "bool", False),
        P("dropout", "float", 0.0),
        P("bidirectional", "bool", False),
    ]
    if kind == "LSTM":
        params.append(P("proj_size", "int", 0))
    return tuple(params)


def _out_size(p) -> int:
    return p.get("proj_size") or p["hidden_size"]


def _rnn_weights(kind: str):
    def rule(p):
        g, h = _GATES[kind] * p["hidden_size"], p["hidden_size"]
        real, dirs = _out_size(p), 2 if p["bidirectional"] else 1
        w = {}
        for layer in range(p["num_layers"]):
            in_size = p["input_size"] if layer == 0 else real * dirs
            for sfx in ("", "_reverse")[:dirs]:
                w[f"weight_ih_l{layer}{sfx}"] = (g, in_size)
                w[f"weight_hh_l{layer}{sfx}"] = (g, real)
                if p["bias"]:
                    w[f"bias_ih_l{layer}{sfx}"] = (g,)
                    w[f"bias_hh_l{layer}{sfx}"] = (g,)
                if p.get("proj_size"):
                    w[f"weight_hr_l{layer}{sfx}"] = (p["proj_size"], h)
        return w

    return rule


def _rnn_shape(kind: str):
    def rule(p, shapes):
        x = shapes[0]
        if len(x) not in (2, 3):
            raise ShapeError(f"{kind} expected 2-D (unbatched) or 3-D input, got shape {fmt(x)}")
        expect_dim(kind, x, -1, p["input_size"], "input_size")
        dirs = 2 if p["bidirectional"] else 1
        return (*x[:-1], dirs * _out_size(p))

    return rule


def _rnn_macs(kind: str):
    def rule(p, shapes, out):
        tokens = shapes[0][:-1]
        if not known(*tokens):
            return 0
        w = _rnn_weights(kind)(p)
        return prod(tokens) * sum(prod(s) for s in w.values() if len(s) == 2)

    return rule


def _rnn(kind: str) -> LayerSpec:
    examples = [
        ({"input_size": 8, "hidden_size": 16}, ((5, 2, 8),)),
        (
            {
                "input_size": 8,
                "hidden_size": 6,
                "num_layers": 2,
                "bidirectional": True,
                "batch_first": True,
            },
            ((2, 5, 8),),
        ),
        ({"input_size": 4, "hidden_size": 5, "bias": False}, ((3, 4),)),
    ]
    if kind == "LSTM":
        examples.append(
            (
                {
                    "input_size": 8,
                    "hidden_size": 12,
                    "proj_size": 4,
                    "num_layers": 2,
                    "bidirectional": True,
                },
                ((5, 2, 8),),
            )
        )
    if kind == "RNN":
        examples.append(({"input_size": 3, "hidden_size": 4, "nonlinearity": "relu"}, ((2, 1, 3),)))
    return LayerSpec(
        name=kind,
        family="recurrent",
        params=_rnn_params(kind),
        weights=_rnn_weights(kind),
        shape=_rnn_shape(kind),
        macs=_rnn_macs(kind),
        torch=f"torch.nn.{kind}",
        role="recurrent",
        aliases=(kind.lower(), f"nn.{kind}") + (("ElmanRNN", "SimpleRNN") if kind == "RNN" else ()),
        doc=f"Multi-layer {kind} over (L, N, input) (or batch_first / unbatched); output carries "
        "num_directions * (proj_size or hidden_size) features.",
        examples=ex(*examples),
        extra={"bad": ex(({"input_size": 8, "hidden_size": 16}, ((5, 2, 7),)))},
    )


def _cell_weights(kind: str):
    def rule(p):
        g = _GATES[kind] * p["hidden_size"]
        w = {"weight_ih": (g, p["input_size"]), "weight_hh": (g, p["hidden_size"])}
        if p["bias"]:
            w["bias_ih"] = (g,)
            w["bias_hh"] = (g,)
        return w

    return rule


def _cell_shape(name: str):
    def rule(p, shapes):
        x = shapes[0]
        if len(x) not in (1, 2):
            raise ShapeError(f"{name} expected 1-D or 2-D input, got shape {fmt(x)}")
        expect_dim(name, x, -1, p["input_size"], "input_size")
        return (*x[:-1], p["hidden_size"])

    return rule


def _cell(kind: str) -> LayerSpec:
    name = f"{kind}Cell"
    params = [
        P("input_size", dim=True, aliases=("input_dim",)),
        P("hidden_size", dim=True, aliases=("hidden_dim", "units")),
        P("bias", "bool", True),
    ]
    if kind == "RNN":
        params.append(P("nonlinearity", "str", "tanh"))
    return LayerSpec(
        name=name,
        family="recurrent",
        params=tuple(params),
        weights=_cell_weights(kind),
        shape=_cell_shape(name),
        macs=lambda p, s, o: (
            (prod(s[0][:-1]) if known(*s[0][:-1]) else 0)
            * sum(prod(v) for v in _cell_weights(kind)(p).values() if len(v) == 2)
        ),
        torch=f"torch.nn.{name}",
        role="recurrent",
        aliases=(f"{kind.lower()}_cell",),
        doc=f"One {kind} step: (N, input) -> (N, hidden) (LSTMCell also returns the cell state).",
        examples=ex(
            ({"input_size": 8, "hidden_size": 16}, ((3, 8),)),
            ({"input_size": 5, "hidden_size": 4, "bias": False}, ((5,),)),
        ),
        extra={"bad": ex(({"input_size": 8, "hidden_size": 16}, ((3, 9),)))},
    )


LAYERS = [_rnn(k) for k in ("RNN", "LSTM", "GRU")] + [_cell(k) for k in ("RNN", "LSTM", "GRU")]

LAYERS = checked(LAYERS)
