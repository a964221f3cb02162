"""A KAN with multiplication nodes ([sum, mult] widths) from argparse defaults."""

import argparse

from kan import KAN

ap = argparse.ArgumentParser()
ap.add_argument("--grid", type=int, default=7)
ap.add_argument("--order", type=int, default=3)
ap.add_argument("--hidden", type=int, default=4)
ap.add_argument("--mult", type=int, default=2)
args = ap.parse_args([])

model = KAN(
    width=[3, [args.hidden, args.mult], 1],
    grid=args.grid,
    k=args.order,
    mult_arity=2,
    seed=1,
    auto_save=False,
    symbolic_enabled=False,
)
