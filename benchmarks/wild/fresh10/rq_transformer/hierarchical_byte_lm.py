import argparse

from rq_transformer import HierarchicalCausalTransformer

parser = argparse.ArgumentParser()
parser.add_argument("--dim", type=int, default=192)
parser.add_argument("--depth", type=int, nargs=2, default=[3, 2])
parser.add_argument("--seq-len", type=int, nargs=2, default=[128, 4])
args = parser.parse_args([])

# byte-level LM: a coarse transformer over groups of 4 bytes, a fine one inside each group
model = HierarchicalCausalTransformer(
    num_tokens=256,
    dim=args.dim,
    depth=tuple(args.depth),
    max_seq_len=tuple(args.seq_len),
    dim_head=32,
    heads=6,
    rel_pos_bias=True,
)
