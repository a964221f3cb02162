"""timm: a train.py-style Namespace picking the architecture (fresh batch, benchmarks/wild/fresh)."""

import argparse

import timm

parser = argparse.ArgumentParser(description="train")
parser.add_argument("--model", default="efficientformerv2_s0")
parser.add_argument("--num-classes", type=int, default=5)
parser.add_argument("--drop-path", type=float, default=0.05)
parser.add_argument("--in-chans", type=int, default=3)
args = parser.parse_args([])

model = timm.create_model(
    args.model,
    pretrained=False,
    num_classes=args.num_classes,
    drop_path_rate=args.drop_path,
    in_chans=args.in_chans,
)
