"""MagNet for link direction prediction, hyper-parameters from argparse defaults."""

import argparse

from torch_geometric_signed_directed.nn.directed import MagNet_link_prediction

parser = argparse.ArgumentParser()
parser.add_argument("--num_filter", type=int, default=24)
parser.add_argument("--q", type=float, default=0.2)
parser.add_argument("--K", type=int, default=3)
parser.add_argument("--layer", type=int, default=2)
parser.add_argument(
    "--task", choices=["existence", "direction", "three_class"], default="three_class"
)
args = parser.parse_args([])

model = MagNet_link_prediction(
    num_features=2,
    hidden=args.num_filter,
    q=args.q,
    K=args.K,
    label_dim=3 if args.task == "three_class" else 2,
    layer=args.layer,
    dropout=0.5,
)
