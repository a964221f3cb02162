"""A coupling neural spline flow for a 15-parameter posterior, sizes from argparse defaults."""

import argparse

from glasflow.flows import CouplingNSF

p = argparse.ArgumentParser()
p.add_argument("--n-inputs", type=int, default=15)
p.add_argument("--n-transforms", type=int, default=4)
p.add_argument("--n-neurons", type=int, default=128)
p.add_argument("--num-bins", type=int, default=8)
a = p.parse_args([])

model = CouplingNSF(
    n_inputs=a.n_inputs,
    n_transforms=a.n_transforms,
    n_neurons=a.n_neurons,
    n_blocks_per_transform=2,
    num_bins=a.num_bins,
)
