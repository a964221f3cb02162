"""argparse with BooleanOptionalAction (--no-bias), action="append" widths (the default list is appended to, not replaced) and nargs="+"."""

import argparse

from torch import nn

parser = argparse.ArgumentParser()
parser.add_argument("--bias", action=argparse.BooleanOptionalAction, default=True)
parser.add_argument("--norm", action=argparse.BooleanOptionalAction, default=False)
parser.add_argument("--width", action="append", type=int, default=[16])
parser.add_argument("--kernels", nargs="+", type=int, default=[3])
args = parser.parse_args(
    ["--no-bias", "--width", "24", "--width", "40", "--kernels", "5", "3", "--norm"]
)

layers = []
c = 4
for w, k in zip(args.width, args.kernels + [1]):
    layers.append(nn.Conv1d(c, w, k, bias=args.bias))
    if args.norm:
        layers.append(nn.BatchNorm1d(w))
    c = w
model = nn.Sequential(*layers)
