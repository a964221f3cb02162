import argparse

import numpy as np
from torchfm.model.xdfm import ExtremeDeepFactorizationMachineModel


def get_args(argv=None):
    p = argparse.ArgumentParser()
    p.add_argument("--embed-dim", type=int, default=12)
    p.add_argument("--mlp-dims", type=int, nargs="+", default=[64, 32])
    p.add_argument("--cross-layers", type=int, nargs="+", default=[16, 16, 8])
    p.add_argument("--dropout", type=float, default=0.1)
    return p.parse_args(argv)


args = get_args([])
field_dims = np.array([11, 40, 7, 120, 3, 9])
model = ExtremeDeepFactorizationMachineModel(
    field_dims,
    embed_dim=args.embed_dim,
    mlp_dims=tuple(args.mlp_dims),
    dropout=args.dropout,
    cross_layer_sizes=tuple(args.cross_layers),
    split_half=True,
)
