import argparse

from token_shift_gpt import TokenShiftGPT
from token_shift_gpt.autoregressive_wrapper import AutoregressiveWrapper

parser = argparse.ArgumentParser()
parser.add_argument("--vocab", type=int, default=8192)
parser.add_argument("--dim", type=int, default=256)
parser.add_argument("--seq-len", type=int, default=300)
parser.add_argument("--depth", type=int, default=8)
parser.add_argument("--ff-mult", type=int, default=2)
args = parser.parse_args([])

model = AutoregressiveWrapper(
    TokenShiftGPT(
        num_tokens=args.vocab,
        dim=args.dim,
        max_seq_len=args.seq_len,
        depth=args.depth,
        ff_mult=args.ff_mult,
    )
)
