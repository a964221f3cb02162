"""res_mlp_pytorch: a training script's argparse defaults (fresh batch, benchmarks/wild/fresh)."""

import argparse

from res_mlp_pytorch import ResMLP


def get_args(argv=None):
    p = argparse.ArgumentParser()
    p.add_argument("--image-size", type=int, default=32)
    p.add_argument("--patch-size", type=int, default=4)
    p.add_argument("--dim", type=int, default=96)
    p.add_argument("--depth", type=int, default=4)
    p.add_argument("--num-classes", type=int, default=10)
    return p.parse_args([] if argv is None else argv)


args = get_args()
model = ResMLP(
    image_size=args.image_size,
    patch_size=args.patch_size,
    dim=args.dim,
    depth=args.depth,
    num_classes=args.num_classes,
)
