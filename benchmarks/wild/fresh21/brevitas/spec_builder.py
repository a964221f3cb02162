"""Quantized MLP built from a list-of-dicts spec, the way sweep scripts keep layer tables."""

import json

import brevitas.nn as qnn
import torch.nn as nn

SPEC = json.loads(
    """
    {"in": 24, "layers": [
        {"kind": "linear", "out": 64, "bits": 6},
        {"kind": "act", "bits": 4},
        {"kind": "linear", "out": 48, "bits": 4, "bias": false},
        {"kind": "bn"},
        {"kind": "act", "bits": 3},
        {"kind": "linear", "out": 5, "bits": 8}
    ]}
    """
)


def build(spec):
    layers = []
    width = spec["in"]
    for entry in spec["layers"]:
        kind = entry["kind"]
        if kind == "linear":
            layers.append(
                qnn.QuantLinear(
                    width,
                    entry["out"],
                    bias=entry.get("bias", True),
                    weight_bit_width=entry["bits"],
                )
            )
            width = entry["out"]
        elif kind == "bn":
            layers.append(nn.BatchNorm1d(width))
        elif kind == "act":
            layers.append(qnn.QuantReLU(bit_width=entry["bits"]))
    return nn.Sequential(*layers)


model = build(SPEC)
