"""Config from argparse: parser.set_defaults beats add_argument defaults; parse_known_args keeps unknown flags apart."""

import argparse

import torch.nn as nn

parser = argparse.ArgumentParser()
parser.add_argument("--dim", type=int, default=32)
parser.add_argument("--depth", type=int, default=2)
parser.add_argument("--widths", type=int, nargs="+", default=[16])
parser.add_argument("--no_bias", action="store_true")
parser.set_defaults(depth=4)  # overrides the add_argument default

args, unknown = parser.parse_known_args(["--widths", "24", "40", "--dropout", "0.3", "--no_bias"])
override = argparse.Namespace(dim=48)
merged = argparse.Namespace(**{**vars(args), **vars(override)})

layers = [nn.Linear(merged.dim, merged.widths[0], bias=not merged.no_bias)]
for a, b in zip(merged.widths, merged.widths[1:]):
    layers.append(nn.Linear(a, b, bias=not merged.no_bias))
for _ in range(merged.depth):
    layers.append(nn.Linear(merged.widths[-1], merged.widths[-1]))
# one extra head per unknown flag that was passed through
layers += [nn.Linear(merged.widths[-1], 1) for _ in unknown[::2]]
model = nn.Sequential(*layers)
