"""An MLP regressor with LoRA layers, sized by argparse defaults (fan_in_fan_out weights)."""

import argparse

import loralib as lora
import torch.nn as nn

parser = argparse.ArgumentParser()
parser.add_argument("--in-dim", type=int, default=20)
parser.add_argument("--hidden", type=int, nargs="+", default=[128, 64])
parser.add_argument("--lora-r", type=int, default=8)
parser.add_argument("--lora-alpha", type=int, default=16)
parser.add_argument("--out-dim", type=int, default=1)
args = parser.parse_args([])


def build(args):
    dims = [args.in_dim, *args.hidden]
    layers = []
    for d_in, d_out in zip(dims[:-1], dims[1:]):
        layers.append(
            lora.Linear(d_in, d_out, r=args.lora_r, lora_alpha=args.lora_alpha, fan_in_fan_out=True)
        )
        layers.append(nn.SiLU())
    layers.append(nn.Linear(dims[-1], args.out_dim))
    return nn.Sequential(*layers)


model = build(args)
