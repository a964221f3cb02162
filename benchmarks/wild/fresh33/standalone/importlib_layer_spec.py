"""Layers named by dotted paths ("torch.nn:Conv1d") resolved with importlib.import_module and getattr; positional args parsed from the spec."""

import importlib

SPEC = [
    "torch.nn:Conv1d:3:16:5",
    "torch.nn:BatchNorm1d:16",
    "torch.nn.modules.activation:SiLU",
    "torch.nn:Conv1d:16:32:3:2",
    "torch.nn:Flatten",
    "torch.nn:LazyLinear:8" if False else "torch.nn:Identity",
]


def build(line):
    module, cls, *args = line.split(":")
    return getattr(importlib.import_module(module), cls)(*map(int, args))


nn = importlib.import_module("torch.nn")
model = nn.Sequential(*[build(s) for s in SPEC])
