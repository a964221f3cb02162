import argparse

from perceiver_ar_pytorch import PerceiverAR

parser = argparse.ArgumentParser()
parser.add_argument("--vocab", type=int, default=256)
parser.add_argument("--dim", type=int, default=192)
parser.add_argument("--depth", type=int, default=3)
parser.add_argument("--seq-len", type=int, default=512)
parser.add_argument("--prefix-len", type=int, default=384)
parser.add_argument("--perceive-depth", type=int, default=2)
args = parser.parse_args([])

model = PerceiverAR(
    num_tokens=args.vocab,
    dim=args.dim,
    depth=args.depth,
    max_seq_len=args.seq_len,
    cross_attn_seq_len=args.prefix_len,
    perceive_depth=args.perceive_depth,
    ff_mult=2,
)
